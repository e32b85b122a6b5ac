import { addDays, productionDayRange } from '@planta/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, ultimaRespuesta, ultimasRespuestas } from './api.ts';
import { cerrarPagina, hasHorizontalScroll, headerTitle, iniciarSesion, useBrowser } from './browser.ts';
import {
  chartState,
  ddmmyyyy,
  es,
  estadoGrafico,
  expectChartDrawn,
  historyFrom,
  type HistoricoSeed,
  seedHistory,
  variableIds,
  focusDateField,
} from './dashboard.ts';

// Energía (/mantenimiento). The e2e server has no demo history (DEMO_DAYS=0): the suite writes the
// daily MTTR and MTTF of lines 1 and 2 over a month seven months back (no other suite writes
// there) and reads the live plant's own day (the simulator's energy counters and stops) for the
// hourly energy and the Pareto of today's month.

const pad = (n: number) => String(n).padStart(2, '0');
const mttr = (linea: number, dia: number) => 15 + linea * 5 + (dia % 4) * 3; // line 2, day 3: 34
const mttf = (linea: number, dia: number) => 300 + linea * 100 + dia * 10;

/**
 * Whether the last answers `page` received to `operacion` (the last one per value of the variable
 * `por`, e.g. each line's) hold any item of `campo`; undefined before the first. Listen before the
 * page loads.
 */
function conDatosEnLaPagina(page: Page, operacion: string, campo: string, por?: string) {
  const ultimas = ultimasRespuestas<Record<string, unknown[] | undefined>>(page, operacion, por);
  return () =>
    ultimas().size === 0 ? undefined : [...ultimas().values()].some((data) => (data[campo]?.length ?? 0) > 0);
}

/**
 * A live chart drawn when the page's own answers have data, else empty ('Sin datos'). The live plant
 * may write its first hour of energy or a stop between the page's answer and a read of the test's
 * (a server's first minutes, 08:00), and the page asks again only every minute: what the chart
 * shows is compared with what the page got, and the API only has to agree that data shown exists.
 */
async function segunLaPagina(
  page: Page,
  testId: string,
  conDatos: () => boolean | undefined,
  hayEnElServidor: () => Promise<boolean>,
): Promise<void> {
  let dibuja = false;
  await expect
    .poll(
      async () => {
        const datos = conDatos();
        if (datos === undefined) return 'sin respuesta';
        dibuja = datos;
        const estado = await estadoGrafico(page, testId);
        return estado === (datos ? 'ready' : 'empty') ? 'de acuerdo' : `${estado} con datos=${datos}`;
      },
      { timeout: 20_000 },
    )
    .toBe('de acuerdo');
  if (!dibuja) return;
  await expectChartDrawn(page, testId, 0.005);
  expect(await hayEnElServidor()).toBe(true);
}

