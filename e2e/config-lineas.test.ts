import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import {
  cerrarPagina,
  elegirOpcion,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';
import { gridRow as row, quickSearch } from './grid.ts';

// /configuracion/lineas "Lineas | Configuración" (issue 16): lines, products, presentations (factor
// computed by the server), product presentations, nominal speeds and the OPC UA tag mapping with
// the tag browser over the real plant simulator the e2e server runs.

const CAMBIO_CONCURRENTE = 'Otro usuario modificó este registro mientras usted lo editaba.';

let seq = 0;
const unico = (base: string) => `${base} ${Date.now().toString(36)}${++seq}`;

async function openScreen(page: Page, tab?: string): Promise<void> {
  await iniciarSesion(page);
  await page.goto('/configuracion/lineas');
  await expect.poll(() => headerTitle(page)).toBe('Lineas | Configuración');
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
}

async function createProductoApi(descripcion: string): Promise<string> {
  const token = await apiLogin();
  const data = await api<{ createProducto: { id: string } }>(
    `mutation($i: ProductoInput!) { createProducto(input: $i) { id } }`,
    { i: { descripcion, image_prefix: 'prueba', image_color: '#336699' } },
    token,
  );
  return data.createProducto.id;
}

/** The notifications on screen, newest last: a failed save shows the server's reason, not a timeout. */
const avisos = (page: Page) => page.locator('#notistack-snackbar').allTextContents();

describe('configuración de líneas', () => {
  const { newPage } = useBrowser();

  // The e2e server is shared by every file: a line this file created and could not delete (a failed
  // run) would show on every dashboard the later files check line by line.
  afterAll(async () => {
    const token = await apiLogin();
    const { lineasConfig } = await api<{ lineasConfig: { id: string; nombre: string; version: number }[] }>(
      `{ lineasConfig { id nombre version } }`,
      {},
      token,
    );
    for (const l of lineasConfig.filter((x) => x.nombre.startsWith('Línea E2E'))) {
      await api(
        `mutation($id: ID!, $v: Int) { deleteLinea(id: $id, version: $v) }`,
        { id: l.id, v: l.version },
        token,
      );
    }
  });

  it('shows the six tabs; creates, edits and deletes a line; Planta is refused naming the field', async () => {
    const page = await newPage(1440);
    await openScreen(page);
    for (const tab of [
      'Líneas',
      'Productos',
      'Presentaciones',
      'Productos por presentación',
      'Velocidades nominales',
      'Mapeo OPC UA',
    ]) {
      await expect.poll(() => page.getByRole('tab', { name: tab, exact: true }).isVisible()).toBe(true);
    }
    // The plant is not a production line: never listed.
    await expect.poll(() => row(page, 'Línea 1').count()).toBeGreaterThan(0);
    expect(await page.getByRole('cell', { name: 'Planta', exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Nueva línea' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => dialog.getByText('Nombre: es obligatorio').isVisible()).toBe(true);
    await dialog.getByLabel('Nombre').fill('Planta');
    const numero = String(40 + (Date.now() % 50));
    await dialog.getByLabel('Número').fill(numero);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => dialog.getByText('El campo "nombre" no puede ser «Planta»', { exact: false }).isVisible())
      .toBe(true);

    const nombre = unico('Línea E2E');
    await dialog.getByLabel('Nombre').fill(nombre);
    await dialog.getByLabel('Sufijo SAP').fill('_599');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Línea creada').isVisible()).toBe(true);
    await expect.poll(() => row(page, nombre).count()).toBe(1);

    await row(page, nombre)
      .getByRole('button', { name: `Editar ${nombre}` })
      .click();
    await dialog.getByLabel('Sufijo SAP').fill('_598');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Línea actualizada').isVisible()).toBe(true);
    await expect.poll(() => row(page, nombre).textContent()).toContain('_598');

    // A line in use cannot be deleted: the server says what uses it.
    await row(page, 'Línea 1').first().getByRole('button', { name: 'Eliminar Línea 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect
      .poll(() => page.getByText('No se puede eliminar la línea: está en uso', { exact: false }).isVisible())
      .toBe(true);

    await row(page, nombre)
      .getByRole('button', { name: `Eliminar ${nombre}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => avisos(page)).toContainEqual(expect.stringContaining('Línea eliminada'));
    await expect.poll(() => row(page, nombre).count()).toBe(0);
    await cerrarPagina(page);
  });

  it('presentations: the factor is computed (shown read-only), products and speeds are saved', async () => {
    const page = await newPage(1440);
    await openScreen(page, 'Presentaciones');
    await page.getByRole('button', { name: 'Nueva presentación' }).click();
    const dialog = page.getByRole('dialog');
    const volumen = String(700 + (Date.now() % 200));
    await dialog.getByLabel('Volumen').fill(volumen);
    await dialog.getByRole('textbox', { name: 'Botellas por paquete' }).fill('12');
    // The form shows the factor it will get (N × litres / 5.678), never a field to type it.
    // es-PE: decimal point.
    const factor = ((12 * Number(volumen)) / 1000 / 5.678).toFixed(3);
    await expect
      .poll(() => dialog.getByLabel('Factor calculado (CU por paquete)').textContent())
      .toContain(factor);
    expect(await dialog.getByLabel('Factor', { exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Presentación creada').isVisible()).toBe(true);
    // The row that starts with this volume, its unit and its bottles ('845' alone is also in the
    // factor 0.845 of a 400 ml × 12 presentation).
    await expect
      .poll(() =>
        row(page, new RegExp(`^${volumen}ml12`))
          .first()
          .textContent(),
      )
      .toContain(factor);

    // Product → product presentation → nominal speed (bottles per minute derived).
    const descripcion = unico('Producto E2E');
    await page.getByRole('tab', { name: 'Productos', exact: true }).click();
    await page.getByRole('button', { name: 'Nuevo producto' }).click();
    await dialog.getByLabel('Descripción').fill(descripcion);
    await dialog.getByLabel('Prefijo de imagen').fill('Con Espacios');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() =>
        dialog.getByText('El campo "image_prefix" solo admite minúsculas', { exact: false }).isVisible(),
      )
      .toBe(true);
    await dialog.getByLabel('Prefijo de imagen').fill('producto-e2e');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Producto creado').isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Productos por presentación', exact: true }).click();
    await page.getByRole('button', { name: 'Nuevo producto por presentación' }).click();
    await elegirOpcion(page, dialog.getByRole('combobox', { name: 'Producto' }), descripcion);
    await elegirOpcion(page, dialog.getByRole('combobox', { name: 'Presentación' }), `${volumen} ml × 12`);
    await dialog.getByRole('textbox', { name: 'Botellas por paquete' }).fill('6');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() =>
        dialog
          .getByText(
            'El campo "num_botellas" debe coincidir con las botellas por paquete de la presentación (12)',
          )
          .isVisible(),
      )
      .toBe(true);
    await dialog.getByRole('textbox', { name: 'Botellas por paquete' }).fill('12');
    await dialog.getByLabel('Código HMI línea 1').fill('101');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    // 101 is the seeded product's code on line 1: CONFLICT with a clear text.
    await expect
      .poll(() =>
        page
          .getByText('El código HMI 101 de la línea 1 ya está asignado', { exact: false })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await dialog.getByLabel('Código HMI línea 1').fill('');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Producto por presentación creado').isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Velocidades nominales', exact: true }).click();
    await page.getByRole('button', { name: 'Nueva velocidad nominal' }).click();
    await elegirOpcion(
      page,
      dialog.getByRole('combobox', { name: 'Producto por presentación' }),
      `${descripcion} ${volumen} ml × 12`,
    );
    await elegirOpcion(page, dialog.getByRole('combobox', { name: 'Línea' }), 'Línea 2');
    await dialog.getByLabel('Paquetes por hora').fill('3000');
    await expect
      .poll(() => dialog.getByLabel('Botellas por minuto (calculado)').textContent())
      .toContain('600');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Velocidad nominal creada').isVisible()).toBe(true);
    // The grid pages by 25: its quick search finds the new row.
    await quickSearch(page, descripcion);
    await expect.poll(() => row(page, descripcion).textContent()).toContain('600');

    // Delete the speed (unused) through the screen.
    await row(page, descripcion)
      .getByRole('button', { name: /^Eliminar / })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(() => page.getByText('Velocidad nominal eliminada').isVisible()).toBe(true);
    await cerrarPagina(page);
  });

  it('two admins edit the same product: the second save gets the conflict and the reloaded data', async () => {
    const descripcion = unico('Conflicto');
    await createProductoApi(descripcion);
    const a = await newPage(1440);
    const b = await newPage(1440);
    for (const page of [a, b]) {
      await openScreen(page, 'Productos');
      await row(page, descripcion)
        .getByRole('button', { name: `Editar ${descripcion}` })
        .click();
    }
    await a.getByRole('dialog').getByLabel('Prefijo de imagen').fill('por-a');
    await a.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => a.getByText('Producto actualizado').isVisible()).toBe(true);

    const dialogB = b.getByRole('dialog');
    await dialogB.getByLabel('Prefijo de imagen').fill('por-b');
    await dialogB.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => b.getByText(CAMBIO_CONCURRENTE, { exact: false }).first().isVisible()).toBe(true);
    await expect.poll(() => dialogB.getByLabel('Prefijo de imagen').inputValue()).toBe('por-a');
    await dialogB.getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => row(b, descripcion).textContent()).toContain('por-a');
    await cerrarPagina(a);
    await cerrarPagina(b);
  });

  it("the tag browser lists the simulator's nodes with live values and saves a variable's mapping", async () => {
    const page = await newPage(1440);
    await openScreen(page, 'Mapeo OPC UA');
    await expect.poll(() => row(page, 'ns=2;s=Planta.Linea1.Velocidad').count(), { timeout: 30_000 }).toBe(1);
    // A variable without a node: map it through the browser.
    const token = await apiLogin();
    const nombre = unico('Var OPC');
    await api(
      `mutation($i: CreateVariableInput!) { createVariable(input: $i) { id } }`,
      { i: { nombre, nivel: 'GLOBAL', area: 'pruebas', unidad: 'u', decimales: 2, agregacion: 'ULTIMO' } },
      token,
    );
    await page.reload();
    await page.getByRole('tab', { name: 'Mapeo OPC UA', exact: true }).click();
    // The variables' grid is the second one: its quick search.
    await quickSearch(page, nombre, 'last');
    await row(page, nombre)
      .getByRole('button', { name: `Asignar nodo a ${nombre}` })
      .click();

    const dialog = page.getByRole('dialog');
    const nodos = dialog.getByRole('list', { name: 'Nodos del servidor OPC UA' });
    // The collector may still be connecting right after the server started.
    await expect
      .poll(() => nodos.getByText('ns=2;s=Planta', { exact: true }).isVisible(), { timeout: 60_000 })
      .toBe(true);
    await nodos
      .getByRole('button', { name: /Planta/ })
      .first()
      .click();
    await nodos.getByRole('button', { name: /Línea 1/ }).click();
    await nodos
      .getByRole('button', { name: /Velocidad/ })
      .first()
      .click();
    expect(await dialog.getByLabel('Nodo elegido (node id)').inputValue()).toBe(
      'ns=2;s=Planta.Linea1.Velocidad',
    );
    await expect
      .poll(() => dialog.getByLabel('Valor actual del nodo').textContent())
      .toMatch(/\d.*\(Double\)/);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    // Line 1's speed already feeds its line tag: refused, with the reason.
    await expect
      .poll(() =>
        dialog.getByText('ya está asignado a Línea 1 · Velocidad', { exact: false }).first().isVisible(),
      )
      .toBe(true);

    await dialog.getByLabel('Nodo elegido (node id)').fill('ns=2;s=Planta.NoExiste');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() =>
        dialog
          .getByText('El nodo ns=2;s=Planta.NoExiste no existe en el servidor OPC UA')
          .first()
          .isVisible(),
      )
      .toBe(true);

    // Another admin frees an energy meter's node (its variable no longer reads it): pick it in the browser.
    const { opcMapeosVariables } = await api<{
      opcMapeosVariables: { id: string; opc_node_id: string | null; version: number }[];
    }>(`{ opcMapeosVariables { id opc_node_id version } }`, {}, token);
    const usada = opcMapeosVariables.find((v) => v.opc_node_id?.startsWith('ns=2;s=Planta.Energia.'));
    if (!usada?.opc_node_id) throw new Error('ninguna variable lee un nodo de Planta.Energia');
    const elegido = usada.opc_node_id;
    await api(
      `mutation($i: MapeoVariableInput!) { mapearVariableOpc(input: $i) { id } }`,
      { i: { variable_id: usada.id, node_id: null, version: usada.version } },
      token,
    );
    await dialog.getByRole('button', { name: 'Objects' }).click();
    await nodos
      .getByRole('button', { name: /Planta/ })
      .first()
      .click();
    await nodos.getByRole('button', { name: /Energía/ }).click();
    await nodos
      .getByRole('button', { name: new RegExp(elegido.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .click();
    expect(await dialog.getByLabel('Nodo elegido (node id)').inputValue()).toBe(elegido);
    await expect.poll(() => dialog.getByLabel('Valor actual del nodo').textContent()).toMatch(/\d/);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => page.getByText('Mapeo guardado').isVisible()).toBe(true);
    await expect.poll(() => row(page, nombre).textContent()).toContain(elegido);
    await cerrarPagina(page);
  });

  it('fits 360 px without horizontal page scroll; the tabs and the node browser at 1440 and 360', async () => {
    const wide = await newPage(1440);
    await openScreen(wide, 'Presentaciones');
    await expect.poll(() => wide.getByRole('row').count()).toBeGreaterThan(2);
    await wide.getByRole('tab', { name: 'Mapeo OPC UA', exact: true }).click();
    await expect.poll(() => row(wide, 'ns=2;s=Planta.Linea1.Velocidad').count(), { timeout: 30_000 }).toBe(1);
    await wide.getByRole('button', { name: 'Asignar nodo a Línea 1 · Velocidad' }).click();
    await expect
      .poll(() => wide.getByRole('list', { name: 'Nodos del servidor OPC UA' }).getByRole('button').count(), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    await cerrarPagina(wide);

    const page = await newPage(360);
    for (const tab of [
      'Líneas',
      'Productos',
      'Presentaciones',
      'Productos por presentación',
      'Velocidades nominales',
    ]) {
      if (tab === 'Líneas') await openScreen(page);
      else await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(1);
      expect(await hasHorizontalScroll(page), tab).toBe(false);
    }
    await page.getByRole('tab', { name: 'Mapeo OPC UA', exact: true }).click();
    await expect.poll(() => row(page, 'ns=2;s=Planta.Linea1.Velocidad').count(), { timeout: 30_000 }).toBe(1);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Asignar nodo a Línea 1 · Velocidad' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Nodos del servidor OPC UA' }).getByRole('button').count(), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('tab', { name: 'Presentaciones', exact: true }).click();
    await page.getByRole('button', { name: 'Nueva presentación' }).click();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
