import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';
import { quickSearch as search } from './grid.ts';

/**
 * Scheduled reports (issue 17), the "Reportes programados" tab of /configuracion/notificaciones:
 * a daily report of Dashboard Fábrica created through the dialog, listed with its next send, sent
 * now (the e2e server has no SMTP_URL: the error is shown and logged), edited and deleted; the
 * screen at 1440 and 360 px without horizontal scroll.
 */

const SIN_SMTP = 'El correo no está configurado (SMTP_URL)';
let seq = 0;
const unico = (base: string) => `${base} ${Date.now().toString(36)}${++seq}`;

async function abrir(page: Page): Promise<void> {
  await iniciarSesion(page);
  await page.goto('/configuracion/notificaciones');
  await expect.poll(() => headerTitle(page)).toBe('Notificaciones | Configuración');
  await page.getByRole('tab', { name: 'Reportes programados' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Nuevo reporte' }).isVisible()).toBe(true);
}

const lista = (page: Page) => page.getByRole('table', { name: 'Reportes programados' });
const historial = (page: Page) => page.getByRole('table', { name: 'Historial de envíos' });
/** The scheduled report's row in the list. */
const fila = (page: Page, nombre: string) => lista(page).getByRole('row').filter({ hasText: nombre });

describe('reportes programados', () => {
  const { newPage } = useBrowser();

  it('creates a daily report, sends it now (SMTP error logged), edits and deletes it', async () => {
    const page = await newPage(1440);
    await abrir(page);
    await page.getByRole('button', { name: 'Nuevo reporte' }).click();
    const dialog = page.getByRole('dialog');

    // The form's errors in Spanish.
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('El nombre es obligatorio').isVisible()).toBe(true);
    expect(await dialog.getByText('Elija la pantalla del reporte').isVisible()).toBe(true);
    expect(await dialog.getByText('Escriba al menos un destinatario').isVisible()).toBe(true);

    const nombre = unico('Fábrica diario');
    await dialog.getByLabel('Nombre').fill(nombre);
    await dialog.getByRole('combobox', { name: 'Pantalla' }).click();
    await page.getByRole('option', { name: 'Dashboard Fábrica', exact: true }).click();
    expect(await dialog.getByRole('combobox', { name: 'Periodicidad' }).textContent()).toBe('Diaria');
    await dialog.getByLabel('Hora (HH:MM)').fill('08:05');
    // Two addresses typed at once become two chips; a bad one is refused by name.
    const correos = dialog.getByRole('combobox', { name: 'Destinatarios' });
    await correos.fill('Jefe.Turno@planta.pe, gerencia@planta.pe malo');
    await correos.press('Enter');
    for (const chip of ['jefe.turno@planta.pe', 'gerencia@planta.pe', 'malo'])
      await expect.poll(() => dialog.getByRole('button', { name: chip }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('Dirección de correo no válida: malo').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'malo' }).locator('.MuiChip-deleteIcon').click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Reporte programado creado').isVisible()).toBe(true);

    // Listed with its next send (dd/mm/yyyy 08:05, plant time).
    await search(page, nombre);
    let texto = await fila(page, nombre).textContent();
    expect(texto).toContain('Dashboard Fábrica');
    expect(texto).toContain('Diaria');
    expect(texto).toContain('jefe.turno@planta.pe, gerencia@planta.pe');
    expect(texto).toContain('Activo');
    expect(texto).toMatch(/\d{2}\/\d{2}\/\d{4} 08:05/);
    const token = await apiLogin();
    const { reportesProgramados } = await api<{
      reportesProgramados: {
        id: string;
        nombre: string;
        ruta: string;
        hora: string;
        destinatarios: string[];
      }[];
    }>('{ reportesProgramados { id nombre ruta hora destinatarios } }', {}, token);
    const creado = reportesProgramados.find((r) => r.nombre === nombre);
    expect(creado).toMatchObject({
      ruta: '/fabrica',
      hora: '08:05',
      destinatarios: ['jefe.turno@planta.pe', 'gerencia@planta.pe'],
    });

    // Send now: no SMTP_URL on the e2e server, the error is shown and logged.
    await fila(page, nombre)
      .getByRole('button', { name: `Enviar ahora ${nombre}` })
      .click();
    const alerta = page.getByRole('alert').filter({ hasText: SIN_SMTP });
    await expect.poll(() => alerta.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await alerta.textContent()).toContain(`No se pudo enviar «${nombre}»`);
    await fila(page, nombre)
      .getByRole('button', { name: `Ver envíos de ${nombre}` })
      .click();
    const envio = historial(page).getByRole('row').filter({ hasText: 'Envío manual' });
    await expect.poll(() => envio.count()).toBe(1);
    texto = await envio.textContent();
    expect(texto).toContain(nombre);
    expect(texto).toContain('Error');
    expect(texto).toContain(SIN_SMTP);

    // Edit: weekly on Fridays at 09:30.
    await fila(page, nombre)
      .getByRole('button', { name: `Editar ${nombre}` })
      .click();
    await expect.poll(() => dialog.getByLabel('Nombre').inputValue()).toBe(nombre);
    await dialog.getByRole('combobox', { name: 'Periodicidad' }).click();
    await page.getByRole('option', { name: 'Semanal' }).click();
    await dialog.getByRole('combobox', { name: 'Día de la semana' }).click();
    await page.getByRole('option', { name: 'Viernes' }).click();
    await dialog.getByLabel('Hora (HH:MM)').fill('09:30');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Reporte programado actualizado').isVisible()).toBe(true);
    await expect.poll(() => fila(page, nombre).textContent()).toContain('Semanal (Viernes)');
    texto = await fila(page, nombre).textContent();
    expect(texto).toContain('09:30');
    expect(texto).toMatch(/\d{2}\/\d{2}\/\d{4} 09:30/);

    // Delete with confirmation.
    await fila(page, nombre)
      .getByRole('button', { name: `Eliminar ${nombre}` })
      .click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain(`¿Eliminar el reporte programado ${nombre}?`);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => page.getByText('Reporte programado eliminado').isVisible()).toBe(true);
    await expect.poll(() => fila(page, nombre).count()).toBe(0);
    const despues = await api<{ reportesProgramados: { nombre: string }[] }>(
      '{ reportesProgramados { nombre } }',
      {},
      token,
    );
    expect(despues.reportesProgramados.some((r) => r.nombre === nombre)).toBe(false);
    await cerrarPagina(page);
  });

  it('fits 360 px without horizontal scroll (list, dialog, run log); the list at 1440 and 360', async () => {
    // A monthly report through the API (sent once), so neither list is empty (their rows must fit 360 px too).
    const token = await apiLogin();
    const nombre = unico('Rendimientos mensual');
    const { crearReporteProgramado } = await api<{ crearReporteProgramado: { id: string } }>(
      `mutation($i: ReporteProgramadoInput!) { crearReporteProgramado(input: $i) { id } }`,
      {
        i: {
          nombre,
          ruta: '/rendimiento',
          periodicidad: 'MENSUAL',
          hora: '07:30',
          dia_mes: 1,
          destinatarios: ['planta@planta.pe'],
          activo: true,
        },
      },
      token,
    );
    await api(
      `mutation($id: ID!) { enviarReporteProgramado(id: $id) { id } }`,
      { id: crearReporteProgramado.id },
      token,
    );

    const wide = await newPage(1440);
    await abrir(wide);
    await expect.poll(() => fila(wide, nombre).textContent()).toContain('Mensual (día 1)');
    await cerrarPagina(wide);

    const page = await newPage(360);
    await abrir(page);
    await expect.poll(() => fila(page, nombre).textContent()).toContain('Mensual (día 1)');
    await expect
      .poll(() => historial(page).getByRole('row').filter({ hasText: nombre }).count())
      .toBeGreaterThan(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Nuevo reporte' }).click();
    await expect.poll(() => page.getByRole('dialog').getByLabel('Nombre').isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('combobox', { name: 'Periodicidad' }).click();
    await page.getByRole('option', { name: 'Mensual' }).click();
    await expect.poll(() => page.locator('.MuiMenu-root').count()).toBe(0);
    await expect.poll(() => page.getByRole('dialog').getByLabel('Día del mes').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await cerrarPagina(page);
    await api(
      `mutation($id: ID!) { eliminarReporteProgramado(id: $id) }`,
      { id: crearReporteProgramado.id },
      token,
    );
  });
});
