import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, isOperation, operationData } from './api.ts';
import { hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';
import { es, expectChartDrawn, focusDateField } from './dashboard.ts';

// /reportes/contadores and /reportes/scada. The e2e server runs the plant simulator and the
// collector without demo history: the day in progress has line counters and OPC readings since
// the server started, and nothing here writes data (the reports only read).

/** Where the downloaded .xlsx files are written to be read back. */
const DESCARGAS = '/tmp/shots13';

const FILA = `linea linea_nombre fecha turno inicio fin botellas botellas_llenas paquetes producto_terminado velocidad_media minutos_marcha producto`;
const CONTADORES = `query($d: Date!, $h: Date!, $a: AgrupacionContadores!, $l: [Int!]) {
  reporteContadores(desde: $d, hasta: $h, agrupacion: $a, lineas: $l) { filas { ${FILA} } total { paquetes } }
}`;
const SCADA = `query($v: [ID!]!, $d: DateTime!, $h: DateTime!, $i: IntervaloScada!) {
  reporteScada(variables: $v, desde: $d, hasta: $h, intervalo: $i) {
    columnas { id nombre unidad decimales } filas { inicio valores } resumen
  }
}`;

interface Fila {
  linea: number;
  linea_nombre: string;
  inicio: string;
  fin: string;
  paquetes: number;
  botellas: number;
  producto_terminado: number;
}

/** The rows of a table, each as the texts of its cells. */
const tableRows = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent ?? '')),
    );

/** Clicks Exportar → Excel (.xlsx), waits for the browser's download and opens it with exceljs. */
async function descargarXlsx(page: Page, nombre: string): Promise<ExcelJS.Workbook> {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Exportar' }).click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^${nombre}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
  );
  fs.mkdirSync(DESCARGAS, { recursive: true });
  const path = `${DESCARGAS}/${file.suggestedFilename()}`;
  await file.saveAs(path);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  return book;
}

/** An instant as the .xlsx stores it: plant wall-clock time written as if it were UTC. */
function wall(iso: string, timeZone: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(new Date(iso))
      .filter((x) => x.type !== 'literal')
      .map((x) => [x.type, Number(x.value)]),
  );
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
}

