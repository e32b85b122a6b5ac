import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, dashboardWindow } from '@planta/domain';
import { api, apiLogin, type Graphql } from './api.ts';
import { iniciarSesion } from './browser.ts';

// Helpers of the dashboard screens' tests: history written through the API, charts checked on
// their canvas, numbers written as the screens write them.

export interface HistoricoSeed {
  variable_id: string;
  fecha: string;
  diario: number;
  meta?: number;
}

/** Writes historicos in batches of 15 aliased mutations (the API's alias limit). */
export async function seedHistory(token: string, rows: readonly HistoricoSeed[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 15) {
    const batch = rows.slice(start, start + 15);
    const args = batch.map((_, i) => `$i${i}: CreateHistoricoInput!`).join(', ');
    const fields = batch.map((_, i) => `a${i}: createHistorico(input: $i${i}) { id }`).join(' ');
    try {
      await api(
        `mutation(${args}) { ${fields} }`,
        Object.fromEntries(batch.map((row, i) => [`i${i}`, row])),
        token,
      );
    } catch (error) {
      if (!String(error).includes('"CONFLICT"')) throw error;
      // A day another suite's save derived already (a configuration screen re-derives the days it
      // changes): the batch row by row, a day that exists replaced with the seeded figures.
      for (const row of batch) await escribirHistorico(token, row);
    }
  }
}

/** Writes one day of a variable, replacing the day if it exists (on `gql`'s server). */
export async function escribirHistorico(
  token: string,
  row: HistoricoSeed,
  gql: Graphql = api,
): Promise<void> {
  const { historicosVariables } = await gql<{ historicosVariables: { id: string; meta: number | null }[] }>(
    'query($ids: [ID!]!, $d: Date!) { historicosVariables(ids: $ids, desde: $d, hasta: $d) { id meta } }',
    { ids: [row.variable_id], d: row.fecha },
    token,
  );
  const existing = historicosVariables[0];
  if (!existing) {
    await gql('mutation($i: CreateHistoricoInput!) { createHistorico(input: $i) { id } }', { i: row }, token);
    return;
  }
  await gql(
    'mutation($id: ID!, $i: UpdateHistoricoInput!) { updateHistorico(id: $id, input: $i) { id } }',
    {
      id: existing.id,
      i: {
        fecha: row.fecha,
        diario: row.diario,
        mensual: 0,
        anual: 0,
        meta: row.meta ?? existing.meta ?? 0,
        mensual_calculado: true,
        anual_calculado: true,
      },
    },
    token,
  );
}

/**
 * Makes the plant's history start on `fecha` at the latest: the date pickers offer nothing before
 * the first day with history (calendarioPlanta.primer_dia), and the suites share one server. Writes
 * one reading of a variable no dashboard under test shows.
 */
export async function historyFrom(token: string, fecha: string): Promise<void> {
  const { calendarioPlanta } = await api<{ calendarioPlanta: { primer_dia: string | null } }>(
    '{ calendarioPlanta { primer_dia } }',
    {},
    token,
  );
  const primerDia = calendarioPlanta.primer_dia;
  if (primerDia !== null && primerDia <= fecha) return; // another suite reached back further
  const id = await variableIds(token);
  await seedHistory(token, [{ variable_id: id('Horómetro compresor 1 (h)'), fecha, diario: 1 }]);
}

/** The id of each variable by nombre (throws on a missing one). */
export async function variableIds(token: string): Promise<(nombre: string) => string> {
  const { variables } = await api<{ variables: { id: string; nombre: string }[] }>(
    '{ variables { id nombre } }',
    {},
    token,
  );
  return (nombre) => {
    const found = variables.find((v) => v.nombre === nombre);
    if (!found) throw new Error(`falta la variable ${nombre}`);
    return found.id;
  };
}

/** Painted (non-transparent) pixels of the chart's canvas. */
export function paintedPixels(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) return 0;
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
      return painted;
    });
}

/**
 * The chart's `data-state`, scrolled to first when it waits out of view (`offscreen`): a chart is
 * drawn once its place comes near the viewport (components/charts/chart.tsx), so a test that waits
 * for a drawing brings it into view, as a person's scroll does.
 */
export async function estadoGrafico(page: Page, testId: string): Promise<string | null> {
  const chart = page.getByTestId(testId);
  const estado = await chart.getAttribute('data-state');
  if (estado !== 'offscreen') return estado;
  await chart.scrollIntoViewIfNeeded();
  return chart.getAttribute('data-state');
}

/** Waits until the chart says it is ready (scrolled to it) and a share of its canvas is painted. */
export async function expectChartDrawn(page: Page, testId: string, minShare = 0.02): Promise<void> {
  const chart = page.getByTestId(testId);
  await expect.poll(() => estadoGrafico(page, testId), { timeout: 20_000 }).toBe('ready');
  const size = await chart
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => c.width * c.height);
  expect(size).toBeGreaterThan(0);
  await expect
    .poll(async () => (await paintedPixels(page, testId)) / size, { timeout: 10_000 })
    .toBeGreaterThan(minShare);
}

