import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';

/**
 * /configuracion/planificacion (issue 16) as an admin uses it: a month's plan created, edited and
 * deleted through the dialogs, a year's AOP pasted from a spreadsheet (errors naming the month,
 * preview, one save), the SPEC's list error, the conflict of two admins editing the same plan,
 * and the screen at 360 px.
 */

const CONFLICTO =
  'Otro usuario modificó este registro mientras usted lo editaba. Se cargaron los datos actuales: revise y guarde de nuevo.';

let token: string;
let variable: { id: string; nombre: string };

const PLANES = `{ planificaciones { id fecha aop negociado version variable { id } } }`;
const planes = async () =>
  (
    await api<{
      planificaciones: {
        id: string;
        fecha: string;
        aop: number;
        negociado: number;
        version: number;
        variable: { id: string };
      }[];
    }>(PLANES, {}, token)
  ).planificaciones.filter((p) => p.variable.id === variable.id);

async function abrir(page: Page): Promise<void> {
  await iniciarSesion(page);
  await page.goto('/configuracion/planificacion');
  await expect.poll(() => headerTitle(page)).toBe('Planificación | Configuración');
  await expect.poll(() => page.getByRole('button', { name: 'Nueva planificación' }).isVisible()).toBe(true);
}

/** Narrows the list to a year (the filter above the grid). */
async function filtrarAnio(page: Page, anio: number): Promise<void> {
  await page.getByRole('combobox', { name: /^Año/ }).click();
  await page.getByRole('option', { name: String(anio), exact: true }).click();
}

const fila = (page: Page, texto: string) => page.getByRole('row').filter({ hasText: texto });

async function elegir(page: Page, scope: ReturnType<Page['getByRole']>, label: string, opcion: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: opcion, exact: true }).click();
}

