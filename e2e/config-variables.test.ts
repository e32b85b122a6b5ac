import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import {
  cerrarPagina,
  elegirOpcion,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';
import { gridRow as row, quickSearch as search } from './grid.ts';

// /configuracion "Variables | Configuración" (issue 16): the variables (create, edit, deactivate),
// a variable's week of daily values ("Editar por semana") and its metas, as an admin uses them.

const CAMBIO_CONCURRENTE = 'Otro usuario modificó este registro mientras usted lo editaba.';

let seq = 0;
const nombreUnico = (base: string) => `${base} ${Date.now().toString(36)}${++seq}`;

async function openScreen(page: Page): Promise<void> {
  await iniciarSesion(page);
  await page.goto('/configuracion');
  await expect.poll(() => headerTitle(page)).toBe('Variables | Configuración');
}

async function createVariableApi(nombre: string): Promise<{ id: string }> {
  const token = await apiLogin();
  const data = await api<{ createVariable: { id: string } }>(
    `mutation($i: CreateVariableInput!) { createVariable(input: $i) { id } }`,
    {
      i: {
        nombre,
        nivel: 'GLOBAL',
        area: 'produccion',
        unidad: 'CU',
        decimales: 0,
        agregacion: 'SUMA',
      },
    },
    token,
  );
  return data.createVariable;
}

/** Types a date (DDMMYYYY) into an MUI X date field, section by section. */
async function typeDate(field: Locator, page: Page, ddmmyyyy: string): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy);
}

const day = (page: Page, label: string) => page.getByRole('listitem', { name: label });

