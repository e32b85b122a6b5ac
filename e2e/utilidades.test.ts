import { addDays, productionDayRange } from '@planta/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import {
  chartState,
  ddmmyyyy,
  es,
  expectChartDrawn,
  historyFrom,
  seedHistory,
  variableIds,
} from './dashboard.ts';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';

// /mantenimiento/utilidades. The e2e server runs the plant simulator and the collector without
// demo history: the day in progress has live air-flow readings and the collector's derived
// figures; a past day gets its production written here, so the range's sums are known.

const PATH = '/mantenimiento/utilidades';

/** Opens the screen (with URL parameters) and waits until the figures of `hasta` are shown. */
async function open(page: Page, query: string, hasta: string): Promise<void> {
  await iniciarSesion(page);
  await page.goto(`${PATH}${query}`);
  await expect
    .poll(() => page.getByTestId('utilidades').getAttribute('data-fecha'), { timeout: 20_000 })
    .toBe(hasta);
}

/**
 * Share of the air chart painted at least while only today has readings: right after the server's
 * start (this file run alone) it holds a point or two (5-minute or daily), so axes and a short line
 * paint under the usual 2 %; an empty chart is caught by its state first.
 */
const TRAZO_DE_HOY = 0.01;

describe('Utilidades', () => {
  const { newPage } = useBrowser();
  let hoy: string;
  let pasado: string; // a past day with known production (the collector never touches it)
  let token: string;

  beforeAll(async () => {
    token = await apiLogin();
    const { calendarioPlanta } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
      '{ calendarioPlanta { dia_produccion } }',
      {},
      token,
    );
    hoy = calendarioPlanta.dia_produccion;
    // Before the window Dashboard Fábrica seeds (the last three months): the suites share a server.
    pasado = addDays(hoy, -200);
    await historyFrom(token, addDays(pasado, -10));
    const id = await variableIds(token);
    // Another suite may have written this day already: then its value stays.
    await seedHistory(token, [{ variable_id: id('Producción (CU)'), fecha: pasado, diario: 23_456 }]).catch(
      () => undefined,
    );
    await api(
      'mutation($i: UpsertMetaInput!) { upsertMeta(input: $i) { id } }',
      { i: { variable_id: id('Relación agua (L/L)'), fecha: hoy, valor: 1.5 } },
      token,
    ).catch(() => undefined);
    // The collector needs a couple of minutes of the day in progress for the air chart.
    const { start } = productionDayRange(hoy, 'America/Lima');
    for (let i = 0; i < 60; i++) {
      const r = await api<{ flujoAire: unknown[] }>(
        'query($d: DateTime!, $h: DateTime!) { flujoAire(desde: $d, hasta: $h, intervalo: "5m") { fecha } }',
        { d: start.toISOString(), h: new Date().toISOString() },
        token,
      );
      if (r.flujoAire.length > 0) break;
      await new Promise((res) => setTimeout(res, 2000));
    }
  });

  it('shows its title, the per-unit cards against their metas, the leak cards and both charts drawn', async () => {
    const page = await newPage(1440);
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, '', hoy);
    await expect.poll(() => headerTitle(page)).toBe('Utilidades');
    await expect.poll(() => page.title()).toBe('Utilidades');
    expect(await page.getByTestId('selector-fecha').locator('input').inputValue()).toBe(ddmmyyyy(hoy));
    for (const nombre of [
      'Agua por litro producido',
      'Electricidad por litro',
      'Gas por 1.000 L',
      'Aire por 1.000 botellas',
      'Energía de compresores por Nm³',
      'Fugas de aire — planta',
    ]) {
      expect(await page.getByTestId(`kpi-${nombre}`).isVisible(), nombre).toBe(true);
    }
    // The range's figures are the API's (ratio of the range's sums), written the Spanish way.
    const { consumosUtilidades: c } = await api<{
      consumosUtilidades: { indicadores: { clave: string; meta: number | null }[] };
    }>(
      'query($d: Date!) { consumosUtilidades(desde: $d, hasta: $d) { indicadores { clave meta } } }',
      { d: hoy },
      token,
    );
    expect(c.indicadores.find((i) => i.clave === 'agua')!.meta).toBe(1.5);
    await expect
      .poll(() => page.getByTestId('kpi-Agua por litro producido').getByTestId('kpi-meta-dia').textContent())
      .toBe('Meta del día 1.50');
    await expect
      .poll(() => page.getByTestId('kpi-Agua por litro producido').getByTestId('kpi-diario').textContent())
      .toMatch(/^\d+\.\d{2}$/);
    await expectChartDrawn(page, 'chart-consumo');
    await expectChartDrawn(page, 'chart-flujo-aire', TRAZO_DE_HOY);
    const flujo = await chartState(page, 'chart-flujo-aire');
    expect(flujo!.series.map((s) => s.name)).toEqual(['Línea 1', 'Línea 2']);

    // Another card charts that utility.
    await page.getByTestId('kpi-Energía de compresores por Nm³').locator('[aria-pressed="false"]').click();
    expect(new URL(page.url()).searchParams.get('indicador')).toBe('aire_especifico');
    await expect
      .poll(() => page.getByRole('heading', { name: /Energía de compresores por Nm³ \(kWh\/Nm³\)/ }).count())
      .toBe(1);
    await expectChartDrawn(page, 'chart-consumo');
    await cerrarPagina(page);
  });

  it('opens the chart details of a per-unit figure and of the air chart', async () => {
    const page = await newPage(1440);
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, '', hoy);
    await page.getByRole('button', { name: 'Ver detalle de Agua por litro producido' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe('Relación agua (L/L)');
    await expectChartDrawn(page, 'grafico-detalle');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await page
      .getByRole('region', { name: 'Flujo de aire comprimido de las líneas 1 y 2' })
      .getByRole('button', { name: 'Ver detalle' })
      .click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('heading').first().textContent())
      .toBe('Flujo aire AP soplado (Nm³/h)_561');
    await cerrarPagina(page);
  });

  it('changing the range, the interval or the day reloads; a past day reconciles with /fabrica', async () => {
    const page = await newPage(1440);
    await open(page, `?fecha=${pasado}`, pasado);
    // One past day: its production is /fabrica's for the same day.
    const { resumenVariables } = await api<{ resumenVariables: { diario: number | null }[] }>(
      'query($f: Date!) { resumenVariables(nombres: ["Producción (CU)"], fecha: $f) { diario } }',
      { f: pasado },
      token,
    );
    const cu = resumenVariables[0]?.diario ?? 0;
    // No reading of the air meters that day (the server started today): the empty states.
    await expect
      .poll(() => page.getByTestId('chart-flujo-aire').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('empty');
    expect(await page.getByTestId('chart-flujo-aire').textContent()).toContain('Sin datos');
    await expect
      .poll(() => page.getByTestId('kpi-Fugas de aire — planta').getByTestId('kpi-nota').textContent())
      .toBe('Sin lecturas de flujo en el rango');
    await expect
      .poll(() => page.getByRole('region', { name: 'Consumo por unidad producida' }).textContent())
      .toContain(`Producción ${es(cu)} CU`);

    // 7 days ending on that day: the days are listed and the consumption chart has one bar each.
    await page.getByTestId('selector-rango').click();
    await page.getByRole('option', { name: '7 días' }).click();
    await expect.poll(() => page.getByTestId('utilidades').getAttribute('data-dias')).toBe('7');
    await expect
      .poll(() => page.getByTestId('texto-rango').textContent())
      .toBe(`${ddmmyyyy(addDays(pasado, -6))} – ${ddmmyyyy(pasado)}`);
    await expect.poll(() => page.getByTestId('utilidades').getAttribute('data-fecha')).toBe(pasado);
    const { consumosUtilidades } = await api<{ consumosUtilidades: { produccion_cu: number } }>(
      'query($d: Date!, $h: Date!) { consumosUtilidades(desde: $d, hasta: $h) { produccion_cu } }',
      { d: addDays(pasado, -6), h: pasado },
      token,
    );
    await expect
      .poll(() => page.getByRole('region', { name: 'Consumo por unidad producida' }).textContent())
      .toContain(`Producción ${es(consumosUtilidades.produccion_cu)} CU`);
    // A week at 5 minutes is within the cap; 1 día is offered for 7 days, not for 1.
    await page.getByTestId('selector-intervalo').click();
    await page.getByRole('option', { name: '1 día' }).click();
    expect(new URL(page.url()).searchParams.get('intervalo')).toBe('1 día');

    // Back to the day in progress ('Ir a hoy'): today's figures and air chart.
    await page.getByRole('button', { name: 'Ir a hoy' }).click();
    await expect
      .poll(() => page.getByTestId('utilidades').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(hoy);
    await expectChartDrawn(page, 'chart-flujo-aire', TRAZO_DE_HOY);
    const flujo = await chartState(page, 'chart-flujo-aire');
    // Daily interval over 7 days: at most 7 points.
    expect(flujo!.series[0]!.data.length).toBeLessThanOrEqual(7);
    await cerrarPagina(page);
  });

  it('fits 360 px without horizontal scroll, dialog included', async () => {
    const page = await newPage(360);
    await page.setViewportSize({ width: 360, height: 780 });
    await open(page, '', hoy);
    await expectChartDrawn(page, 'chart-flujo-aire', TRAZO_DE_HOY);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'Ver detalle de Agua por litro producido' }).click();
    await expectChartDrawn(page, 'grafico-detalle');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