describe('configuración: planificación', () => {
  const { newPage } = useBrowser();

  beforeAll(async () => {
    token = await apiLogin();
    const { variables } = await api<{ variables: { id: string; nombre: string }[] }>(
      '{ variables { id nombre } }',
      {},
      token,
    );
    variable = variables.find((v) => v.nombre === 'Producción (CU)') ?? variables[0]!;
  });

  it('creates, edits and deletes a month through the dialogs', async () => {
    const page = await newPage(1440);
    await abrir(page);
    await page.getByRole('button', { name: 'Nueva planificación' }).click();
    const dialog = page.getByRole('dialog');
    await elegir(page, dialog, 'Variable', variable.nombre);
    await elegir(page, dialog, 'Mes', 'Marzo');
    await dialog.getByLabel('Año').fill('2031');
    await dialog.getByLabel('Negociado').fill('1.234,5');
    await dialog.getByLabel('AOP').fill('abc');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => dialog.getByText('El AOP debe ser un número (p. ej. 1,234.5)').isVisible())
      .toBe(true);
    await dialog.getByLabel('AOP').fill('1,300');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Planificación creada').isVisible()).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    await filtrarAnio(page, 2031);
    await expect.poll(() => fila(page, 'Marzo 2031').textContent()).toContain('1,234.5');
    expect(await fila(page, 'Marzo 2031').textContent()).toContain('1,300');
    const [creado] = (await planes()).filter((p) => p.fecha === '2031-03-01');
    expect(creado).toMatchObject({ negociado: 1234.5, aop: 1300, version: 1 });

    await fila(page, 'Marzo 2031')
      .getByRole('button', { name: `Editar ${variable.nombre} Marzo 2031` })
      .click();
    await expect.poll(() => dialog.getByLabel('AOP').inputValue()).toBe('1,300');
    await dialog.getByLabel('AOP').fill('1500');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Planificación actualizada').isVisible()).toBe(true);
    await expect.poll(() => fila(page, 'Marzo 2031').textContent()).toContain('1,500');

    await fila(page, 'Marzo 2031')
      .getByRole('button', { name: `Eliminar ${variable.nombre} Marzo 2031` })
      .click();
    const confirmar = page.getByRole('dialog');
    await expect.poll(() => confirmar.textContent()).toContain('¿Eliminar la planificación');
    await confirmar.getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => page.getByText('Planificación eliminada').isVisible()).toBe(true);
    await expect.poll(() => fila(page, 'Marzo 2031').count()).toBe(0);
    expect((await planes()).some((p) => p.fecha === '2031-03-01')).toBe(false);
    await cerrarPagina(page);
  });

  it('pastes a year of AOP: the wrong month named, a preview, one save', async () => {
    // February already has a plan: it is replaced, its negociado kept.
    await api(
      'mutation($i: PlanificacionInput!) { createPlanificacion(input: $i) { id } }',
      { i: { variable_id: variable.id, fecha: '2032-02-01', negociado: 77, aop: 88 } },
      token,
    );
    const page = await newPage(1440);
    await abrir(page);
    await page.getByRole('button', { name: 'Pegar AOP del año' }).click();
    const dialog = page.getByRole('dialog');
    await elegir(page, dialog, 'Variable', variable.nombre);
    await dialog.getByLabel('Año').fill('2032');
    const fila12 = ['1.000', '2.000', 'abc', ...Array.from({ length: 9 }, (_, i) => `${i + 4}.000,5`)];
    await dialog.getByLabel('AOP por mes').fill(fila12.join('\t'));
    await expect.poll(() => dialog.getByText('Marzo: el AOP «abc» no es un número').isVisible()).toBe(true);
    // Corrected as a column copied from LibreOffice (line breaks).
    fila12[2] = '3,000';
    await dialog.getByLabel('AOP por mes').fill(fila12.join('\n'));
    await dialog.getByLabel('Negociado por mes (opcional)').fill('950\t\t2900');
    const preview = dialog.getByRole('table', { name: 'Vista previa del año' });
    await expect.poll(() => preview.getByRole('row').count()).toBe(13);
    expect(await preview.getByRole('row').nth(1).textContent()).toContain('Nuevo');
    expect(await preview.getByRole('row').nth(2).textContent()).toContain('(se mantiene)');
    expect(await preview.getByRole('row').nth(2).textContent()).toContain('Reemplaza AOP 88');
    expect(await preview.getByRole('row').nth(4).textContent()).toContain('(= AOP)');
    await dialog.getByRole('button', { name: 'Guardar el año' }).click();
    await expect.poll(() => page.getByText('Planificación del año guardada').isVisible()).toBe(true);
    const anio = (await planes())
      .filter((p) => p.fecha.startsWith('2032-'))
      .sort((a, b) => (a.fecha < b.fecha ? -1 : 1));
    expect(anio.map((p) => [p.aop, p.negociado])).toEqual([
      [1000, 950],
      [2000, 77],
      [3000, 2900],
      ...Array.from({ length: 9 }, (_, i) => [(i + 4) * 1000 + 0.5, (i + 4) * 1000 + 0.5]),
    ]);
    await filtrarAnio(page, 2032);
    await expect.poll(() => fila(page, 'Diciembre 2032').count()).toBe(1);
    await cerrarPagina(page);
  });

  it("shows the SPEC's text when the list cannot load", async () => {
    const page = await newPage(1440);
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('query ConfigPlanificaciones')) {
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            data: null,
            errors: [{ message: 'fallo', extensions: { code: 'NOT_FOUND' } }],
          }),
        });
      } else {
        await route.continue().catch(() => {});
      }
    });
    await iniciarSesion(page);
    await page.goto('/configuracion/planificacion');
    await expect
      .poll(() => page.getByText('No se pudo obtener la lista de planificaciones').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await cerrarPagina(page);
  });

  it('two admins edit the same plan: the second save gets the conflict warning and the reloaded data', async () => {
    await api(
      'mutation($i: PlanificacionInput!) { createPlanificacion(input: $i) { id } }',
      { i: { variable_id: variable.id, fecha: '2033-05-01', negociado: 500, aop: 600 } },
      token,
    );
    const [a, b] = [await newPage(1440), await newPage(1440)];
    for (const page of [a, b]) {
      await abrir(page);
      await filtrarAnio(page, 2033);
      await fila(page, 'Mayo 2033')
        .getByRole('button', { name: `Editar ${variable.nombre} Mayo 2033` })
        .click();
      await expect.poll(() => page.getByRole('dialog').getByLabel('AOP').inputValue()).toBe('600');
    }
    await a.getByRole('dialog').getByLabel('AOP').fill('700');
    await a.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => a.getByText('Planificación actualizada').isVisible()).toBe(true);

    await b.getByRole('dialog').getByLabel('AOP').fill('650');
    await b.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => b.getByText(CONFLICTO).first().isVisible()).toBe(true);
    // B's form now shows A's save; nothing of B's was written.
    await expect.poll(() => b.getByRole('dialog').getByLabel('AOP').inputValue()).toBe('700');
    const [plan] = (await planes()).filter((p) => p.fecha === '2033-05-01');
    expect(plan).toMatchObject({ aop: 700, version: 2 });
    await cerrarPagina(a);
    await cerrarPagina(b);
  });

  it('fits 360 px without sideways scroll (list and dialogs)', async () => {
    const page = await newPage(360);
    await abrir(page);
    await filtrarAnio(page, 2032);
    await expect.poll(() => fila(page, 'Enero 2032').count()).toBe(1);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Pegar AOP del año' }).click();
    await page.getByRole('dialog').getByLabel('AOP por mes').fill('1\t2\t3');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