describe('Energía (mantenimiento)', () => {
  const { newPage } = useBrowser();
  let hoy: string;
  let mesDesde: string; // first day of the seeded month
  let mesHasta: string; // its last day
  let token: string;
  let zona: string;

  beforeAll(async () => {
    token = await apiLogin();
    const { calendarioPlanta } = await api<{
      calendarioPlanta: { dia_produccion: string; zona_horaria: string };
    }>('{ calendarioPlanta { dia_produccion zona_horaria } }', {}, token);
    hoy = calendarioPlanta.dia_produccion;
    zona = calendarioPlanta.zona_horaria;
    const [y, m] = hoy.split('-').map(Number) as [number, number];
    const inicio = new Date(Date.UTC(y, m - 1 - 7, 1));
    mesDesde = inicio.toISOString().slice(0, 10);
    mesHasta = new Date(Date.UTC(inicio.getUTCFullYear(), inicio.getUTCMonth() + 1, 0))
      .toISOString()
      .slice(0, 10);
    await historyFrom(token, addDays(mesDesde, -40));
    const id = await variableIds(token);
    const rows: HistoricoSeed[] = [];
    for (const linea of [1, 2]) {
      for (let dia = 1; dia <= 10; dia++) {
        const fecha = `${mesDesde.slice(0, 8)}${pad(dia)}`;
        rows.push({ variable_id: id(`MTTR (min)_56${linea}`), fecha, diario: mttr(linea, dia) });
        rows.push({ variable_id: id(`MTTF (min)_56${linea}`), fecha, diario: mttf(linea, dia) });
      }
    }
    await seedHistory(token, rows);
  });

  /** True when today's hourly counters already have a row for some line (the live collector's). */
  async function hayEnergiaHoy(): Promise<boolean> {
    const { mantenimientoLineas } = await api<{ mantenimientoLineas: { linea_id: string }[] }>(
      'query($d: Date!) { mantenimientoLineas(desde: $d, hasta: $d) { linea_id } }',
      { d: hoy },
      token,
    );
    const window = productionDayRange(hoy, zona);
    for (const { linea_id } of mantenimientoLineas) {
      const { contadoresHora } = await api<{ contadoresHora: unknown[] }>(
        'query($l: ID!, $d: DateTime!, $h: DateTime!) { contadoresHora(linea_id: $l, desde: $d, hasta: $h) { id } }',
        { l: linea_id, d: window.start.toISOString(), h: window.end.toISOString() },
        token,
      );
      if (contadoresHora.length > 0) return true;
    }
    return false;
  }

  async function open(page: Page, query: string): Promise<void> {
    await iniciarSesion(page);
    await page.goto(`/mantenimiento${query}`);
  }

  it('shows its title, the month of the day and the figures of every line and the plant', async () => {
    const page = await newPage(1440);
    // The month holds today: the page asks again every minute while the live plant adds run and
    // stop minutes, so its cards are compared with the last answer it received, not with a later one.
    type Lineas = {
      mantenimientoLineas: {
        linea: number;
        fallas: number;
        minutos_paro: number;
        disponibilidad: number | null;
      }[];
    };
    const recibido = ultimaRespuesta<Lineas>(page, 'query MantenimientoLineas(');
    const energiaEnLaPagina = conDatosEnLaPagina(
      page,
      'query EnergiaHoraLinea(',
      'contadoresHora',
      'linea_id',
    );
    const parosEnLaPagina = conDatosEnLaPagina(page, 'query ParosPareto(', 'parosPareto');
    await open(page, '');
    await expect.poll(() => headerTitle(page)).toBe('Energía');
    await expect.poll(() => page.title()).toBe('Energía');
    expect(await page.getByRole('button', { name: 'Reporte', exact: true }).isVisible()).toBe(true);
    const desde = `${hoy.slice(0, 8)}01`;
    await expect
      .poll(() => page.getByTestId('mantenimiento-lineas').getAttribute('data-periodo'), { timeout: 20_000 })
      .toBe(`${desde}/${hoy}`);
    expect(await page.getByTestId('periodo-texto').textContent()).toContain(
      `Del ${ddmmyyyy(desde)} al ${ddmmyyyy(hoy)}`,
    );
    // The cards show what the API computed from the raw stops and run minutes, Spanish formatted.
    const texto = (testId: string) => page.getByTestId(testId).textContent();
    const tarjetas = async () => {
      const lineas = recibido()?.mantenimientoLineas ?? [];
      if (lineas.length < 2) return false;
      const fallas = lineas.reduce((n, l) => n + l.fallas, 0);
      if (!((await texto('mant-planta-fallas')) ?? '').includes(es(fallas))) return false;
      for (const l of lineas) {
        const id = `mant-linea-${l.linea}`;
        const disponibilidad = l.disponibilidad === null ? '—' : `${es(l.disponibilidad, 2)} %`;
        if (
          !((await texto(`${id}-fallas`)) ?? '').includes(es(l.fallas)) ||
          !((await texto(`${id}-paro`)) ?? '').includes(`${es(l.minutos_paro)} min`) ||
          !((await texto(`${id}-disponibilidad`)) ?? '').includes(disponibilidad)
        )
          return false;
      }
      return true;
    };
    await expect.poll(tarjetas, { timeout: 20_000 }).toBe(true);
    const mantenimientoLineas = recibido()!.mantenimientoLineas;
    // The same lines as the API answers the test itself.
    const propio = await api<Lineas>(
      'query($d: Date!, $h: Date!) { mantenimientoLineas(desde: $d, hasta: $h) { linea fallas minutos_paro disponibilidad } }',
      { d: desde, h: hoy },
      token,
    );
    expect(propio.mantenimientoLineas.map((l) => l.linea)).toEqual(mantenimientoLineas.map((l) => l.linea));

    // The live day: each line's energy per hour since 08:00, once the collector has written an hour.
    await segunLaPagina(page, 'grafico-energia', energiaEnLaPagina, hayEnergiaHoy);
    // Today's stops (the simulator's): the Pareto draws them, or says there are none.
    await segunLaPagina(page, 'grafico-pareto', parosEnLaPagina, async () => {
      const { parosPareto } = await api<{ parosPareto: unknown[] }>(
        'query($d: Date!, $h: Date!) { parosPareto(desde: $d, hasta: $h) { nombre } }',
        { d: desde, h: hoy },
        token,
      );
      return parosPareto.length > 0;
    });
    await cerrarPagina(page);
  });

  it('draws the MTTR and MTTF of a past month per line with the SPEC §9 axis, and opens a series’ details', async () => {
    const page = await newPage(1440);
    await open(page, `?fecha=${mesHasta}`);
    await expect
      .poll(() => page.getByTestId('mantenimiento-lineas').getAttribute('data-periodo'), { timeout: 20_000 })
      .toBe(`${mesDesde}/${mesHasta}`);
    await expectChartDrawn(page, 'grafico-mttr');
    await expectChartDrawn(page, 'grafico-mttf');
    const maxMttr = Math.max(...[1, 2].flatMap((l) => Array.from({ length: 10 }, (_, i) => mttr(l, i + 1))));
    const maxMttf = Math.max(...[1, 2].flatMap((l) => Array.from({ length: 10 }, (_, i) => mttf(l, i + 1))));
    const mttrChart = await chartState(page, 'grafico-mttr');
    expect(mttrChart!.yExtent).toEqual([0, Math.ceil((maxMttr * 11) / 10)]);
    const line1 = mttrChart!.series.find((s) => s.name === 'Línea 1')!;
    expect(line1.data.slice(0, 3)).toEqual([mttr(1, 1), mttr(1, 2), mttr(1, 3)]);
    expect(line1.data[20]).toBeNull(); // a day without a value stays a gap
    expect((await chartState(page, 'grafico-mttf'))!.yExtent).toEqual([0, Math.ceil((maxMttf * 11) / 10)]);
    // No stops that month: the cards say so, the Pareto is empty.
    expect(await page.getByTestId('mant-linea-1-fallas').textContent()).toContain('0');
    expect(await page.getByTestId('mant-linea-1-mttr').textContent()).toContain('—');
    await expect.poll(() => page.getByTestId('grafico-pareto').getAttribute('data-state')).toBe('empty');

    await page.getByTestId('detalles-mttr-2').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe('MTTR (min)_562');
    await expect
      .poll(() => dialog.getByTestId('detalle-ultima-fecha').textContent(), { timeout: 20_000 })
      .toContain(ddmmyyyy(`${mesDesde.slice(0, 8)}10`));
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await cerrarPagina(page);
  });

  it('changing the month or choosing a range reloads the figures and the charts', async () => {
    const page = await newPage(1440);
    await open(page, `?fecha=${mesHasta}`);
    const lineas = page.getByTestId('mantenimiento-lineas');
    await expect
      .poll(() => lineas.getAttribute('data-periodo'), { timeout: 20_000 })
      .toBe(`${mesDesde}/${mesHasta}`);
    await expectChartDrawn(page, 'grafico-mttr');
    // The next month has no MTTR: the chart empties.
    await page.getByTestId('selector-mes-siguiente').click();
    const siguienteHasta = new Date(
      Date.UTC(Number(mesDesde.slice(0, 4)), Number(mesDesde.slice(5, 7)) + 1, 0),
    )
      .toISOString()
      .slice(0, 10);
    await expect
      .poll(() => lineas.getAttribute('data-periodo'), { timeout: 20_000 })
      .toBe(`${siguienteHasta.slice(0, 8)}01/${siguienteHasta}`);
    // The next month has no MTTR nor MTTF: the charts still draw their axes, up to SPEC §9's
    // defaults (50 and 1200 min), with every line's series empty; no bare 'Sin datos'.
    for (const [tipo, max] of [
      ['mttr', 50],
      ['mttf', 1200],
    ] as const) {
      await expectChartDrawn(page, `grafico-${tipo}`, 0.002);
      await expect.poll(async () => (await chartState(page, `grafico-${tipo}`))?.yExtent).toEqual([0, max]);
      const { series } = (await chartState(page, `grafico-${tipo}`))!;
      expect(series.length).toBeGreaterThan(0);
      for (const s of series) expect(s.data.every((v) => v === null)).toBe(true);
      expect(await page.getByTestId(`grafico-${tipo}`).textContent()).not.toContain('Sin datos');
      expect(await page.getByTestId(`sin-valores-${tipo}`).textContent()).toBe(
        `Ninguna línea tiene ${tipo.toUpperCase()} en el período.`,
      );
    }

    // A chosen range: the 5th to the 8th of the seeded month.
    await page.goto(`/mantenimiento?fecha=${mesHasta}`);
    await page.getByTestId('periodo-rango').click();
    // Typed as a person does: the field selected, the date, Enter.
    const escribir = async (testId: string, fecha: string) => {
      await focusDateField(page, testId);
      await page.keyboard.type(ddmmyyyy(fecha));
      await page.keyboard.press('Enter');
    };
    await escribir('periodo-hasta', `${mesDesde.slice(0, 8)}08`);
    await expect.poll(() => new URL(page.url()).searchParams.get('hasta')).toBe(`${mesDesde.slice(0, 8)}08`);
    await escribir('periodo-desde', `${mesDesde.slice(0, 8)}05`);
    const rango = `${mesDesde.slice(0, 8)}05/${mesDesde.slice(0, 8)}08`;
    await expect.poll(() => lineas.getAttribute('data-periodo'), { timeout: 20_000 }).toBe(rango);
    expect(new URL(page.url()).searchParams.get('desde')).toBe(`${mesDesde.slice(0, 8)}05`);
    await expectChartDrawn(page, 'grafico-mttr');
    await expect
      .poll(async () => (await chartState(page, 'grafico-mttr'))!.series[0]!.data)
      .toEqual([5, 6, 7, 8].map((d) => mttr(1, d)));
    expect((await chartState(page, 'grafico-mttr'))!.yExtent).toEqual([
      0,
      Math.ceil((Math.max(...[5, 6, 7, 8].flatMap((d) => [mttr(1, d), mttr(2, d)])) * 11) / 10),
    ]);
    // Back to the month.
    await page.getByTestId('periodo-mes').click();
    await expect
      .poll(() => lineas.getAttribute('data-periodo'), { timeout: 20_000 })
      .toBe(`${mesDesde}/${mesHasta}`);
    await cerrarPagina(page);
  });

  it('fits 360 px without scrolling sideways, dialog included', async () => {
    const page = await newPage(360);
    await open(page, `?fecha=${mesHasta}`);
    await expect
      .poll(() => page.getByTestId('mantenimiento-lineas').getAttribute('data-periodo'), { timeout: 20_000 })
      .toBe(`${mesDesde}/${mesHasta}`);
    await expectChartDrawn(page, 'grafico-mttr');
    expect(await page.getByRole('button', { name: 'Reporte', exact: true }).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    const energiaEnLaPagina = conDatosEnLaPagina(
      page,
      'query EnergiaHoraLinea(',
      'contadoresHora',
      'linea_id',
    );
    await page.goto('/mantenimiento');
    await segunLaPagina(page, 'grafico-energia', energiaEnLaPagina, hayEnergiaHoy);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.goto(`/mantenimiento?fecha=${mesHasta}`);
    await page.getByTestId('detalles-mttf-1').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe('MTTF (min)_561');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});
