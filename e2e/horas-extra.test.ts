import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, createTestUser, type TestUser } from './api.ts';
import {
  cerrarPagina,
  expectPath,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';
import { es, expectChartDrawn } from './dashboard.ts';
import { baseURL } from './servidores.ts';

// /recursos-humanos (Horas Extra). The e2e server has no demo HR data (DEMO_DAYS=0): the suite
// imports a time clock file (the app's own import, POST /api/rrhh/importaciones) for March 2011, a
// month and areas no other suite writes. The import is idempotent, so a second run changes nothing.

const DESDE = '2011-03-01';
const HASTA = '2011-03-31';
const AREA_A = 'Envasado HX';
const AREA_B = 'Mantenimiento HX';
const BUSCADO = 'Zacarías Quispe HX';
const RUTA = `/recursos-humanos?desde=${DESDE}&hasta=${HASTA}`;

const EMPLEADOS = [
  { codigo: 'HX001', nombre: BUSCADO, area: AREA_A },
  { codigo: 'HX002', nombre: 'Ana Torres HX', area: AREA_A },
  { codigo: 'HX003', nombre: 'Luis Rojas HX', area: AREA_A },
  { codigo: 'HX004', nombre: 'Marta Vega HX', area: AREA_B },
  { codigo: 'HX005', nombre: 'Pedro Salas HX', area: AREA_B },
] as const;
const MOTIVOS = ['Cambio de formato', 'Alta demanda', 'Mantenimiento programado'];

interface Registro {
  codigo: string;
  nombre: string;
  area: string;
  fecha: string;
  horas: number;
  tipo: 'DOBLE' | 'TRIPLE';
  motivo: string;
}

/** Weekdays 1–18 March 2011, everyone present; overtime on a fixed pattern (half-hour steps). */
function archivo(): { csv: string; registros: Registro[] } {
  const lineas = [
    'Código;Nombre;Área;Fecha;Entrada;Salida;Código de ausencia;Horas extra;Tipo de horas extra;Motivo',
  ];
  const registros: Registro[] = [];
  for (let d = 1; d <= 18; d++) {
    const fecha = `2011-03-${String(d).padStart(2, '0')}`;
    const dow = new Date(`${fecha}T00:00:00Z`).getUTCDay();
    if (dow === 0 || dow === 6) continue;
    EMPLEADOS.forEach((e, i) => {
      const hay = (i + d) % 2 === 0 || e.nombre === BUSCADO;
      const horas = hay ? 1 + ((i + d) % 4) * 0.5 : 0;
      const tipo = d % 5 === 0 ? 'TRIPLE' : 'DOBLE';
      const motivo = hay ? MOTIVOS[(i + d) % MOTIVOS.length]! : '';
      if (hay) registros.push({ ...e, fecha, horas, tipo, motivo });
      lineas.push(
        [
          e.codigo,
          e.nombre,
          e.area,
          `${String(d).padStart(2, '0')}/03/2011`,
          '07:00',
          hay ? '17:00' : '15:00',
          '',
          hay ? String(horas).replace('.', ',') : '',
          hay ? tipo : '',
          motivo,
        ].join(';'),
      );
    });
  }
  return { csv: lineas.join('\r\n') + '\r\n', registros };
}

const suma = (rs: readonly { horas: number }[]) =>
  Math.round(rs.reduce((s, r) => s + r.horas, 0) * 100) / 100;

/** POSTs a GraphQL query; returns the body whatever it holds (errors included). */
async function graphql(
  query: string,
  variables: Record<string, unknown>,
  token: string,
): Promise<{
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}> {
  const response = await fetch(`${baseURL()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as never;
}

const DETALLE = `query($d: Date!, $h: Date!, $a: String) {
  horasExtraDetalle(desde: $d, hasta: $h, area: $a) { id fecha horas tipo motivo empleado { codigo nombre area } }
}`;

async function detalleApi(token: string, area: string | null) {
  const body = await graphql(DETALLE, { d: DESDE, h: HASTA, a: area }, token);
  if (!body.data || body.errors) throw new Error(`API: ${JSON.stringify(body.errors)}`);
  return body.data.horasExtraDetalle as { horas: number; empleado: { nombre: string; area: string } }[];
}

/** The large figure of a KPI card. */
const kpi = (page: Page, testId: string) => page.getByTestId(testId).getByTestId('kpi-diario').textContent();

/**
 * The DataGrid's total row count, from its footer ('1–25 de 61'), scrolled to as a person does (the
 * grid, last on the screen, loads when it comes near the view).
 */
async function filasGrid(page: Page): Promise<number | null> {
  await page.getByTestId('seccion-detalle').scrollIntoViewIfNeeded();
  const texto = await page
    .getByTestId('detalle-horas-extra')
    .locator('.MuiTablePagination-displayedRows')
    .textContent()
    .catch(() => null);
  const m = /de\s+([\d,.]+)/.exec(texto ?? '');
  return m ? Number(m[1]!.replace(/[,.]/g, '')) : null;
}

describe('Horas Extra ~ Recursos Humanos', () => {
  const { newPage } = useBrowser();
  let hr: TestUser;
  let sinPermiso: TestUser;
  let hrToken: string;
  const { csv, registros } = archivo();

  beforeAll(async () => {
    [hr, sinPermiso] = await Promise.all([
      createTestUser('hxrrhh', 'human-resources'),
      createTestUser('hxnone', null),
    ]);
    hrToken = await apiLogin(hr.username, hr.password);
    const form = new FormData();
    form.append('archivo', new Blob([csv], { type: 'text/csv' }), 'marcaciones-hx.csv');
    const response = await fetch(`${baseURL()}/api/rrhh/importaciones`, {
      method: 'POST',
      headers: { authorization: `Bearer ${hrToken}` },
      body: form,
    });
    if (response.status !== 200)
      throw new Error(`importación: ${response.status} ${(await response.text()).slice(0, 500)}`);
  });

  it('an HR user sees the month: cards that reconcile with the API, charts drawn, tables filled', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, hr.username, hr.password);
    await page.goto(RUTA);
    await expect.poll(() => headerTitle(page)).toBe('Horas Extra ~ Recursos Humnanos');
    const detalle = await detalleApi(hrToken, null);
    expect(detalle.length).toBeGreaterThanOrEqual(registros.length);
    // Total hours card = Σ of the detail records the API returns for the same range.
    await expect.poll(() => kpi(page, 'kpi-horas-extra'), { timeout: 20_000 }).toBe(es(suma(detalle), 1));
    await expectChartDrawn(page, 'grafico-semanas');
    await expectChartDrawn(page, 'grafico-tendencia');
    // The weeks of March 2011 (Monday 28/02 … Monday 28/03) label the chart's text alternative.
    const semanas = await page.getByTestId('grafico-semanas-tabla').locator('tbody tr').allTextContents();
    expect(semanas[0]).toContain('Sem. 9 (28/02)');
    expect(semanas.some((s) => s.includes('Sem. 11 (14/03)'))).toBe(true);
    // Both areas by week; no budget is set for them.
    const areaSemana = page.getByTestId('tabla-area-semana');
    await expect.poll(() => areaSemana.locator('tbody tr').count()).toBeGreaterThanOrEqual(6);
    expect(await areaSemana.textContent()).toContain(AREA_B);
    // The top employee is the one with overtime every day.
    const top = page.getByTestId('top-empleados');
    await expect.poll(() => top.locator('tbody tr').count()).toBeGreaterThanOrEqual(EMPLEADOS.length);
    const propios = registros.filter((r) => r.nombre === BUSCADO);
    expect(await top.locator('tbody tr').first().textContent()).toContain(BUSCADO);
    expect(await top.getByTestId('top-empleados-horas').first().textContent()).toBe(es(suma(propios), 1));
    await expect.poll(() => filasGrid(page), { timeout: 20_000 }).toBe(detalle.length);
    await cerrarPagina(page);
  });

  it('the area filter narrows every figure to that area', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, hr.username, hr.password);
    await page.goto(RUTA);
    await page.getByRole('combobox', { name: 'Área' }).click();
    await page.getByRole('option', { name: AREA_B }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('area')).toBe(AREA_B);
    const api = await detalleApi(hrToken, AREA_B);
    const esperados = registros.filter((r) => r.area === AREA_B);
    expect(suma(api)).toBe(suma(esperados));
    await expect.poll(() => kpi(page, 'kpi-horas-extra'), { timeout: 20_000 }).toBe(es(suma(esperados), 1));
    await expect.poll(() => filasGrid(page), { timeout: 20_000 }).toBe(esperados.length);
    const top = await page.getByTestId('top-empleados').locator('tbody tr').allTextContents();
    expect(top).toHaveLength(2);
    expect(top.every((t) => t.includes(AREA_B))).toBe(true);
    const areas = await page.getByTestId('tabla-area-semana').textContent();
    expect(areas).not.toContain(AREA_A);
    await expectChartDrawn(page, 'grafico-semanas');
    // Back to every area.
    await page.getByRole('combobox', { name: 'Área' }).click();
    await page.getByRole('option', { name: 'Todas' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('area')).toBeNull();
    await expect
      .poll(() => kpi(page, 'kpi-horas-extra'), { timeout: 20_000 })
      .toBe(es(suma(await detalleApi(hrToken, null)), 1));
    await cerrarPagina(page);
  });

  it("the detail grid's search narrows the rows to the employee searched", async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, hr.username, hr.password);
    await page.goto(RUTA);
    const grid = page.getByTestId('detalle-horas-extra');
    await expect.poll(() => filasGrid(page), { timeout: 20_000 }).toBeGreaterThan(25);
    await grid.getByRole('button', { name: /buscar/i }).click();
    await grid.getByRole('searchbox').fill('Zacarías');
    const propios = registros.filter((r) => r.nombre === BUSCADO);
    await expect.poll(() => filasGrid(page), { timeout: 10_000 }).toBe(propios.length);
    const filas = await grid.locator('.MuiDataGrid-row').allTextContents();
    expect(filas).toHaveLength(propios.length);
    expect(filas.every((f) => f.includes(BUSCADO))).toBe(true);
    // Sorting by hours (header click) puts the largest first.
    await grid.getByRole('columnheader', { name: 'Horas' }).click();
    await grid.getByRole('columnheader', { name: 'Horas' }).click();
    const primera = await grid
      .locator('.MuiDataGrid-row')
      .first()
      .locator('[data-field="horas"]')
      .textContent();
    expect(primera).toBe(es(Math.max(...propios.map((r) => r.horas)), 1));
    await cerrarPagina(page);
  });

  it('Exportar → Excel downloads the .xlsx of the range', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, hr.username, hr.password);
    await page.goto(RUTA);
    await expect.poll(() => filasGrid(page), { timeout: 20_000 }).toBeGreaterThan(0);
    // The screen has one 'Exportar' (the grid's own toolbar export is off).
    await expect.poll(() => page.getByRole('button', { name: 'Exportar' }).count()).toBe(1);
    await page
      .getByRole('region', { name: 'Filtros de horas extra' })
      .getByRole('button', { name: 'Exportar' })
      .click();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^horas-extra_${DESDE}_${HASTA}.*\\.xlsx$`));
    const where = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'horas-extra-')), file.suggestedFilename());
    await file.saveAs(where);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(where);
    const hoja = book.getWorksheet('Detalle');
    expect(hoja).toBeDefined();
    // Every record of the searched employee is a row of the detail sheet.
    let veces = 0;
    hoja!.eachRow((row) => {
      if ((row.values as unknown[]).includes(BUSCADO)) veces++;
    });
    expect(veces).toBe(registros.filter((r) => r.nombre === BUSCADO).length);
    await cerrarPagina(page);
  });

  it('a user without the permission is sent to /no-autorizado and every HR query answers FORBIDDEN', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page, sinPermiso.username, sinPermiso.password);
    await page.goto(RUTA);
    await expectPath(page, '/no-autorizado');
    await cerrarPagina(page);
    const token = await apiLogin(sinPermiso.username, sinPermiso.password);
    const rango = { d: DESDE, h: HASTA };
    const consultas: [string, Record<string, unknown>][] = [
      ['{ areasRrhh }', {}],
      ['query($d: Date!, $h: Date!) { horasExtraResumen(desde: $d, hasta: $h) { horas } }', rango],
      ['query($d: Date!, $h: Date!) { horasExtraSemanal(desde: $d, hasta: $h) { semana } }', rango],
      ['query($d: Date!, $h: Date!) { horasExtraEmpleados(desde: $d, hasta: $h) { horas } }', rango],
      ['query($d: Date!, $h: Date!) { horasExtraDetalle(desde: $d, hasta: $h) { id } }', rango],
      [
        'mutation($i: ExportarHorasExtraInput!) { exportarHorasExtra(input: $i) { id } }',
        { i: { desde: DESDE, hasta: HASTA } },
      ],
    ];
    for (const [query, variables] of consultas) {
      const body = await graphql(query, variables, token);
      expect(body.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
      expect(JSON.stringify(body.data ?? null)).not.toContain('HX');
    }
  });

  it('at 360 px: no sideways scroll, charts drawn, the grid scrolls inside itself', async () => {
    const page = await newPage(360);
    await iniciarSesion(page, hr.username, hr.password);
    await page.goto(RUTA);
    await expectChartDrawn(page, 'grafico-semanas');
    await expectChartDrawn(page, 'grafico-tendencia');
    await expect.poll(() => filasGrid(page), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