describe('configuración de variables', () => {
  const { newPage } = useBrowser();

  it('creates a variable through the dialog, with the form and server errors in Spanish', async () => {
    const page = await newPage(1440);
    await openScreen(page);
    await page.getByRole('button', { name: 'Nueva variable' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nombre').fill('');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('El nombre es obligatorio').isVisible()).toBe(true);
    expect(await dialog.getByText('El área es obligatoria').isVisible()).toBe(true);

    const nombre = nombreUnico('Agua Prueba');
    await dialog.getByLabel('Nombre').fill(nombre);
    await dialog.getByLabel('Área').fill('agua');
    await dialog.getByLabel('Unidad').fill('m³');
    await dialog.getByRole('combobox', { name: 'Nivel' }).click();
    await page.getByRole('option', { name: 'Individual' }).click();
    await dialog.getByLabel('Mínimo').fill('10');
    await dialog.getByLabel('Máximo').fill('5');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => dialog.getByText('Una variable INDIVIDUAL requiere una línea').isVisible())
      .toBe(true);
    expect(await dialog.getByText('El máximo debe ser mayor o igual que el mínimo').isVisible()).toBe(true);

    await dialog.getByRole('combobox', { name: 'Línea' }).click();
    await page
      .getByRole('option', { name: /^Línea 1/ })
      .first()
      .click();
    await dialog.getByLabel('Máximo').fill('20,5');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('Máximo: escriba un número').isVisible()).toBe(true);
    await dialog.getByLabel('Máximo').fill('20.5');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Variable creada').isVisible()).toBe(true);
    await search(page, nombre);
    const text = await row(page, nombre).textContent();
    expect(text).toContain('Individual');
    expect(text).toContain('Línea 1');
    expect(text).toContain('20.50'); // es-PE, 2 decimales
    expect(text).toContain('Activa');

    // The same name again: the server's CONFLICT under the field, the dialog stays open.
    await page.getByRole('button', { name: 'Nueva variable' }).click();
    await dialog.getByLabel('Nombre').fill(nombre);
    await dialog.getByLabel('Área').fill('agua');
    await dialog.getByLabel('Unidad').fill('m³');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => dialog.getByText('Ya existe una variable con ese nombre').first().isVisible())
      .toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    await cerrarPagina(page);
  });

  it('edits a variable and deactivates it with confirmation (the OPC node is read-only)', async () => {
    const nombre = nombreUnico('Editable');
    await createVariableApi(nombre);
    const page = await newPage(1440);
    await openScreen(page);
    await search(page, nombre);
    await row(page, nombre)
      .getByRole('button', { name: `Editar ${nombre}` })
      .click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Nodo OPC').isEditable()).toBe(false);
    await dialog.getByLabel('Unidad').fill('hL');
    await dialog.getByLabel('Decimales').fill('9');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('Los decimales deben estar entre 0 y 6').isVisible()).toBe(true);
    await dialog.getByLabel('Decimales').fill('1');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Variable actualizada').isVisible()).toBe(true);
    await expect.poll(() => row(page, nombre).textContent()).toContain('hL');

    await row(page, nombre)
      .getByRole('button', { name: `Desactivar ${nombre}` })
      .click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain(`¿Desactivar ${nombre}?`);
    await confirm.getByRole('button', { name: 'Desactivar' }).click();
    await expect.poll(() => row(page, nombre).textContent()).toContain('Inactiva');
    await row(page, nombre)
      .getByRole('button', { name: `Activar ${nombre}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Activar' }).click();
    await expect.poll(() => row(page, nombre).textContent()).toContain('Activa');
    await cerrarPagina(page);
  });

  it('two admins edit the same variable: the second save gets the conflict and the reloaded data', async () => {
    const nombre = nombreUnico('Conflicto');
    await createVariableApi(nombre);
    const a = await newPage(1440);
    const b = await newPage(1440);
    for (const page of [a, b]) {
      await openScreen(page);
      await search(page, nombre);
      await row(page, nombre)
        .getByRole('button', { name: `Editar ${nombre}` })
        .click();
    }
    await a.getByRole('dialog').getByLabel('Unidad').fill('por A');
    await a.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => a.getByText('Variable actualizada').isVisible()).toBe(true);

    const dialogB = b.getByRole('dialog');
    await dialogB.getByLabel('Unidad').fill('por B');
    await dialogB.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => b.getByText(CAMBIO_CONCURRENTE, { exact: false }).first().isVisible()).toBe(true);
    // B's form now shows A's save; B's grid too.
    await expect.poll(() => dialogB.getByLabel('Unidad').inputValue()).toBe('por A');
    await dialogB.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => row(b, nombre).textContent()).toContain('por A');
    await cerrarPagina(a);
    await cerrarPagina(b);
  });

  it('edits a week of daily values: a hand-entered mensual stays when an earlier day is saved; metas by year', async () => {
    const nombre = nombreUnico('Semana');
    await createVariableApi(nombre);
    const page = await newPage(1440);
    await openScreen(page);
    await search(page, nombre);
    await row(page, nombre)
      .getByRole('button', { name: `Valores y metas de ${nombre}` })
      .click();
    await page.getByLabel('Editar por semana').check();
    await typeDate(page.getByTestId('semana-del'), page, '04062025'); // week of Monday 02/06/2025
    await expect.poll(() => page.getByText('02/06/2025 – 08/06/2025').isVisible()).toBe(true);

    const lun = day(page, 'lun 02/06/2025');
    const mie = day(page, 'mié 04/06/2025');
    const jue = day(page, 'jue 05/06/2025');
    await lun.getByLabel('Diario lun 02/06/2025', { exact: true }).fill('5');
    await lun.getByRole('button', { name: /^Guardar/ }).click();
    await expect.poll(() => page.getByText('Valor registrado').first().isVisible()).toBe(true);
    await expect.poll(() => lun.getByLabel('Mensual lun 02/06/2025', { exact: true }).inputValue()).toBe('5');

    await mie.getByLabel('Diario mié 04/06/2025', { exact: true }).fill('2');
    await mie.getByLabel('Mensual mié 04/06/2025', { exact: true }).fill('100');
    await mie.getByRole('button', { name: /^Guardar/ }).click();
    await expect.poll(() => mie.getByText('manual', { exact: true }).count()).toBe(2); // diario and mensual
    await jue.getByLabel('Diario jue 05/06/2025', { exact: true }).fill('1');
    await jue.getByRole('button', { name: /^Guardar/ }).click();
    await expect.poll(() => jue.getByLabel('Mensual jue 05/06/2025', { exact: true }).inputValue()).toBe('8');

    // An earlier day (Tuesday) is written: Wednesday's hand-entered mensual stays, Thursday re-derives.
    const mar = day(page, 'mar 03/06/2025');
    await mar.getByLabel('Diario mar 03/06/2025', { exact: true }).fill('10');
    await mar.getByRole('button', { name: /^Guardar/ }).click();
    await expect
      .poll(() => jue.getByLabel('Mensual jue 05/06/2025', { exact: true }).inputValue())
      .toBe('18');
    expect(await mie.getByLabel('Mensual mié 04/06/2025', { exact: true }).inputValue()).toBe('100');

    // An existing day needs its meta (SPEC §5: update requires the five figures).
    await lun.getByLabel('Diario lun 02/06/2025', { exact: true }).fill('6');
    await lun.getByRole('button', { name: /^Guardar/ }).click();
    await expect.poll(() => lun.getByText('Obligatorio').isVisible()).toBe(true);
    await lun.getByLabel('Meta lun 02/06/2025', { exact: true }).fill('4');
    await lun.getByRole('button', { name: /^Guardar/ }).click();
    await expect.poll(() => page.getByText('Valor actualizado').first().isVisible()).toBe(true);
    await expect
      .poll(() => jue.getByLabel('Mensual jue 05/06/2025', { exact: true }).inputValue())
      .toBe('19');

    // "Calcular" returns Wednesday's mensual to the derived figure (6 + 10 + 2); its meta is required too.
    await mie.getByLabel('Meta mié 04/06/2025', { exact: true }).fill('0');
    await mie.getByRole('button', { name: 'Calcular mensual mié 04/06/2025' }).click();
    await expect
      .poll(() => mie.getByLabel('Mensual mié 04/06/2025', { exact: true }).inputValue())
      .toBe('18');
    expect(await mie.getByText('manual', { exact: true }).count()).toBe(1);

    // Turning editing off clears the week.
    await page.getByLabel('Editar por semana').uncheck();
    expect(await page.getByRole('list', { name: 'Valores de la semana' }).count()).toBe(0);

    // Metas of 2025: add one, replace it, delete it.
    await elegirOpcion(page, page.getByRole('combobox', { name: 'Año' }), '2025');
    await typeDate(page.getByTestId('fecha-meta'), page, '01062025');
    await page.getByLabel('Valor de la meta').fill('150');
    await page.getByRole('button', { name: 'Guardar meta' }).click();
    await expect.poll(() => page.getByText('Meta registrada').isVisible()).toBe(true);
    const metaRow = row(page, '01/06/2025');
    await expect.poll(() => metaRow.textContent()).toContain('150');
    await metaRow.getByRole('button', { name: 'Editar meta 01/06/2025' }).click();
    await page.getByLabel('Valor de la meta').fill('175');
    await page.getByRole('button', { name: 'Guardar meta' }).click();
    await expect.poll(() => page.getByText('Meta actualizada').isVisible()).toBe(true);
    await expect.poll(() => metaRow.textContent()).toContain('175');
    await metaRow.getByRole('button', { name: 'Eliminar meta 01/06/2025' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => page.getByText('Meta eliminada').isVisible()).toBe(true);
    await expect.poll(() => metaRow.count()).toBe(0);
    await cerrarPagina(page);
  });

  it('fits 360 px without horizontal page scroll (list, dialog, week editor)', async () => {
    const nombre = nombreUnico('Movil');
    await createVariableApi(nombre);
    const wide = await newPage(1440);
    await openScreen(wide);
    await expect.poll(() => wide.getByRole('row').count()).toBeGreaterThan(2);
    await wide.getByRole('button', { name: 'Nueva variable' }).click();
    await cerrarPagina(wide);

    const page = await newPage(360);
    await openScreen(page);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(2);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await search(page, nombre);
    await row(page, nombre)
      .getByRole('button', { name: `Valores y metas de ${nombre}` })
      .click();
    await page.getByLabel('Editar por semana').check();
    await expect.poll(() => page.getByRole('listitem').count()).toBe(7);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Nueva variable' }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
