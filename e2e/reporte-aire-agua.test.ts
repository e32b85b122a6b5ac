import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { addDays, productionDayRange } from '@planta/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';
import { chartState, ddmmyyyy, es, expectChartDrawn, focusDateField, historyFrom } from './dashboard.ts';

// /reportes/aire and /reportes/agua. The e2e server runs the plant simulator and the collector:
// the air meters and the water meters have minute readings since the server started, so the day in
// progress has data at a 1-minute interval. The tables are compared with the API's report for the
// same instants; the interval still filling (the last minutes) is left out of the comparison.

interface Reporte {
  intervalo_minutos: number;
  columnas: { variable: string; unidad: string; decimales: number; agregacion: string }[];
  filas: { fecha: string; valores: (number | null)[] }[];
}

/** The table's head and the rows of the page shown, as text. */
function tabla(page: Page) {
  return page.getByTestId('tabla-reporte').evaluate((table) => ({
    head: Array.from(table.querySelectorAll('thead th')).map((c) => c.textContent ?? ''),
    rows: Array.from(table.querySelectorAll('tbody tr')).map((r) =>
      Array.from(r.querySelectorAll('th, td')).map((c) => c.textContent ?? ''),
    ),
  }));
}

/** The request the screen shows ('inicio|fin|intervalo'), once its data is on screen. */
const consulta = (page: Page) => page.getByTestId('reporte').getAttribute('data-consulta');