/** A number as the screens write it (es-PE: 1,234.5). */
export const es = (n: number, decimals = 0) =>
  n.toLocaleString('es-PE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** '2026-11-21' → '21/11/2026', as the date pickers show it. */
export const ddmmyyyy = (fecha: string) => fecha.split('-').reverse().join('/');

/** Logs in and opens a dashboard on a production day; resolves once `ready` (a test id) shows that day. */
export async function openDashboardOn(page: Page, path: string, ready: string, fecha: string): Promise<void> {
  await iniciarSesion(page);
  await page.goto(`${path}?fecha=${fecha}`);
  await expect
    .poll(() => page.getByTestId(ready).getAttribute('data-fecha'), { timeout: 20_000 })
    .toBe(fecha);
}

/** A variable's seeded history: its daily value on the i-th day of the window, and a constant meta. */
export interface SeededSeries {
  nombre: string;
  diario: (i: number) => number;
  meta: number;
}

/**
 * Writes the dashboard chart's window (SPEC §9: from the first of the month two months back) up to
 * two days before the production day in progress — days the collector never touches — for each
 * series. Returns that day in progress, the last day written and a day's index in the window.
 */
export async function seedDashboardWindow(
  series: readonly SeededSeries[],
): Promise<{ hoy: string; ayer2: string; indexOf: (fecha: string) => number }> {
  const token = await apiLogin();
  const { calendarioPlanta } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
    '{ calendarioPlanta { dia_produccion } }',
    {},
    token,
  );
  const hoy = calendarioPlanta.dia_produccion;
  const ayer2 = addDays(hoy, -2);
  const desde = dashboardWindow(hoy).monthlyFrom;
  const id = await variableIds(token);
  const rows: HistoricoSeed[] = [];
  let i = 0;
  for (let fecha = desde; fecha <= ayer2; fecha = addDays(fecha, 1), i++) {
    for (const s of series)
      rows.push({ variable_id: id(s.nombre), fecha, diario: s.diario(i), meta: s.meta });
  }
  await seedHistory(token, rows);
  const indexOf = (fecha: string) => {
    let n = 0;
    for (let d = desde; d < fecha; d = addDays(d, 1)) n++;
    return n;
  };
  return { hoy, ayer2, indexOf };
}

/** The chart's ECharts instance under test (the Chart wrapper exposes it to automation). */
export async function chartState(page: Page, testId: string) {
  await estadoGrafico(page, testId);
  return page.getByTestId(testId).evaluate((box) => {
    type Instance = {
      getOption(): { series: { name: string; data: (number | null)[]; showSymbol?: boolean }[] };
      getModel(): {
        getComponent(type: string, index: number): { axis: { scale: { getExtent(): [number, number] } } };
      };
    };
    const el = [box, ...Array.from(box.querySelectorAll('div'))].find((d) => '__chart' in d) as
      (Element & { __chart: Instance }) | undefined;
    if (!el) return null;
    const { series } = el.__chart.getOption();
    return {
      series: series.map((s) => ({ name: s.name, data: s.data, showSymbol: s.showSymbol })),
      yExtent: el.__chart.getModel().getComponent('yAxis', 0).axis.scale.getExtent(),
    };
  });
}

/** Focuses a date control's typed field (DD/MM/AAAA) with its text selected, so what is typed next replaces it. */
export async function focusDateField(page: Page, testId: string): Promise<void> {
  const input = page.getByTestId(testId).getByRole('textbox');
  await input.click();
  await input.selectText();
}

/**
 * When the element rendered with `elementtiming="<identifier>"` was first painted (Element Timing)
 * and when ECharts' chunk was requested, on the page's clock: a chart's runtime must not share the
 * link with the screen's first paint.
 */
export function paintThenECharts(
  page: Page,
  identifier: string,
): Promise<{ pintado: number | undefined; echarts: number | undefined }> {
  return page.evaluate(async (identifier) => {
    const pintados = await new Promise<number[]>((resolve) =>
      new PerformanceObserver((list) =>
        resolve(
          list
            .getEntries()
            .filter((e) => (e as PerformanceEntry & { identifier: string }).identifier === identifier)
            .map((e) => (e as PerformanceEntry & { renderTime: number }).renderTime),
        ),
      ).observe({ type: 'element', buffered: true }),
    );
    const recurso = performance
      .getEntriesByType('resource')
      .find((e) => /\/assets\/echarts-[^/]+\.js$/.test(e.name));
    return { pintado: pintados.length > 0 ? Math.min(...pintados) : undefined, echarts: recurso?.startTime };
  }, identifier);
}
