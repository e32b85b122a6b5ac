import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin, createTestUser } from './api.ts';
import {
  cerrarPagina,
  hasHorizontalScroll,
  iniciarSesion,
  transicionesTerminadas,
  useBrowser,
} from './browser.ts';
import { gridRow as row } from './grid.ts';

/**
 * The header bell (issue 17): a value out of its variable's range, written through the API, opens
 * an alarm whose notification reaches the bell live (no reload); the list shows the value and the
 * limit; acknowledging it with a comment from the bell shows it Reconocida in the alarm history.
 */

const ayer = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * The bell's unread count, read from its accessible name (by CSS: while the list is open the
 * header is hidden from the accessibility tree, as behind any modal).
 */
async function cuenta(page: Page): Promise<number> {
  const name = await page.locator('header button[aria-label^="Notificaciones ("]').getAttribute('aria-label');
  return Number(/^Notificaciones \((\d+) sin leer\)$/.exec(name ?? '')?.[1] ?? Number.NaN);
}

describe('la campana de notificaciones', () => {
  const { newPage } = useBrowser();

  it('counts a new alarm live, shows value and limit, and acknowledges it with a comment', async () => {
    // A user of their own (admin, for the history screen), the only recipient of the rule: other
    // suites' alarms never change this bell.
    const usuario = await createTestUser('campana', 'admin');
    const token = await apiLogin();
    const sufijo = Date.now().toString(36);
    const nombre = `Presión campana ${sufijo}`;
    const area = `e2e-campana-${sufijo}`;
    const { createVariable } = await api<{ createVariable: { id: string } }>(
      `mutation($i: CreateVariableInput!) { createVariable(input: $i) { id } }`,
      {
        i: {
          nombre,
          nivel: 'GLOBAL',
          area,
          unidad: 'bar',
          decimales: 1,
          agregacion: 'PROMEDIO',
          minimo: 2,
          maximo: 6,
        },
      },
      token,
    );
    await api(
      `mutation($i: ReglaNotificacionInput!) { crearReglaNotificacion(input: $i) { id } }`,
      {
        i: {
          nombre: `Regla campana ${sufijo}`,
          fuente: 'DIARIO',
          variable_id: createVariable.id,
          condicion: 'FUERA_DE_RANGO',
          severidad: 'CRITICA',
          roles_destino: [],
          usuarios_destino: [usuario.id],
          canal_app: true,
          canal_email: false,
          activa: true,
        },
      },
      token,
    );

    const page = await newPage(1440);
    await iniciarSesion(page, usuario.username, usuario.password);
    await page.goto('/menu');
    await expect.poll(() => cuenta(page)).toBe(0);

    // The value leaves the range: the count rises without a reload.
    const url = page.url();
    await api(
      `mutation($i: CreateHistoricoInput!) { createHistorico(input: $i) { id } }`,
      { i: { variable_id: createVariable.id, fecha: ayer(), diario: 7.5 } },
      token,
    );
    await expect.poll(() => cuenta(page), { timeout: 20_000 }).toBe(1);
    expect(page.url()).toBe(url);

    await page.getByRole('button', { name: 'Notificaciones (1 sin leer)' }).click();
    const panel = page.getByRole('dialog', { name: 'Notificaciones' });
    const item = panel.getByRole('listitem').filter({ hasText: nombre });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    const texto = await item.textContent();
    expect(texto).toContain('Crítica');
    expect(texto).toContain('Valor 7.5 bar');
    expect(texto).toContain('Límite 6 bar');
    expect(texto).toContain('Activa');

    // Acknowledge from the bell: the comment is required.
    await item.getByRole('button', { name: 'Reconocer' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Reconocer alarma' });
    await dialogo.getByRole('button', { name: 'Reconocer' }).click();
    await expect.poll(() => dialogo.getByText('El comentario es obligatorio').isVisible()).toBe(true);
    await dialogo.getByLabel('Comentario').fill('Se ajustó la válvula de alivio');
    await dialogo.getByRole('button', { name: 'Reconocer' }).click();
    await expect.poll(() => page.getByText('Alarma reconocida').isVisible()).toBe(true);
    await expect.poll(() => item.textContent()).toContain('Reconocida');
    expect(await item.getByRole('button', { name: 'Reconocer' }).count()).toBe(0);

    // Marked as read: the count goes back to 0, live.
    await item.getByRole('button', { name: 'Marcar como leída' }).click();
    await expect.poll(() => cuenta(page), { timeout: 10_000 }).toBe(0);

    // Its link closes the list and opens the screen and day where it happened.
    const enlace = await item.getByRole('link', { name: 'Ver en la pantalla' }).getAttribute('href');
    expect(enlace).toMatch(/^\//);
    await item.getByRole('link', { name: 'Ver en la pantalla' }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(enlace);
    await expect.poll(() => panel.isVisible()).toBe(false);

    // The history shows who acknowledged it, when and why.
    await page.goto('/configuracion/notificaciones?tab=historial');
    await page.getByRole('combobox', { name: 'Área' }).fill(area);
    const fila = row(page, nombre);
    await expect.poll(() => fila.count(), { timeout: 10_000 }).toBe(1);
    const enHistorial = await fila.textContent();
    expect(enHistorial).toContain('Reconocida');
    expect(enHistorial).toContain(usuario.username);
    expect(enHistorial).toContain('Se ajustó la válvula de alivio');
    await cerrarPagina(page);
  });

  it('works at 360 px: the list fits the screen', async () => {
    const page = await newPage(360);
    await iniciarSesion(page);
    await page.goto('/menu');
    await page.getByRole('button', { name: /^Notificaciones \(\d+ sin leer\)$/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notificaciones' });
    await expect
      .poll(() => panel.getByRole('button', { name: 'Marcar todas como leídas' }).isVisible())
      .toBe(true);
    await transicionesTerminadas(page); // the popover's opening transition (it grows into place)
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