/** 'DD/MM/YYYY HH:mm' of an instant in plant time, as the table writes it. */
function plantLabel(instant: string, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

describe('Reporte de Aire y Reporte de Agua', () => {
  const { newPage } = useBrowser();
  let token: string;
  let hoy: string;
  let tz: string;

  const reporteApi = async (medio: 'Aire' | 'Agua', d: string, h: string, i: string, v?: string[]) => {
    const field = `reporte${medio}`;
    const args = medio === 'Agua' ? ', variables: $v' : '';
    const vars = medio === 'Agua' ? ', $v: [String!]' : '';
    const r = await api<Record<string, Reporte>>(
      `query($d: DateTime!, $h: DateTime!, $i: String!${vars}) { ${field}(desde: $d, hasta: $h, intervalo: $i${args}) {
        intervalo_minutos columnas { variable unidad decimales agregacion } filas { fecha valores } } }`,
      { d, h, i, ...(medio === 'Agua' && { v: v ?? null }) },
      token,
    );
    return r[field]!;
  };

  /** The day in progress as the screen reads it (08:00 → 08:00 plant time). */
  const dia = (fecha: string) => {
    const { start, end } = productionDayRange(fecha, tz);
    return { inicio: start.toISOString(), fin: end.toISOString() };
  };

  /**
   * Rows of the page shown that match the API's report fetched now: every row whose interval ended
   * before the API call (the last ones may still be filling) must read the same, label and values.
   */
  async function expectTableMatchesApi(page: Page, medio: 'Aire' | 'Agua', intervalo: string, v?: string[]) {
    const [inicio, fin] = (await consulta(page))!.split('|') as [string, string];
    const ahora = Date.now();
    const api = await reporteApi(medio, inicio, fin, intervalo, v);
    const { head, rows } = await tabla(page);
    // Units once, at the end: 'Flujo aire AP soplado (Nm³/h)_561' → 'Flujo aire AP soplado 561 (Nm³/h)'.
    expect(head).toEqual([
      'Periodo',
      ...api.columnas.map(
        (c) => `${c.variable.replace(` (${c.unidad})`, '').replace(/_(\d+)$/, ' $1')} (${c.unidad})`,
      ),
    ]);
    const completas = api.filas.filter(
      (f) => new Date(f.fecha).getTime() + api.intervalo_minutos * 60_000 < ahora - 60_000,
    );
    const shown = rows.slice(0, completas.length);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(
      completas
        .slice(0, shown.length)
        .map((f) => [
          plantLabel(f.fecha, tz),
          ...f.valores.map((v, j) => (v === null ? '—' : es(v, api.columnas[j]!.decimales))),
        ]),
    );
    return api;
  }

  beforeAll(async () => {
    token = await apiLogin();
    const { calendarioPlanta } = await api<{
      calendarioPlanta: { dia_produccion: string; zona_horaria: string };
    }>('{ calendarioPlanta { dia_produccion zona_horaria } }', {}, token);
    hoy = calendarioPlanta.dia_produccion;
    tz = calendarioPlanta.zona_horaria;
    // The pickers offer nothing before the plant's first day of history: make it at least 10 days back.
    await historyFrom(token, addDays(hoy, -10));
    // The collector needs a few minutes of readings since the server started (complete 1-minute rows).
    const { inicio } = dia(hoy);
    for (let i = 0; i < 90; i++) {
      const r = await reporteApi('Aire', inicio, new Date().toISOString(), '1m');
      const w = await reporteApi('Agua', inicio, new Date().toISOString(), '1m');
      const conValor = (x: Reporte) => x.filas.filter((f) => f.valores.some((v) => v !== null)).length;
      if (conValor(r) >= 3 && conValor(w) >= 3) break;
      await new Promise((res) => setTimeout(res, 2000));
    }
  }, 240_000);

  it('Reporte de Aire: title, default filters, chart drawn and the table matching the API', async () => {
    const page = await newPage(1440);
    await page.setViewportSize({ width: 1440, height: 900 });
    await iniciarSesion(page);
    await page.goto('/reportes/aire');
    await expect.poll(() => headerTitle(page)).toBe('Reporte de Aire');
    await expect.poll(() => page.title()).toBe('Reporte de Aire');
    // Defaults: the last 7 production days up to today, hourly.
    const desde = addDays(hoy, -6);
    await expect
      .poll(() => consulta(page), { timeout: 20_000 })
      .toBe(`${dia(desde).inicio}|${dia(hoy).fin}|1h`);
    expect(await page.getByTestId('selector-desde').locator('input').inputValue()).toBe(ddmmyyyy(desde));
    expect(await page.getByTestId('selector-hasta').locator('input').inputValue()).toBe(ddmmyyyy(hoy));
    expect(await page.getByRole('button', { name: 'Reporte', exact: true }).isVisible()).toBe(true);

    await page.goto(`/reportes/aire?desde=${hoy}&hasta=${hoy}&intervalo=1m`);
    await expect
      .poll(() => consulta(page), { timeout: 20_000 })
      .toBe(`${dia(hoy).inicio}|${dia(hoy).fin}|1m`);
    await expectChartDrawn(page, 'chart-reporte');
    const api = await expectTableMatchesApi(page, 'Aire', '1m');
    expect(api.columnas.length).toBeGreaterThan(0);
    expect(api.columnas.every((c) => c.unidad === 'Nm³/h' || c.unidad === '%')).toBe(true);
    const chart = await chartState(page, 'chart-reporte');
    // Every column with a value in the range is drawn (one without any stays in the table only).
    const conValor = api.columnas.filter((_, j) => api.filas.some((f) => f.valores[j] !== null));
    expect(chart!.series.length).toBe(conValor.length);
    // The summary row: a flow's average over the range.
    expect(await page.getByTestId('fila-resumen').textContent()).toContain('Promedio');
    // Paged: never more than a page of rows in the DOM.
    expect((await tabla(page)).rows.length).toBeLessThanOrEqual(24);
    // The page asked before the API did: a minute that ended in between is in the API's rows only.
    const total = Number(
      /de (\d+)/.exec((await page.getByTestId('paginacion-reporte').textContent()) ?? '')?.[1],
    );
    expect(total).toBeGreaterThanOrEqual(api.filas.length - 1);
    expect(total).toBeLessThanOrEqual(api.filas.length);
    await cerrarPagina(page);
  });

  it('Reporte de Aire: the interval and the range reload it; a half-typed date changes nothing', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto(`/reportes/aire?desde=${hoy}&hasta=${hoy}&intervalo=5m`);
    await expect
      .poll(() => consulta(page), { timeout: 20_000 })
      .toBe(`${dia(hoy).inicio}|${dia(hoy).fin}|5m`);

    await page.getByTestId('selector-intervalo').click();
    await page.getByRole('option', { name: '1 minuto', exact: true }).click();
    await expect
      .poll(() => consulta(page), { timeout: 20_000 })
      .toBe(`${dia(hoy).inicio}|${dia(hoy).fin}|1m`);
    expect(new URL(page.url()).searchParams.get('intervalo')).toBe('1m');
    await expectTableMatchesApi(page, 'Aire', '1m');

    // Typing the day before key by key: nothing reloads until the date is complete and applied.
    const ayer = addDays(hoy, -1);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/graphql') && (r.postData() ?? '').includes('ReporteAire'))
        requests.push(r.url());
    });
    await focusDateField(page, 'selector-desde');
    for (const key of ddmmyyyy(ayer).replaceAll('/', '')) {
      await page.keyboard.type(key);
      expect(await consulta(page)).toBe(`${dia(hoy).inicio}|${dia(hoy).fin}|1m`);
      expect(new URL(page.url()).searchParams.get('desde')).toBe(hoy);
    }
    expect(requests).toEqual([]);
    expect(await page.getByText('No se pudo').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => consulta(page), { timeout: 20_000 })
      .toBe(`${dia(ayer).inicio}|${dia(hoy).fin}|1m`);
    expect(new URL(page.url()).searchParams.get('desde')).toBe(ayer);
    await expectTableMatchesApi(page, 'Aire', '1m');

    // A reload keeps the filters.
    await page.reload();
    await expect
      .poll(() => consulta(page), { timeout: 20_000 })
      .toBe(`${dia(ayer).inicio}|${dia(hoy).fin}|1m`);
    expect(await page.getByTestId('selector-desde').locator('input').inputValue()).toBe(ddmmyyyy(ayer));
    await cerrarPagina(page);
  });

  it('Reporte de Agua: no report button, all the water variables by default, one chosen reloads', async () => {
    const page = await newPage(1440);
    await page.setViewportSize({ width: 1440, height: 900 });
    await iniciarSesion(page);
    await page.goto(`/reportes/agua?desde=${hoy}&hasta=${hoy}&intervalo=1m`);
    await expect.poll(() => headerTitle(page)).toBe('Reporte de Agua');
    await expect.poll(() => page.title()).toBe('Reporte de Agua');
    await expect
      .poll(() => consulta(page), { timeout: 20_000 })
      .toBe(`${dia(hoy).inicio}|${dia(hoy).fin}|1m`);
    expect(await page.getByRole('button', { name: 'Reporte', exact: true }).count()).toBe(0);
    const { reporteAguaVariables: variables } = await api<{ reporteAguaVariables: { variable: string }[] }>(
      '{ reporteAguaVariables { variable } }',
      {},
      token,
    );
    expect(variables.length).toBeGreaterThan(1);
    expect(await page.getByTestId('selector-variables').textContent()).toContain(
      `Todas (${variables.length})`,
    );
    await expectChartDrawn(page, 'chart-reporte');
    const todas = await expectTableMatchesApi(page, 'Agua', '1m');
    expect(todas.columnas.map((c) => c.variable)).toEqual(variables.map((v) => v.variable));
    // Volumes are summed over the range.
    expect(await page.getByTestId('fila-resumen').textContent()).toContain('Total');

    // Only the first variable: the URL keeps it, the table and chart have that column only.
    const primera = variables[0]!.variable;
    await page.getByTestId('selector-variables').click();
    await page.getByRole('option', { name: 'Todas', exact: true }).click(); // none
    await expect.poll(() => page.getByText('Elija al menos una variable de agua.').isVisible()).toBe(true);
    await page.getByRole('option', { name: primera, exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => new URL(page.url()).searchParams.getAll('variable')).toEqual([primera]);
    await expect.poll(() => tabla(page).then((t) => t.head.length), { timeout: 20_000 }).toBe(2);
    await expectTableMatchesApi(page, 'Agua', '1m', [primera]);
    expect((await chartState(page, 'chart-reporte'))!.series.length).toBe(1);
    await page.reload();
    await expect.poll(() => tabla(page).then((t) => t.head.length), { timeout: 20_000 }).toBe(2);
    expect(await page.getByTestId('selector-variables').textContent()).toContain(primera);
    await cerrarPagina(page);
  });

  it('Exportar → Excel downloads a real .xlsx whose rows are the API report for the same range', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto(`/reportes/aire?desde=${hoy}&hasta=${hoy}&intervalo=1m`);
    await expect
      .poll(() => consulta(page), { timeout: 20_000 })
      .toBe(`${dia(hoy).inicio}|${dia(hoy).fin}|1m`);
    await page.getByRole('button', { name: 'Exportar' }).click();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    const file = await download;
    const desde = new Date(dia(hoy).inicio).getTime();
    expect(file.suggestedFilename()).toBe(`reporte-aire_${hoy}_${hoy}.xlsx`);
    const where = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'reporte-aire-')),
      file.suggestedFilename(),
    );
    await file.saveAs(where);
    const ahora = Date.now();
    const api = await reporteApi('Aire', dia(hoy).inicio, dia(hoy).fin, '1m');

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(where);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Reporte de Aire');
    const header = (sheet.getRow(7).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Fecha y hora',
      ...api.columnas.map((c) =>
        c.variable.includes(`(${c.unidad})`) ? c.variable : `${c.variable} (${c.unidad})`,
      ),
    ]);
    // Data rows from row 8: a real Excel date (plant wall clock) and the API's numbers.
    const filas: { label: string; valores: (number | null)[] }[] = [];
    for (let r = 8; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const fecha = row.getCell(1).value;
      if (!(fecha instanceof Date)) break; // the summary rows
      const p2 = (n: number) => String(n).padStart(2, '0');
      filas.push({
        label: `${p2(fecha.getUTCDate())}/${p2(fecha.getUTCMonth() + 1)}/${fecha.getUTCFullYear()} ${p2(fecha.getUTCHours())}:${p2(fecha.getUTCMinutes())}`,
        valores: api.columnas.map((_, j) => {
          const v = row.getCell(j + 2).value;
          return typeof v === 'number' ? v : null;
        }),
      });
    }
    expect(filas.length).toBeGreaterThan(0);
    expect(new Date(api.filas[0]!.fecha).getTime()).toBeGreaterThanOrEqual(desde);
    // The rows complete when the file was written are the API's, in order.
    const completas = api.filas.filter((f) => new Date(f.fecha).getTime() + 60_000 < ahora - 90_000);
    const comunes = Math.min(completas.length, filas.length - 1);
    expect(comunes).toBeGreaterThan(0);
    expect(filas.slice(0, comunes)).toEqual(
      completas.slice(0, comunes).map((f) => ({ label: plantLabel(f.fecha, tz), valores: f.valores })),
    );
    // Done: no error, and the button is free for another export.
    expect(await page.getByText('La exportación falló').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Exportar' }).isEnabled()).toBe(true);
    await cerrarPagina(page);
  });

  for (const ruta of ['/reportes/aire', '/reportes/agua']) {
    it(`${ruta} at 360 px: no horizontal scroll, chart and table in place`, async () => {
      const page = await newPage(360);
      await iniciarSesion(page);
      await page.goto(`${ruta}?desde=${hoy}&hasta=${hoy}&intervalo=15m`);
      await expect
        .poll(() => consulta(page), { timeout: 20_000 })
        .toBe(`${dia(hoy).inicio}|${dia(hoy).fin}|15m`);
      await expectChartDrawn(page, 'chart-reporte');
      expect(await page.getByTestId('tabla-reporte').isVisible()).toBe(true);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await cerrarPagina(page);
    });
  }

  it('a URL with a bad date or interval falls back to the defaults and says so', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/reportes/aire?desde=2026-02-30&intervalo=3m');
    await expect
      .poll(() => consulta(page), { timeout: 20_000 })
      .toBe(`${dia(addDays(hoy, -6)).inicio}|${dia(hoy).fin}|1h`);
    expect(await page.getByText('Valor del enlace no válido').count()).toBe(2);
    expect(await page.getByTestId('tabla-reporte').isVisible()).toBe(true);
    await cerrarPagina(page);
  });
});
