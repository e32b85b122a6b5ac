import { addDays, hourlyCounterWindow } from '@planta/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';
import { ddmmyyyy, es, expectChartDrawn, historyFrom } from './dashboard.ts';
import { baseURL } from './servidores.ts';

// The e2e server runs the plant simulator and the collector without demo history (DEMO_DAYS=0):
// the day in progress has the hourly counters and the ETA series of the minutes since the server
// started (a start just before 08:00 leaves a few minutes in the day before), earlier days
// nothing. So the energy date's screen is checked against the live plant and two days before for
// the empty state.

const PATH = '/mantenimiento/eficiencia';

interface EtaDia {
  fecha: string;
  linea?: number;
  eta: number | null;
  pagada: number | null;
  sap: number | null;
}

describe('Eficiencia Energética', () => {
  const browser = useBrowser();
  /**
   * From 07:00 to 08:00 plant time the energy date is today, whose production day (and its
   * counters) starts at 08:00: nothing to show yet, by design (SPEC §9). Run then, the browsers of
   * this file live at 06:59, when the energy date is the day in progress.
   */
  let reloj: Date | undefined;
  const newPage = async (width: number) => {
    const page = await browser.newPage(width);
    if (reloj) await page.clock.setFixedTime(reloj);
    return page;
  };
  let token: string;
  let tz: string;
  let fechaEnergia: string; // calendarioPlanta.fecha_energia: the screen's default date
  let lineas: { id: string; numero: number; nombre: string }[];
  // A line that has run on the energy date (the simulator stops each line at its own hours, so
  // line 1 may not have run yet since the server started): its table row and chart point exist.
  let conEta: { id: string; numero: number; nombre: string };

  const rest = async (path: string): Promise<EtaDia[]> => {
    const response = await fetch(`${baseURL()}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as EtaDia[];
    expect(response.status).toBe(200);
    return body;
  };

  async function contadores(lineaId: string, fecha: string) {
    const { start, end } = hourlyCounterWindow(fecha, tz);
    const r = await api<{ contadoresHora: { energia: number }[] }>(
      'query($id: ID!, $d: DateTime!, $h: DateTime!) { contadoresHora(linea_id: $id, desde: $d, hasta: $h) { energia } }',
      { id: lineaId, d: start.toISOString(), h: end.toISOString() },
      token,
    );
    return r.contadoresHora;
  }

  beforeAll(async () => {
    token = await apiLogin();
    const data = await api<{
      calendarioPlanta: { zona_horaria: string; fecha_energia: string; dia_produccion: string };
      lineas: { id: string; numero: number; nombre: string }[];
    }>(
      '{ calendarioPlanta { zona_horaria fecha_energia dia_produccion } lineas { id numero nombre } }',
      {},
      token,
    );
    tz = data.calendarioPlanta.zona_horaria;
    fechaEnergia = data.calendarioPlanta.fecha_energia;
    const empieza = hourlyCounterWindow(fechaEnergia, tz).start;
    if (Date.now() < empieza.getTime()) {
      reloj = new Date(empieza.getTime() - 61 * 60_000);
      fechaEnergia = addDays(fechaEnergia, -1);
    }
    lineas = [...data.lineas].sort((a, b) => a.numero - b.numero);
    await historyFrom(token, addDays(fechaEnergia, -7));
    // The collector derives the day once its first minutes close: wait for line 1's counters and
    // for a line with an ETA on the day.
    const until = Date.now() + 150_000;
    for (;;) {
      const hay = (await contadores(lineas[0]!.id, fechaEnergia)).length > 0;
      let encontrada: typeof conEta | undefined;
      for (const linea of lineas) {
        const [dia] = await rest(
          `/api/pta/historicos/eta/lineas?desde=${fechaEnergia}&hasta=${fechaEnergia}&linea=${linea.numero}`,
        );
        if (dia && dia.eta !== null) {
          encontrada = linea;
          break;
        }
      }
      if (hay && encontrada) {
        conEta = encontrada;
        break;
      }
      if (Date.now() > until) throw new Error('el colector no escribió contadores ni ETA del día');
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }, 180_000);

  async function open(page: Page, query = '') {
    await iniciarSesion(page);
    await page.goto(`${PATH}${query}`);
    await expect.poll(() => headerTitle(page), { timeout: 15_000 }).toBe('Eficiencia Energética');
  }

  it('shows its title, the energy date by default and the three charts drawn with data', async () => {
    const page = await newPage(1440);
    await open(page);
    expect(await page.title()).toBe('Eficiencia Energética');
    // The one date control starts on the energy date (calendarioPlanta.fecha_energia).
    await expect
      .poll(() => page.getByTestId('selector-fecha').locator('input').inputValue())
      .toBe(ddmmyyyy(fechaEnergia));
    expect(await page.getByTestId('eficiencia-energetica').getAttribute('data-fecha')).toBe(fechaEnergia);
    expect(await page.getByTestId('selector-fecha-siguiente').isDisabled()).toBe(true);

    await expect
      .poll(() => page.getByTestId('resumen-linea').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(fechaEnergia);
    await expectChartDrawn(page, 'grafico-contadores');
    await expectChartDrawn(page, 'grafico-eta');
    await expectChartDrawn(page, 'grafico-linea4');
    // Each dataset has its own loading flag, all settled.
    await expect.poll(() => page.getByTestId('eta-estado').getAttribute('data-cargando-eta')).toBe('false');
    await expect
      .poll(() => page.getByTestId('eta-estado').getAttribute('data-cargando-eta-linea'))
      .toBe('false');
    await expect
      .poll(() => page.getByTestId('linea4-estado').getAttribute('data-cargando-linea4'))
      .toBe('false');

    // The hours are 08 … 07 and the day's energy is the sum of the API's hourly counters.
    const energia = await page.getByTestId('energia-dia').textContent();
    expect(energia).toMatch(/^[\d,]+\.\d{2} kWh$/);
    const suma = (await contadores(lineas[0]!.id, fechaEnergia)).reduce((a, c) => a + c.energia, 0);
    // The collector may have closed another minute since: the figure is within the last hour's draw.
    expect(Number(energia!.replace(/[^\d.]/g, ''))).toBeGreaterThan(0);
    expect(Number(energia!.replace(/[^\d.]/g, ''))).toBeLessThanOrEqual(suma + 1e-6);
    await page.getByRole('button', { name: 'Ver tabla' }).click();
    const horas = page.getByTestId('tabla-contadores').locator('tbody tr');
    await expect.poll(() => horas.count()).toBe(24);
    expect(await horas.first().locator('td').first().textContent()).toBe('08:00 – 08:59');
    expect(await horas.last().locator('td').first().textContent()).toBe('07:00 – 07:59');
    await cerrarPagina(page);
  });

  it('opens the paid-efficiency view of a line and day from a table row, a chart point and the day figure', async () => {
    const page = await newPage(1440);
    await open(page, `?linea=${conEta.numero}`);
    const [dia] = await rest(
      `/api/pta/historicos/eta/lineas?desde=${fechaEnergia}&hasta=${fechaEnergia}&linea=${conEta.numero}`,
    );
    const dialog = page.getByTestId('dialogo-eficiencia-pagada');

    // A row of the table.
    const fila = page.getByTestId('tabla-eta').locator(`tr[data-fecha="${fechaEnergia}"]`);
    await fila.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('seleccion-linea').textContent()).toBe(conEta.nombre);
    expect(await dialog.getByTestId('seleccion-fecha').textContent()).toMatch(
      new RegExp(`${Number(fechaEnergia.slice(8))} de \\w+ de ${fechaEnergia.slice(0, 4)}`),
    );
    // The live day moves on; the figure is the API's to 2 decimals at some moment of the test.
    expect(await dialog.getByTestId('seleccion-pagada').textContent()).toMatch(/^(\d+\.\d{2} %|—)$/);
    if (dia!.sap === null) expect(await dialog.getByTestId('seleccion-sap').textContent()).toBe('—');
    expect(await dialog.getByTestId('enlace-eficiencia-pagada').getAttribute('href')).toBe(
      `/eficiencia_pagada?linea=${conEta.numero}&fecha=${fechaEnergia}`,
    );
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // A point of the chart: the line's ETA on the energy date (the last day of the range).
    await expectChartDrawn(page, 'grafico-eta');
    const punto = await page.getByTestId('grafico-eta').evaluate((box) => {
      type Instance = {
        convertToPixel(finder: { seriesIndex: number }, value: [number, number]): [number, number];
        getOption(): { series: { data: (number | null)[] }[] };
      };
      const el = [box, ...Array.from(box.querySelectorAll('div'))].find((d) => '__chart' in d) as
        (Element & { __chart: Instance }) | undefined;
      if (!el) return null;
      const data = el.__chart.getOption().series[1]!.data;
      const index = data.length - 1;
      const [x, y] = el.__chart.convertToPixel({ seriesIndex: 1 }, [index, data[index] ?? 0]);
      const rect = el.getBoundingClientRect();
      return { x: rect.left + x, y: rect.top + y, valor: data[index] };
    });
    expect(punto?.valor).not.toBeNull();
    await page.mouse.click(punto!.x, punto!.y);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByTestId('enlace-eficiencia-pagada').getAttribute('href')).toBe(
      `/eficiencia_pagada?linea=${conEta.numero}&fecha=${fechaEnergia}`,
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The day figure's button, then the link to the Eficiencia Pagada screen.
    await page.getByTestId('ver-pagada-dia').click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByTestId('enlace-eficiencia-pagada').click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe(`/eficiencia_pagada?linea=${conEta.numero}&fecha=${fechaEnergia}`);
    await cerrarPagina(page);
  });

  it('reloads on another date and another line', async () => {
    const page = await newPage(1440);
    await open(page);
    await expectChartDrawn(page, 'grafico-contadores');
    // Two days back: no history there (the server has run for less than a day; the day before may
    // hold its first minutes when it started before 08:00).
    const antes = addDays(fechaEnergia, -2);
    await page.getByTestId('selector-fecha-anterior').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('fecha')).toBe(addDays(fechaEnergia, -1));
    await page.getByTestId('selector-fecha-anterior').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('fecha')).toBe(antes);
    await expect
      .poll(() => page.getByTestId('resumen-linea').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(antes);
    // No history that day: empty states, not zeros.
    await expect.poll(() => page.getByTestId('grafico-contadores').getAttribute('data-state')).toBe('empty');
    await expect.poll(() => page.getByTestId('grafico-linea4').getAttribute('data-state')).toBe('empty');
    await expect.poll(() => page.getByTestId('energia-dia').textContent()).toBe('—');
    // The ETA series are separate queries: wait for them rather than read them once.
    await expect
      .poll(() => page.getByTestId('eta-estado').getAttribute('data-hasta'), { timeout: 20_000 })
      .toBe(antes);

    await page.getByRole('button', { name: 'Ir a hoy' }).click();
    await expect.poll(() => page.getByTestId('resumen-linea').getAttribute('data-fecha')).toBe(fechaEnergia);
    const segunda = lineas[1]!;
    await page.getByTestId(`tab-linea-${segunda.numero}`).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('linea')).toBe(String(segunda.numero));
    await expect
      .poll(() => page.getByTestId('resumen-linea').getAttribute('data-linea'))
      .toBe(String(segunda.numero));
    await expect
      .poll(() => page.getByTestId('resumen-linea').getAttribute('data-fecha'), { timeout: 20_000 })
      .toBe(fechaEnergia);
    expect(
      await page.getByRole('heading', { name: `Contadores por hora · ${segunda.nombre}` }).isVisible(),
    ).toBe(true);
    await expectChartDrawn(page, 'grafico-contadores');
    await cerrarPagina(page);
  });

  it('defaults to yesterday at 06:59 plant time and to today from 07:00', async () => {
    // 06:59 and 07:00 in the plant on the energy date: 61 and 60 minutes before its 08:00.
    const { start } = hourlyCounterWindow(fechaEnergia, tz);
    for (const [minutos, esperada] of [
      [61, addDays(fechaEnergia, -1)],
      [60, fechaEnergia],
    ] as const) {
      const page = await newPage(1440);
      await page.clock.setFixedTime(new Date(start.getTime() - minutos * 60_000));
      await open(page);
      await expect
        .poll(() => page.getByTestId('eficiencia-energetica').getAttribute('data-fecha'), { timeout: 15_000 })
        .toBe(esperada);
      expect(await page.getByTestId('selector-fecha').locator('input').inputValue()).toBe(ddmmyyyy(esperada));
      await cerrarPagina(page);
    }
  });

  it('fits 360 px without horizontal scroll, charts and dialog included', async () => {
    const page = await newPage(360);
    await open(page, `?linea=${conEta.numero}`);
    await expectChartDrawn(page, 'grafico-contadores');
    await expectChartDrawn(page, 'grafico-eta');
    await expectChartDrawn(page, 'grafico-linea4');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByTestId('tabla-eta').locator(`tr[data-fecha="${fechaEnergia}"]`).click();
    const dialog = page.getByTestId('dialogo-eficiencia-pagada');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(es(1234.5, 2)).toBe('1,234.50');
    await cerrarPagina(page);
  });
});
