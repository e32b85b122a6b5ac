import { addDays } from '@planta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';
import { ddmmyyyy, es, expectChartDrawn, openDashboardOn, seedDashboardWindow } from './dashboard.ts';

// The e2e server has no demo history (DEMO_DAYS=0). The suite writes the last three months of a
// yield, the beverage loss (lower is better) and the water drawn (a consumption, lower is better),
// up to two days back (days the collector never derives), so the figures on screen are known.

const JARABE = 'Rendimiento de jarabe (%)';
const MERMA = 'Merma de bebida (%)';
const AGUA = 'Agua extraída (m³)';

/** Seeded values: patterns of different lengths, so days differ. */
const jarabe = (i: number) => 97 + (i % 5) * 0.5; // 97.0 … 99.0 against 98.5
const merma = (i: number) => Math.round((0.8 + (i % 3) * 0.1) * 100) / 100; // 0.8 … 1.0 against 1.0
const agua = (i: number) => 1_500 + (i % 4) * 50; // 1,500 … 1,650 m³ against 1,600

describe('Rendimientos y Consumo', () => {
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
      { nombre: JARABE, diario: jarabe, meta: 98.5 },
      { nombre: MERMA, diario: merma, meta: 1 },
      { nombre: AGUA, diario: agua, meta: 1_600 },
    ]));
  });

  it('shows its title, the yields and the consumptions of the production day and the trend drawn with data', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/rendimiento');
    await expect.poll(() => headerTitle(page)).toBe('Rendimientos y Consumo');
    await expect.poll(() => page.title()).toBe('Rendimientos y Consumo');
    await expect
      .poll(() => page.getByTestId('kpis-rendimiento').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(hoy);
    expect(await page.getByTestId('selector-fecha').locator('input').inputValue()).toBe(ddmmyyyy(hoy));
    const rendimientos = page.getByTestId('seccion-rendimientos');
    for (const nombre of [JARABE, 'Rendimiento de CO₂ (%)', 'Rendimiento de etiquetas (%)', MERMA]) {
      expect(await rendimientos.getByTestId(`kpi-${nombre}`).isVisible(), nombre).toBe(true);
    }
    const consumos = page.getByTestId('seccion-consumos');
    for (const nombre of [AGUA, 'Energía eléctrica (kWh)', 'Consumo de gas (m³)', 'Relación agua (L/L)']) {
      expect(await consumos.getByTestId(`kpi-${nombre}`).isVisible(), nombre).toBe(true);
    }
    // Raw materials (kg) are on Planificación y M. Prima, not here.
    expect(await page.getByTestId('kpi-Consumo de azúcar (kg)').count()).toBe(0);

    // The trend shows the first yield; selecting the loss's card charts the loss.
    expect(await page.getByTestId('tendencia-titulo').textContent()).toBe(JARABE);
    await expectChartDrawn(page, 'grafico-tendencia');
    await page.getByTestId(`kpi-${MERMA}`).locator('[aria-pressed="false"]').click();
    await expect.poll(() => page.getByTestId('tendencia-titulo').textContent()).toBe(MERMA);
    expect(new URL(page.url()).searchParams.get('variable')).toBe(MERMA);
    await expectChartDrawn(page, 'grafico-tendencia');
    await cerrarPagina(page);
  });

  it('changing the date reloads the figures: yields coloured against the meta, losses and consumptions the other way round', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/rendimiento');
    const kpis = page.getByTestId('kpis-rendimiento');
    await expect.poll(() => kpis.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(hoy);
    await page.getByTestId('selector-fecha-anterior').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('fecha')).toBe(addDays(hoy, -1));
    await page.getByTestId('selector-fecha-anterior').click();
    await expect.poll(() => kpis.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(ayer2);
    const i = seededIndex(ayer2);

    const card = (nombre: string) => page.getByTestId(`kpi-${nombre}`);
    const colorDelDia = (nombre: string) =>
      card(nombre).getByRole('status').first().getAttribute('data-color');
    await expect.poll(() => card(JARABE).getByTestId('kpi-diario').textContent()).toBe(es(jarabe(i), 2));
    expect(await colorDelDia(JARABE)).toBe(jarabe(i) >= 98.5 ? 'success' : 'warning');
    expect(await card(JARABE).getByTestId('kpi-meta-dia').textContent()).toBe('Meta del día 98.50');
    // Lower is better: a loss at or under its meta is green.
    expect(await card(MERMA).getByTestId('kpi-diario').textContent()).toBe(es(merma(i), 2));
    expect(await colorDelDia(MERMA)).toBe('success');
    expect(await card(AGUA).getByTestId('kpi-diario').textContent()).toBe(es(agua(i), 1));
    expect(await colorDelDia(AGUA)).toBe(agua(i) <= 1_600 ? 'success' : 'warning');
    await expectChartDrawn(page, 'grafico-tendencia');

    await page.getByRole('button', { name: 'Ir a hoy' }).click();
    await expect.poll(() => kpis.getAttribute('data-fecha')).toBe(hoy);
    expect(new URL(page.url()).searchParams.get('fecha')).toBeNull();
    await cerrarPagina(page);
  });

  it('opens the chart details of the loss: its history, meta, min and max, limits, last date with a value', async () => {
    const page = await newPage(1440);
    await openDashboardOn(page, '/rendimiento', 'kpis-rendimiento', ayer2);
    await page.getByRole('button', { name: `Ver detalle de ${MERMA}` }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe(MERMA);
    await expect
      .poll(() => dialog.getByTestId('detalle-ultima-fecha').textContent())
      .toBe(`Última fecha con valor${ddmmyyyy(ayer2)}`);
    // The meta, the min/max and the limits arrive with queries of their own.
    await expect.poll(() => dialog.getByTestId('detalle-meta').textContent()).toContain('1.00 %');
    await expect.poll(() => dialog.getByTestId('detalle-minimo').textContent()).toContain('0.80 %');
    await expect.poll(() => dialog.getByTestId('detalle-maximo').textContent()).toContain('1.00 %');
    await expect
      .poll(() => dialog.getByTestId('detalle-limites').textContent())
      .toBe('Límites configuradosmáx. 2.50 %');
    await expectChartDrawn(page, 'grafico-detalle');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await cerrarPagina(page);
  });

  it('at 360 px: no horizontal scroll, the trend and the dialog drawn', async () => {
    const page = await newPage(360);
    await openDashboardOn(page, '/rendimiento', 'kpis-rendimiento', ayer2);
    await expectChartDrawn(page, 'grafico-tendencia');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: `Ver detalle de ${JARABE}` }).click();
    await expectChartDrawn(page, 'grafico-detalle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await cerrarPagina(page);
  });

  it('the energy KPI card says what it covers', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto('/rendimiento');
    await expect
      .poll(() => page.getByTestId('kpi-KPI energía (kWh/CU)').getByTestId('kpi-nota').textContent(), {
        timeout: 20_000,
      })
      .toBe('Planta: medidor general ÷ CU envasadas');
    await cerrarPagina(page);
  });
});
