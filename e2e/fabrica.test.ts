import { addDays } from '@planta/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, ultimaRespuesta } from './api.ts';
import {
  chartState,
  ddmmyyyy,
  es,
  estadoGrafico,
  expectChartDrawn,
  type HistoricoSeed,
  openDashboardOn,
  paintThenECharts,
  seedDashboardWindow,
  seedHistory,
  variableIds,
} from './dashboard.ts';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';

// The e2e server starts without demo history (DEMO_DAYS=0): the collector only derives the
// production day in progress. The suite writes the last three months of two variables through
// the API, so the charts have monthly and daily points and the figures on screen are known.

const PRODUCCION = 'Producción (CU)';
const ETA = 'ETA (%)';

/** Seeded values: a weekly pattern, so days differ. */
const produccion = (i: number) => 20_000 + (i % 7) * 1_000;
const eta = (i: number) => 80 + (i % 5);

describe('Dashboard Fábrica', () => {
  const { newPage } = useBrowser();
  let hoy: string; // the production day in progress, plant time
  let ayer2: string; // two days back: never touched by the collector

  let seededIndex: (fecha: string) => number;

  beforeAll(async () => {
    ({
      hoy,
      ayer2,
      indexOf: seededIndex,
    } = await seedDashboardWindow([
      { nombre: PRODUCCION, diario: produccion, meta: 21_000 },
      { nombre: ETA, diario: eta, meta: 85 },
    ]));
  });

  it('shows its title, the KPI cards of the current production day and the 3-month chart drawn with data', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica');
    await expect.poll(() => headerTitle(page)).toBe('Dashboard Fábrica');
    await expect.poll(() => page.title()).toBe('Dashboard Fábrica');
    await expect
      .poll(() => page.getByTestId('kpis-fabrica').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(hoy);
    // The production-day control defaults to today (plant time); there is no next day.
    expect(await page.getByTestId('selector-fecha').locator('input').inputValue()).toBe(ddmmyyyy(hoy));
    expect(await page.getByTestId('selector-fecha-siguiente').isDisabled()).toBe(true);
    for (const nombre of [PRODUCCION, 'Producción (hL)', ETA, 'OEE (%)', 'Relación agua (L/L)', 'ZWL (%)']) {
      expect(await page.getByTestId(`kpi-${nombre}`).isVisible(), nombre).toBe(true);
    }
    // Month to date of ETA against its meta: the seeded days of this month (and today's, if the
    // collector derived it already); on the 1st or 2nd of a month no seeded day is in it.
    if (ayer2.slice(0, 7) === hoy.slice(0, 7)) {
      const etaMes = page.getByTestId(`kpi-${ETA}`).getByTestId('kpi-mes');
      await expect.poll(() => etaMes.textContent()).toMatch(/^Mes\d+\.\d{2}85\.00\d+\.\d %$/);
    }

    expect(await page.getByTestId('tendencia-titulo').textContent()).toBe(PRODUCCION);
    await expectChartDrawn(page, 'grafico-tendencia');
    // The numbers drawn are also a table for screen readers: a row per bar, a column per series.
    const tabla = page.getByTestId('grafico-tendencia-tabla');
    expect(await tabla.locator('thead th').allTextContents()).toEqual(expect.arrayContaining(['Meta']));
    expect(await tabla.locator('tbody tr').count()).toBeGreaterThan(2);

    // Selecting another card charts that variable, from the days the first request brought: the
    // trend asks every card's variable at once, so the click asks nothing more.
    const historicos: string[] = [];
    page.on('request', (request) => {
      if (request.postData()?.includes('historicosSeries')) historicos.push(request.postData()!);
    });
    await page.getByTestId(`kpi-${ETA}`).locator('[aria-pressed="false"]').click();
    await expect.poll(() => page.getByTestId('tendencia-titulo').textContent()).toBe(ETA);
    expect(new URL(page.url()).searchParams.get('variable')).toBe(ETA);
    await expectChartDrawn(page, 'grafico-tendencia');
    expect(historicos).toEqual([]);
    await cerrarPagina(page);
  });

  it("the chart's code (ECharts) downloads once the trend card's heading has painted: the first paint does not share the link with it", async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica');
    await expectChartDrawn(page, 'grafico-tendencia');
    const { pintado: subtitulo, echarts } = await paintThenECharts(page, 'tarjeta-grafico-subtitulo');
    expect(subtitulo, 'the subtitle was painted').toBeGreaterThan(0);
    expect(echarts, 'ECharts was downloaded').toBeDefined();
    expect(echarts!).toBeGreaterThanOrEqual(subtitulo!);
  });

  it("the chart's tooltip (loaded on first hover, with its axis pointer) shows the values under the pointer", async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica');
    await expectChartDrawn(page, 'grafico-tendencia');
    await page.getByTestId('grafico-tendencia').scrollIntoViewIfNeeded();
    const box = await page.getByTestId('grafico-tendencia').locator('canvas').first().boundingBox();
    if (!box) throw new Error('sin lienzo');
    // The tooltip and its axis pointer load on the first hover and the chart is drawn again on a
    // new instance: the pointer keeps moving, as a person's does, until the tooltip shows.
    const tooltip = page
      .getByTestId('grafico-tendencia')
      .locator('div')
      .filter({ hasText: /Meta/ })
      .filter({ hasText: /\d/ });
    await expect
      .poll(
        async () => {
          for (const dx of [0.5, 0.52, 0.55]) {
            await page.mouse.move(box.x + box.width * dx, box.y + box.height * 0.5);
          }
          return tooltip.last().isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await cerrarPagina(page);
  });

  it('opens the chart details of a variable: history, meta, limits, last date with a value', async () => {
    const page = await newPage(1440);
    await openDashboardOn(page, '/fabrica', 'kpis-fabrica', ayer2);
    // The dialog shows the date its own request got: the day's derivation may write a newer day
    // between that answer and a read of the test's (a server's first minutes, 08:00).
    const recibida = ultimaRespuesta<{ ultimaFechaVariable: string }>(page, 'query UltimaFechaVariable(');
    await page.getByRole('button', { name: `Ver detalle de ${ETA}` }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe(ETA);
    await expect.poll(() => recibida()?.ultimaFechaVariable).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect
      .poll(() => dialog.getByTestId('detalle-ultima-fecha').textContent())
      .toBe(`Última fecha con valor${ddmmyyyy(recibida()!.ultimaFechaVariable)}`);
    // The API read afterwards names the same day, or a later one written meanwhile.
    const { ultimaFechaVariable } = await api<{ ultimaFechaVariable: string }>(
      'query($n: String!) { ultimaFechaVariable(nombre: $n) }',
      { n: ETA },
      await apiLogin(),
    );
    expect(ultimaFechaVariable >= recibida()!.ultimaFechaVariable).toBe(true);
    // The meta comes from another query than the last date: wait for it too.
    await expect.poll(() => dialog.getByTestId('detalle-meta').textContent()).toContain('85.00 %');
    // ETA ranges 80–84 in the seeded days; its configured limits are 0 and 100 %.
    await expect.poll(() => dialog.getByTestId('detalle-minimo').textContent()).toContain('80.00 %');
    expect(await dialog.getByTestId('detalle-maximo').textContent()).toContain('84.00 %');
    expect(await dialog.getByTestId('detalle-limites').textContent()).toBe(
      'Límites configuradosmín. 0.00 % · máx. 100.00 %',
    );
    await expectChartDrawn(page, 'grafico-detalle');
    // Another period reloads the history.
    await dialog.getByRole('button', { name: '3 meses' }).click();
    await expectChartDrawn(page, 'grafico-detalle');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await cerrarPagina(page);
  });

  it('changing the date reloads the figures and the chart', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/fabrica');
    const kpis = page.getByTestId('kpis-fabrica');
    await expect.poll(() => kpis.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(hoy);
    await page.getByTestId('selector-fecha-anterior').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('fecha')).toBe(addDays(hoy, -1));
    await page.getByTestId('selector-fecha-anterior').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('fecha')).toBe(ayer2);
    await expect.poll(() => kpis.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(ayer2);
    // The day's production is the value written for that day.
    const diario = page.getByTestId(`kpi-${PRODUCCION}`).getByTestId('kpi-diario');
    await expect.poll(() => diario.textContent()).toBe(es(produccion(seededIndex(ayer2))));
    expect(await page.getByTestId(`kpi-${PRODUCCION}`).getByTestId('kpi-meta-dia').textContent()).toBe(
      `Meta del día ${es(21_000)}`,
    );
    expect(await page.getByTestId('selector-fecha-siguiente').isDisabled()).toBe(false);
    await expectChartDrawn(page, 'grafico-tendencia');
    // Back to today.
    await page.getByRole('button', { name: 'Ir a hoy' }).click();
    await expect.poll(() => kpis.getAttribute('data-fecha')).toBe(hoy);
    expect(new URL(page.url()).searchParams.get('fecha')).toBeNull();
    await cerrarPagina(page);
  });

  it('at 360 px: no horizontal scroll, cards in one column, the chart drawn', async () => {
    const page = await newPage(360);
    await openDashboardOn(page, '/fabrica', 'kpis-fabrica', ayer2);
    await expectChartDrawn(page, 'grafico-tendencia');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The details dialog fills the phone screen and does not scroll sideways either.
    await page.getByRole('button', { name: `Ver detalle de ${PRODUCCION}` }).click();
    await expectChartDrawn(page, 'grafico-detalle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await cerrarPagina(page);
  });
});

describe('Dashboard Fábrica: KPI charts', () => {
  const { newPage } = useBrowser();
  let hoy: string;
  const zwl = (i: number) => Math.round((97.5 + ((i * 0.37) % 1.7)) * 100) / 100;

  beforeAll(async () => {
    const token = await apiLogin();
    const id = await variableIds(token);
    const { calendarioPlanta } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
      '{ calendarioPlanta { dia_produccion } }',
      {},
      token,
    );
    hoy = calendarioPlanta.dia_produccion;
    const rows: HistoricoSeed[] = [];
    // ZWL is a monthly figure: one value on each month's first day (the last eleven months).
    const [y, m] = hoy.split('-').map(Number) as [number, number];
    for (let k = 1; k <= 11; k++) {
      const index = y * 12 + (m - 1) - k;
      const fecha = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
      rows.push({ variable_id: id('ZWL (%)'), fecha, diario: zwl(k), meta: 99 });
    }
    // OEE: 55–85 % on the days before the last two.
    for (let i = 3; i <= 40; i++)
      rows.push({ variable_id: id('OEE (%)'), fecha: addDays(hoy, -i), diario: 55 + (i % 7) * 5, meta: 75 });
    await seedHistory(token, rows);
  });

  async function openDetails(page: Page, nombre: string): Promise<void> {
    await iniciarSesion(page);
    await page.goto(`/fabrica?fecha=${addDays(hoy, -3)}`);
    await page.getByRole('button', { name: `Ver detalle de ${nombre}` }).click();
    await expect.poll(() => estadoGrafico(page, 'grafico-detalle'), { timeout: 20_000 }).toBe('ready');
  }

  it('the ZWL details chart draws its monthly values, not only the 99 % target', async () => {
    const page = await newPage(1440);
    await openDetails(page, 'ZWL (%)');
    const state = await chartState(page, 'grafico-detalle');
    const diario = state!.series.find((s) => s.name === 'Diario')!;
    const valores = diario.data.filter((v): v is number => v !== null);
    expect(valores.length).toBeGreaterThanOrEqual(10);
    expect(Math.min(...valores)).toBeGreaterThanOrEqual(97.5);
    expect(Math.max(...valores)).toBeLessThanOrEqual(99.2);
    // Isolated monthly points are drawn as symbols joined by a line.
    expect(diario.showSymbol).toBe(true);
    expect(state!.yExtent).toEqual([0, 100]);
    await cerrarPagina(page);
  });

  it('the OEE axes start at 0 and end at 100 (details and 3-month chart)', async () => {
    const page = await newPage(1440);
    await openDetails(page, 'OEE (%)');
    expect((await chartState(page, 'grafico-detalle'))!.yExtent).toEqual([0, 100]);
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByTestId('kpi-OEE (%)').locator('[aria-pressed]').click();
    await expect.poll(() => page.getByTestId('tendencia-titulo').textContent()).toBe('OEE (%)');
    await expect
      .poll(async () => (await chartState(page, 'grafico-tendencia'))?.yExtent, { timeout: 20_000 })
      .toEqual([0, 100]);
    await cerrarPagina(page);
  });
});