describe('Reporte de Contadores y Reporte de Variables SCADA', () => {
  const { newPage } = useBrowser();
  let token: string;
  let hoy: string;
  let zona: string;
  let variablesConDatos: { id: string; nombre: string }[];

  beforeAll(async () => {
    token = await apiLogin();
    const { calendarioPlanta } = await api<{
      calendarioPlanta: { dia_produccion: string; zona_horaria: string };
    }>('{ calendarioPlanta { dia_produccion zona_horaria } }', {}, token);
    hoy = calendarioPlanta.dia_produccion;
    zona = calendarioPlanta.zona_horaria;
    // The collector needs a few minutes of the day in progress: counters in the hourly rollup and
    // OPC readings of at least two variables.
    const { variablesScada } = await api<{ variablesScada: { id: string; nombre: string }[] }>(
      '{ variablesScada { id nombre } }',
      {},
      token,
    );
    const candidatas = variablesScada.slice(0, 20);
    variablesConDatos = [];
    for (let i = 0; i < 90; i++) {
      const c = await api<{ reporteContadores: { filas: Fila[] } }>(
        CONTADORES,
        { d: hoy, h: hoy, a: 'HORA' },
        token,
      );
      const s = await api<{ reporteScada: { filas: { valores: (number | null)[] }[] } }>(
        SCADA,
        {
          v: candidatas.map((v) => v.id),
          d: new Date(Date.now() - 2 * 3600_000).toISOString(),
          h: new Date().toISOString(),
          i: 'HORA',
        },
        token,
      );
      variablesConDatos = candidatas.filter((_, k) =>
        s.reporteScada.filas.some((f) => f.valores[k] !== null),
      );
      if (c.reporteContadores.filas.some((f) => f.paquetes > 0) && variablesConDatos.length >= 2) break;
      await new Promise((res) => setTimeout(res, 2000));
    }
    expect(variablesConDatos.length).toBeGreaterThanOrEqual(2);
  }, 240_000); // up to 90 polls 2 s apart, when this file runs first after the server's start

  it('Contadores: title, table rows equal to the API, totals, chart drawn, filters reload and stay in the URL', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    const answer = page.waitForResponse(isOperation('query ReporteContadores('));
    await page.goto(`/reportes/contadores?desde=${hoy}&hasta=${hoy}`);
    expect(await headerTitle(page)).toBe('Reporte de Contadores');
    const ready = page.getByTestId('reporte-contadores');
    await expect.poll(() => ready.getAttribute('data-agrupacion'), { timeout: 20_000 }).toBe('HORA');
    const shown = (
      await operationData<{ reporteContadores: { filas: Fila[]; total: { paquetes: number } } }>(await answer)
    ).reporteContadores;
    expect(shown.filas.length).toBeGreaterThan(0);

    // What the table shows is the API's answer: one row per line and hour, its figures as written.
    const rows = await tableRows(page, 'fila-contadores');
    expect(rows).toHaveLength(Math.min(50, shown.filas.length));
    for (const [k, cells] of rows.entries()) {
      const f = shown.filas[k]!;
      expect(cells[0]).toBe(f.linea_nombre);
      expect(cells).toContain(es(f.paquetes));
      expect(cells).toContain(es(f.producto_terminado));
    }
    const total = await tableRows(page, 'fila-total');
    expect(total[0]![0]).toBe('Total');
    expect(total[0]).toContain(es(shown.total.paquetes));

    // And the API, asked on its own, agrees on every hour already closed (the running hour grows).
    const again = await api<{ reporteContadores: { filas: Fila[] } }>(
      CONTADORES,
      { d: hoy, h: hoy, a: 'HORA' },
      token,
    );
    const otra = new Map(again.reporteContadores.filas.map((f) => [`${f.linea}|${f.inicio}`, f]));
    const cerradas = shown.filas.filter((f) => Date.parse(f.fin) < Date.now() - 120_000);
    for (const f of cerradas) {
      expect(otra.get(`${f.linea}|${f.inicio}`)).toMatchObject({
        paquetes: f.paquetes,
        botellas: f.botellas,
        producto_terminado: f.producto_terminado,
      });
    }
    expect(otra.size).toBeGreaterThanOrEqual(shown.filas.length);

    await expectChartDrawn(page, 'chart-contadores');

    // Exportar → a real .xlsx whose rows are the API's (closed hours equal; every row's line and hour).
    const book = await descargarXlsx(page, 'reporte-contadores');
    const sheet = book.getWorksheet('Contadores')!;
    expect(sheet.getCell('A1').value).toBe('Reporte de Contadores');
    expect((sheet.getRow(7).values as unknown[]).slice(1, 4)).toEqual(['Línea', 'Hora', 'Producto']);
    const despues = await api<{ reporteContadores: { filas: Fila[] } }>(
      CONTADORES,
      { d: hoy, h: hoy, a: 'HORA' },
      token,
    );
    const porClave = new Map(
      despues.reporteContadores.filas.map((f) => [`${f.linea_nombre}|${wall(f.inicio, zona)}`, f]),
    );
    let filasXlsx = 0;
    for (let r = 8; sheet.getRow(r).getCell(1).value !== 'Total'; r++) {
      const row = sheet.getRow(r);
      const f = porClave.get(`${String(row.getCell(1).value)}|${(row.getCell(2).value as Date).getTime()}`);
      expect(f).toBeDefined();
      if (Date.parse(f!.fin) < Date.now() - 120_000) {
        expect(row.getCell(6).value).toBe(f!.paquetes);
        expect(row.getCell(7).value).toBe(f!.producto_terminado);
      }
      filasXlsx++;
    }
    expect(filasXlsx).toBeGreaterThan(0);
    expect(despues.reporteContadores.filas.length - filasXlsx).toBeLessThanOrEqual(8);

    // Grouping by shift reloads and is kept in the URL.
    await page.getByTestId('selector-agrupacion').click();
    await page.getByRole('option', { name: /^Turno/ }).click();
    await expect.poll(() => ready.getAttribute('data-agrupacion'), { timeout: 20_000 }).toBe('TURNO');
    expect(new URL(page.url()).searchParams.get('agrupacion')).toBe('TURNO');
    const turnos = await tableRows(page, 'fila-contadores');
    expect(turnos.length).toBeGreaterThan(0);
    for (const cells of turnos) expect(cells[1]).toMatch(/T[123] \d\d–\d\d$/);

    // One line only.
    await page.getByTestId('selector-lineas').click();
    await page.getByRole('option', { name: 'Línea 1', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => ready.getAttribute('data-lineas'), { timeout: 20_000 }).toBe('1');
    await expect
      .poll(async () => [...new Set((await tableRows(page, 'fila-contadores')).map((c) => c[0]))], {
        timeout: 20_000,
      })
      .toEqual(['Línea 1']);

    // A reload keeps the filters.
    await page.reload();
    await expect.poll(() => ready.getAttribute('data-agrupacion'), { timeout: 20_000 }).toBe('TURNO');
    expect(await ready.getAttribute('data-lineas')).toBe('1');

    // A half-typed date never reloads: the URL and the report stay as they were.
    const url = page.url();
    await focusDateField(page, 'rango-desde');
    await page.keyboard.type('1');
    // A fixed wait on purpose: nothing may happen in this time (no condition to wait for).
    await page.waitForTimeout(500);
    expect(page.url()).toBe(url);
  });

  it('Contadores at 360 px: no sideways scroll, table and chart inside the screen', async () => {
    const page = await newPage(360);
    await iniciarSesion(page);
    await page.goto(`/reportes/contadores?desde=${hoy}&hasta=${hoy}&agrupacion=DIA`);
    await expect
      .poll(() => page.getByTestId('reporte-contadores').getAttribute('data-agrupacion'), { timeout: 20_000 })
      .toBe('DIA');
    await expectChartDrawn(page, 'chart-contadores');
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it('SCADA: title, opened with variables, table rows equal to the API, chart drawn, interval and variables reload', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/reportes/scada');
    expect(await headerTitle(page)).toBe('Reporte de Variables SCADA');
    // It opens with the first line's variables, not empty (e2e/reporte-scada-variables.test.ts).
    await expect
      .poll(() => new URL(page.url()).searchParams.get('variables'), { timeout: 20_000 })
      .toMatch(/^\d+(,\d+)*$/);
    // The list of variables shows once the address names them (one render after it).
    await expect.poll(() => page.getByTestId('reporte-scada').count()).toBe(1);
    expect(await page.getByTestId('sin-variables').count()).toBe(0);

    const [a, b] = variablesConDatos;
    // This address's answer (15-minute buckets), not the one of the variables it opened with.
    const answer = page.waitForResponse(
      (r) =>
        isOperation('query ReporteScada(')(r) && (r.request().postData() ?? '').includes('QUINCE_MINUTOS'),
    );
    await page.goto(`/reportes/scada?variables=${a!.id},${b!.id}&intervalo=QUINCE_MINUTOS`);
    const ready = page.getByTestId('reporte-scada');
    await expect.poll(() => ready.getAttribute('data-intervalo'), { timeout: 20_000 }).toBe('QUINCE_MINUTOS');
    const response = await answer;
    const asked = JSON.parse(response.request().postData() ?? '{}') as {
      variables: { desde: string; hasta: string };
    };
    const shown = (
      await operationData<{
        reporteScada: {
          columnas: { nombre: string; decimales: number }[];
          filas: { inicio: string; valores: (number | null)[] }[];
        };
      }>(response)
    ).reporteScada;
    expect(shown.columnas.map((c) => c.nombre)).toEqual([a!.nombre, b!.nombre]);
    // The page's rows are the API's; the API asked again for the same range agrees on closed buckets.
    const rows = await tableRows(page, 'fila-scada');
    expect(rows).toHaveLength(Math.min(50, shown.filas.length));
    for (const [k, cells] of rows.entries()) {
      shown.columnas.forEach((c, j) => {
        const v = shown.filas[k]!.valores[j];
        expect(cells[j + 1]).toBe(v == null ? '—' : es(v, c.decimales));
      });
    }
    const again = await api<{ reporteScada: { filas: { inicio: string; valores: (number | null)[] }[] } }>(
      SCADA,
      { v: [a!.id, b!.id], d: asked.variables.desde, h: asked.variables.hasta, i: 'QUINCE_MINUTOS' },
      token,
    );
    const cerradas = (fs: { inicio: string; valores: (number | null)[] }[]) =>
      fs.filter((f) => Date.parse(f.inicio) + 15 * 60_000 < Date.now() - 120_000);
    expect(cerradas(again.reporteScada.filas).map((f) => f.inicio)).toEqual(
      cerradas(shown.filas).map((f) => f.inicio),
    );
    cerradas(shown.filas).forEach((f, k) => {
      f.valores.forEach((v, j) => {
        const w = cerradas(again.reporteScada.filas)[k]!.valores[j];
        if (v === null) expect(w).toBeNull();
        else expect(w).toBeCloseTo(v, 6);
      });
    });
    expect(await page.getByTestId('fila-resumen').textContent()).toContain('Rango completo');
    await expectChartDrawn(page, 'chart-scada');

    // Exportar → a real .xlsx: the same buckets and values as the API for the same range.
    const book = await descargarXlsx(page, 'reporte-scada');
    const hoja = book.getWorksheet('Variables SCADA')!;
    expect((hoja.getRow(7).values as unknown[]).slice(1, 2)).toEqual(['Fecha y hora']);
    const api2 = new Map(
      (
        await api<{ reporteScada: { filas: { inicio: string; valores: (number | null)[] }[] } }>(
          SCADA,
          { v: [a!.id, b!.id], d: asked.variables.desde, h: new Date().toISOString(), i: 'QUINCE_MINUTOS' },
          token,
        )
      ).reporteScada.filas.map((f) => [wall(f.inicio, zona), f]),
    );
    let celdas = 0;
    for (
      let r = 8;
      typeof hoja.getRow(r).getCell(1).value === 'object' && hoja.getRow(r).getCell(1).value;
      r++
    ) {
      const row = hoja.getRow(r);
      const t = (row.getCell(1).value as Date).getTime();
      const f = api2.get(t);
      expect(f).toBeDefined();
      celdas++;
      // Closed buckets only: the running one still grows.
      if (t + 15 * 60_000 < wall(new Date(Date.now() - 120_000).toISOString(), zona)) {
        f!.valores.forEach((v, j) => {
          const cell = row.getCell(2 + j).value as number | null;
          if (v === null) expect(cell ?? null).toBeNull();
          else expect(cell).toBeCloseTo(v, 6);
        });
      }
    }
    expect(celdas).toBeGreaterThan(0);

    // Interval: per hour.
    await page.getByTestId('selector-intervalo').click();
    await page.getByRole('option', { name: '1 hora' }).click();
    await expect.poll(() => ready.getAttribute('data-intervalo'), { timeout: 20_000 }).toBe('HORA');
    expect(new URL(page.url()).searchParams.get('intervalo')).toBe('HORA');

    // Variables are searchable: a third one found by typing part of its name.
    const c = variablesConDatos[2] ?? variablesConDatos.find((v) => v.id !== a!.id && v.id !== b!.id);
    if (c) {
      await page.getByRole('combobox', { name: 'Variables' }).fill(c.nombre.slice(0, 6));
      await page.getByRole('option', { name: c.nombre, exact: true }).click();
      await expect
        .poll(() => ready.getAttribute('data-variables'), { timeout: 20_000 })
        .toBe([a!.id, b!.id, c.id].join(','));
    }
    await page.reload();
    await expect.poll(() => ready.getAttribute('data-intervalo'), { timeout: 20_000 }).toBe('HORA');
  });

  it('SCADA at 360 px: no sideways scroll', async () => {
    const page = await newPage(360);
    await iniciarSesion(page);
    const [a, b] = variablesConDatos;
    await page.goto(`/reportes/scada?variables=${a!.id},${b!.id}`);
    await expect
      .poll(() => page.getByTestId('reporte-scada').getAttribute('data-intervalo'), { timeout: 20_000 })
      .toBe('HORA');
    await expectChartDrawn(page, 'chart-scada');
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
