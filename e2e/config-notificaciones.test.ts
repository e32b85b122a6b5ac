import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';
import { gridRow as row, quickSearch as search } from './grid.ts';

/**
 * /configuracion/notificaciones (issue 17) as an admin uses it: a DIARIO rule created through the
 * dialog after its 30-day preview, edited, deactivated from the row and deleted; the form's
 * Spanish errors; the screen at 1440 and 360 px.
 */

const CAMBIO_CONCURRENTE = 'Otro usuario modificó este registro mientras usted lo editaba.';
let seq = 0;
const unico = (base: string) => `${base} ${Date.now().toString(36)}${++seq}`;

/** A production day `n` days before today (UTC date: well inside the preview's 30 days). */
const haceDias = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function abrir(page: Page): Promise<void> {
  await iniciarSesion(page);
  await page.goto('/configuracion/notificaciones');
  await expect.poll(() => headerTitle(page)).toBe('Notificaciones | Configuración');
  await expect.poll(() => page.getByRole('button', { name: 'Nueva regla' }).isVisible()).toBe(true);
}

/** A variable with a 10–20 range whose daily value left it three times in the last week. */
async function variableConHistoria(): Promise<{ id: string; nombre: string }> {
  const token = await apiLogin();
  const nombre = unico('Regla Var');
  const { createVariable } = await api<{ createVariable: { id: string } }>(
    `mutation($i: CreateVariableInput!) { createVariable(input: $i) { id } }`,
    {
      i: {
        nombre,
        nivel: 'GLOBAL',
        area: 'e2e-reglas',
        unidad: 'CU',
        decimales: 0,
        agregacion: 'PROMEDIO',
        minimo: 10,
        maximo: 20,
      },
    },
    token,
  );
  // Out, back in, out, back in, out: three occurrences on three days.
  for (const [dias, diario] of [
    [7, 25],
    [6, 15],
    [5, 26],
    [4, 15],
    [3, 27],
  ] as const)
    await api(
      `mutation($i: CreateHistoricoInput!) { createHistorico(input: $i) { id } }`,
      { i: { variable_id: createVariable.id, fecha: haceDias(dias), diario } },
      token,
    );
  return { id: createVariable.id, nombre };
}

describe('configuración de notificaciones', () => {
  const { newPage } = useBrowser();

  it('creates a DIARIO rule after its 30-day preview, edits, deactivates and deletes it', async () => {
    const variable = await variableConHistoria();
    const page = await newPage(1440);
    await abrir(page);
    await page.getByRole('button', { name: 'Nueva regla' }).click();
    const dialog = page.getByRole('dialog');

    // The form's errors in Spanish.
    await dialog.getByRole('combobox', { name: 'Condición' }).click();
    await page.getByRole('option', { name: 'Sobre un umbral' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('El nombre es obligatorio').isVisible()).toBe(true);
    expect(await dialog.getByText('Elija la variable').isVisible()).toBe(true);
    expect(await dialog.getByText('El umbral es obligatorio').isVisible()).toBe(true);
    await dialog.getByLabel('En la aplicación').uncheck();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('Elija al menos un canal').isVisible()).toBe(true);
    await dialog.getByLabel('En la aplicación').check();

    const nombre = unico('Fuera de rango');
    await dialog.getByLabel('Nombre').fill(nombre);
    await dialog.getByRole('combobox', { name: 'Variable' }).fill(variable.nombre);
    await page.getByRole('option', { name: variable.nombre }).click();
    await dialog.getByRole('combobox', { name: 'Condición' }).click();
    await page.getByRole('option', { name: 'Fuera de rango (mínimo/máximo)' }).click();
    expect(await dialog.getByLabel(/^Umbral/).isDisabled()).toBe(true);
    expect(await dialog.getByLabel(/^Duración/).isDisabled()).toBe(true);

    // The preview before saving: three openings on three days, with examples.
    await dialog.getByRole('button', { name: 'Vista previa (últimos 30 días)' }).click();
    const previa = dialog.getByRole('region', { name: 'Vista previa' });
    await expect
      .poll(() => previa.textContent(), { timeout: 15_000 })
      .toContain('Se habría disparado 3 veces en 3 días');
    const ejemplos = previa.getByRole('table', { name: 'Ejemplos de la vista previa' });
    expect(await ejemplos.getByRole('row').count()).toBe(4); // header + 3
    expect(await ejemplos.textContent()).toContain('27 CU');

    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Regla creada').isVisible()).toBe(true);
    await search(page, nombre);
    let texto = await row(page, nombre).textContent();
    expect(texto).toContain(variable.nombre);
    expect(texto).toContain('Fuera de rango (mínimo/máximo)');
    expect(texto).toContain('10 – 20');
    expect(texto).toContain('Aviso');
    expect(texto).toContain('Administrador');
    expect(texto).toContain('App');
    expect(texto).toContain('Activa');

    // Edit: critical, by e-mail too.
    await row(page, nombre)
      .getByRole('button', { name: `Editar ${nombre}` })
      .click();
    await expect.poll(() => dialog.getByLabel('Nombre').inputValue()).toBe(nombre);
    await dialog.getByRole('combobox', { name: 'Severidad' }).click();
    await page.getByRole('option', { name: 'Crítica' }).click();
    await dialog.getByLabel('Por correo electrónico').check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Regla actualizada').isVisible()).toBe(true);
    await expect.poll(() => row(page, nombre).textContent()).toContain('Crítica');
    texto = await row(page, nombre).textContent();
    expect(texto).toContain('App, Correo');

    // Deactivate from the row, then delete with confirmation.
    await row(page, nombre)
      .getByRole('button', { name: `Desactivar ${nombre}` })
      .click();
    await expect.poll(() => row(page, nombre).textContent()).toContain('Inactiva');
    await row(page, nombre)
      .getByRole('button', { name: `Eliminar ${nombre}` })
      .click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain(`¿Eliminar la regla ${nombre}?`);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => page.getByText('Regla eliminada').isVisible()).toBe(true);
    await expect.poll(() => row(page, nombre).count()).toBe(0);
    const { reglasNotificacion } = await api<{ reglasNotificacion: { nombre: string }[] }>(
      '{ reglasNotificacion { nombre } }',
      {},
      await apiLogin(),
    );
    expect(reglasNotificacion.some((r) => r.nombre === nombre)).toBe(false);
    await cerrarPagina(page);
  });

  it("shows the server's refusal under its field: a range rule on a variable without range", async () => {
    const token = await apiLogin();
    const sinRango = unico('Sin rango');
    await api(
      `mutation($i: CreateVariableInput!) { createVariable(input: $i) { id } }`,
      {
        i: {
          nombre: sinRango,
          nivel: 'GLOBAL',
          area: 'e2e-reglas',
          unidad: 'kg',
          decimales: 0,
          agregacion: 'SUMA',
        },
      },
      token,
    );
    const page = await newPage(1440);
    await abrir(page);
    await page.getByRole('button', { name: 'Nueva regla' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nombre').fill(unico('Sin rango'));
    await dialog.getByRole('combobox', { name: 'Variable' }).fill(sinRango);
    await page.getByRole('option', { name: sinRango }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => dialog.getByText('La variable no tiene mínimo ni máximo', { exact: false }).isVisible())
      .toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    await cerrarPagina(page);
  });

  it('two admins edit the same rule: the second save gets the conflict and the reloaded rule', async () => {
    const variable = await variableConHistoria();
    const nombre = unico('Conflicto regla');
    await api(
      `mutation($i: ReglaNotificacionInput!) { crearReglaNotificacion(input: $i) { id } }`,
      {
        i: {
          nombre,
          fuente: 'DIARIO',
          variable_id: variable.id,
          condicion: 'UMBRAL_SOBRE',
          umbral: 100,
          roles_destino: ['admin'],
          usuarios_destino: [],
          canal_app: true,
          canal_email: false,
          activa: true,
        },
      },
      await apiLogin(),
    );
    const a = await newPage(1440);
    const b = await newPage(1440);
    for (const page of [a, b]) {
      await abrir(page);
      await search(page, nombre);
      await row(page, nombre)
        .getByRole('button', { name: `Editar ${nombre}` })
        .click();
      await expect.poll(() => page.getByRole('dialog').getByLabel('Histéresis').inputValue()).toBe('0');
    }
    await a.getByRole('dialog').getByLabel('Histéresis').fill('1.5');
    await a.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => a.getByText('Regla actualizada').isVisible()).toBe(true);

    const dialogB = b.getByRole('dialog');
    await dialogB.getByLabel('Histéresis').fill('3');
    await dialogB.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => b.getByText(CAMBIO_CONCURRENTE, { exact: false }).first().isVisible()).toBe(true);
    // B's form now shows A's save.
    await expect.poll(() => dialogB.getByLabel('Histéresis').inputValue()).toBe('1.5');
    expect(await dialogB.isVisible()).toBe(true);
    await cerrarPagina(a);
    await cerrarPagina(b);
  });

  it('fits 360 px without horizontal scroll (rules, dialog, history); the tabs at 1440 and 360', async () => {
    // A VIVO rule through the API, so the list is not empty (a row must fit 360 px too).
    const token = await apiLogin();
    const { lineas } = await api<{ lineas: { id: string }[] }>('{ lineas { id } }', {}, token);
    await api(
      `mutation($i: ReglaNotificacionInput!) { crearReglaNotificacion(input: $i) { id } }`,
      {
        i: {
          nombre: unico('Velocidad baja'),
          fuente: 'VIVO',
          linea_id: lineas[0]!.id,
          condicion: 'UMBRAL_BAJO',
          umbral: 300,
          duracion_min: 10,
          severidad: 'CRITICA',
          roles_destino: ['super-admin'],
          usuarios_destino: [],
          canal_app: true,
          canal_email: true,
          activa: false, // inactive: the simulated lines never open its alarms for other suites
        },
      },
      token,
    );
    const wide = await newPage(1440);
    await abrir(wide);
    await wide.getByRole('tab', { name: 'Historial de alarmas' }).click();
    await expect.poll(() => wide.getByRole('table', { name: 'Historial de alarmas' }).isVisible()).toBe(true);
    await cerrarPagina(wide);

    const page = await newPage(360);
    await abrir(page);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Nueva regla' }).click();
    await expect.poll(() => page.getByRole('dialog').getByLabel('Nombre').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('tab', { name: 'Historial de alarmas' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Historial de alarmas' }).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });

  it("the tab 'Correos enviados' (?tab=correos): empty without SMTP_URL at 1440, fits 360 px", async () => {
    const vacio = 'No hay correos. Sin SMTP_URL no se envía ningún correo.';
    const wide = await newPage(1440);
    await abrir(wide);
    await wide.getByRole('tab', { name: 'Correos enviados' }).click();
    await expect.poll(() => new URL(wide.url()).search).toBe('?tab=correos');
    await expect.poll(() => wide.getByRole('table', { name: 'Correos enviados' }).isVisible()).toBe(true);
    // The e2e server has no SMTP_URL: nothing is ever queued, and the screen says why.
    await expect.poll(() => wide.getByText(vacio).isVisible()).toBe(true);
    expect(await wide.getByRole('alert', { name: 'Correos fallidos' }).count()).toBe(0);
    // The filter goes to the server; the outbox stays empty, with its own empty text.
    await wide.getByRole('combobox', { name: 'Estado' }).click();
    await wide.getByRole('option', { name: 'Fallidos' }).click();
    await expect
      .poll(() =>
        wide
          .getByRole('table', { name: 'Correos enviados' })
          .getByText('No hay correos con este estado')
          .isVisible(),
      )
      .toBe(true);
    await wide.getByRole('combobox', { name: 'Estado' }).click();
    await wide.getByRole('option', { name: 'Todos' }).click();
    await wide.getByRole('button', { name: 'Actualizar' }).click();
    await expect.poll(() => wide.getByText(vacio).isVisible()).toBe(true);
    await cerrarPagina(wide);

    const page = await newPage(360);
    await iniciarSesion(page);
    await page.goto('/configuracion/notificaciones?tab=correos');
    await expect.poll(() => page.getByRole('table', { name: 'Correos enviados' }).isVisible()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Correos enviados' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await expect.poll(() => page.getByText(vacio).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
