import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import {
  cerrarPagina,
  expectPath,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';
import { es, expectChartDrawn } from './dashboard.ts';

// Zero Waste and the OBZ board. Data is written through the API, idempotently (upserts), for years
// no other suite reads: 2013 (zero waste) and 2012 (OBZ).

const ZW_YEAR = 2013;
const OBZ_YEAR = 2012;
const OBZ_MES = 3;

const round2 = (x: number) => Math.round(x * 100) / 100;
const pct = (x: number) => `${es(x, 2)} %`;

/** kg per month (1–12) and classification; months 4–12 have no records. */
const REGISTROS = [
  { mes: 1, clas: 'Cartón/papel', kg: 900 },
  { mes: 1, clas: 'Ordinarios (no aprovechable)', kg: 100 },
  { mes: 2, clas: 'PET (preformas y botellas)', kg: 495 },
  { mes: 2, clas: 'Ordinarios (no aprovechable)', kg: 5 },
  { mes: 3, clas: 'Lodos PTA', kg: 7000 },
  { mes: 3, clas: 'Cartón/papel', kg: 2000 },
  { mes: 3, clas: 'Ordinarios (no aprovechable)', kg: 1 },
] as const;
const NO_APROVECHABLE = 'Ordinarios (no aprovechable)';

function esperado(filtro: (r: (typeof REGISTROS)[number]) => boolean) {
  const rows = REGISTROS.filter(filtro);
  const aprovechable = rows.filter((r) => r.clas !== NO_APROVECHABLE).reduce((s, r) => s + r.kg, 0);
  const no = rows.filter((r) => r.clas === NO_APROVECHABLE).reduce((s, r) => s + r.kg, 0);
  return {
    aprovechable,
    no,
    total: aprovechable + no,
    zwl: round2((aprovechable / (aprovechable + no)) * 100),
  };
}

let adminToken: string;
let paqueteA: { id: string; nombre: string };
let paqueteB: { id: string; nombre: string };

async function upsertMonto(paquete: string, mes: number, presupuesto: number, real: number | null) {
  await api(
    'mutation($i: ObzMontoInput!) { upsertObzMonto(input: $i) { mes } }',
    { i: { paquete_id: paquete, mes: `${OBZ_YEAR}-${String(mes).padStart(2, '0')}-01`, presupuesto, real } },
    adminToken,
  );
}

beforeAll(async () => {
  adminToken = await apiLogin();
  const { clasificaciones } = await api<{ clasificaciones: { id: string; descripcion: string }[] }>(
    '{ clasificaciones { id descripcion } }',
    {},
    adminToken,
  );
  const idDe = (d: string) => {
    const found = clasificaciones.find((c) => c.descripcion === d);
    if (!found) throw new Error(`falta la clasificación ${d}`);
    return found.id;
  };
  for (const r of REGISTROS) {
    await api(
      'mutation($i: ZeroWasteRegistroInput!) { upsertZeroWasteRegistro(input: $i) { id } }',
      {
        i: {
          mes: `${ZW_YEAR}-${String(r.mes).padStart(2, '0')}-01`,
          clasificacion_id: idDe(r.clas),
          kg: r.kg,
        },
      },
      adminToken,
    );
  }
  await api(
    'mutation($i: ProyeccionInput!) { upsertProyeccion(input: $i) { id } }',
    {
      i: {
        anio: ZW_YEAR,
        clasificacion_id: idDe('Lodos PTA'),
        aprovechables: 90000,
        no_aprovechables: 0,
        zero_waste: 100,
      },
    },
    adminToken,
  );
  const { obzPaquetes } = await api<{ obzPaquetes: { id: string; nombre: string }[] }>(
    '{ obzPaquetes { id nombre } }',
    {},
    adminToken,
  );
  [paqueteA, paqueteB] = [obzPaquetes[0]!, obzPaquetes[1]!];
  // A: Jan 1000 → 1150 (+15 %), Feb 3000 → 2700, Mar 2000 → 2100 (+5 %); B: budget only in March.
  await upsertMonto(paqueteA.id, 1, 1000, 1150);
  await upsertMonto(paqueteA.id, 2, 3000, 2700);
  await upsertMonto(paqueteA.id, 3, 2000, 2100);
  await upsertMonto(paqueteB.id, 3, 500, null);
});

/**
 * The visible text of each cell of a table row, by test id: its first line (a cell may add words
 * for screen readers, visually hidden, after its figure).
 */
async function celdas(page: Page, testId: string): Promise<string[]> {
  return page
    .getByTestId(testId)
    .locator('th, td')
    .allInnerTexts()
    .then((t) => t.map((s) => s.trim().split('\n')[0]!.trim()));
}

describe('Zero Waste', () => {
  const { newPage } = useBrowser();

  it('shows the year month by month with the Meta and Acumulado rows, "—" for empty months, and both charts', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    await page.goto(`/zero-waste?anio=${ZW_YEAR}&mes=1`);
    await expect.poll(() => headerTitle(page)).toBe('Zero Waste');
    expect(await page.title()).toBe('Zero Waste');
    await expect
      .poll(() => page.getByTestId('zero-waste').getAttribute('data-anio'), { timeout: 20_000 })
      .toBe(String(ZW_YEAR));

    for (const mes of [1, 2, 3]) {
      const e = esperado((r) => r.mes === mes);
      expect(await celdas(page, `fila-mes-${mes}`)).toEqual([
        ['Enero', 'Febrero', 'Marzo'][mes - 1],
        es(e.aprovechable),
        es(e.no),
        es(e.total),
        pct(e.zwl),
      ]);
    }
    // Below the target, said in words too (not by colour alone).
    expect(await page.getByTestId('fila-mes-1').getByTestId('celda-zwl').textContent()).toContain(
      'bajo la meta',
    );
    // Months without records: '—', never 0 %.
    for (let mes = 4; mes <= 12; mes++) {
      const cells = await celdas(page, `fila-mes-${mes}`);
      expect(cells.slice(1)).toEqual(['—', '—', '—', '—']);
    }
    // Acumulado: the ratio of the year's sums (recomputed from the raw records), not a mean.
    const year = esperado(() => true);
    expect(year.zwl).toBe(98.99);
    expect(await celdas(page, 'fila-acumulado')).toEqual([
      'Acumulado',
      es(year.aprovechable),
      es(year.no),
      es(year.total),
      pct(year.zwl),
    ]);
    const mean = round2((90 + 99 + esperado((r) => r.mes === 3).zwl) / 3);
    expect(pct(mean)).not.toBe(pct(year.zwl));
    expect(await celdas(page, 'fila-meta')).toEqual(['Meta', '—', '—', '—', '99.00 %']);
    expect(await page.getByTestId('resumen-acumulado').innerText()).toContain(pct(year.zwl));

    await expectChartDrawn(page, 'chart-zwl');
    await expectChartDrawn(page, 'chart-desglose');
    // The breakdown: January's share of each classification next to the year's.
    const enero = esperado((r) => r.mes === 1);
    const filaCarton = page.getByTestId('tabla-desglose').getByRole('row', { name: /Cartón\/papel/ });
    const carton = REGISTROS.filter((r) => r.clas === 'Cartón/papel').reduce((s, r) => s + r.kg, 0);
    expect((await filaCarton.locator('th, td').allInnerTexts()).map((t) => t.trim())).toEqual([
      'Cartón/papel',
      es(carton),
      pct(round2((carton / year.total) * 100)),
      es(900),
      pct(round2((900 / enero.total) * 100)),
    ]);
    // The projection and its total row.
    expect(await celdas(page, 'fila-proyeccion-total')).toContain('90,000');

    await cerrarPagina(page);
  });

  it('fits 360 px without horizontal scroll, and changes the breakdown month from the selector', async () => {
    const page = await newPage(360);
    await iniciarSesion(page);
    await page.goto(`/zero-waste?anio=${ZW_YEAR}`);
    await expect
      .poll(() => page.getByTestId('zero-waste').getAttribute('data-anio'), { timeout: 20_000 })
      .toBe(String(ZW_YEAR));
    await expectChartDrawn(page, 'chart-zwl');
    // Default breakdown month: the last one with records (March).
    await expect.poll(() => page.getByTestId('selector-mes').innerText()).toContain('Marzo');
    await page.getByTestId('selector-mes').click();
    await page.getByRole('option', { name: 'Febrero' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('mes')).toBe('2');
    await expect
      .poll(() => page.getByTestId('tabla-desglose').getByRole('row', { name: /PET/ }).innerText())
      .toContain(pct(99));
    expect(await hasHorizontalScroll(page)).toBe(false);
    await cerrarPagina(page);
  });
});

describe('OBZ board', () => {
  const { newPage } = useBrowser();

  async function openBoard(page: Page, query = `anio=${OBZ_YEAR}&mes=${OBZ_MES}`) {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await iniciarSesion(page);
    await page.goto(`/obz?${query}`);
    await expect
      .poll(() => page.getByTestId('tablero-obz').getAttribute('data-actualizado'), { timeout: 20_000 })
      .toMatch(/^\d+$/);
    if (query.includes(`anio=${OBZ_YEAR}`))
      await expect.poll(() => page.getByTestId('tabla-obz').count(), { timeout: 20_000 }).toBe(1);
  }

  const filaA = (page: Page) => celdas(page, `fila-obz-${paqueteA.id}`);

  it('fills a 1920×1080 TV without drawer or header: packages, totals, production of the day, chart, clock', async () => {
    await upsertMonto(paqueteA.id, 3, 2000, 2100);
    const page = await newPage(1920);
    await openBoard(page);
    expect(await page.title()).toBe('Obz');
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.locator('nav, .MuiDrawer-root').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('OBZ · Presupuesto base cero');

    // Package A in March and its year to date (Jan–Mar): recomputed from the amounts written.
    const [nombre, ...resto] = await filaA(page);
    expect(nombre).toContain(paqueteA.nombre);
    expect(resto).toEqual([
      es(2000),
      es(2100),
      expect.stringContaining('+5.0 %'),
      es(6000),
      es(5950),
      `${es(round2((5950 / 6000) * 100), 1)} %`,
    ]);
    const total = await celdas(page, 'total-obz');
    expect(total[0]).toBe('Total planta');
    expect(total[1]).toBe(es(2500)); // the month's budget of both packages

    // No full-screen scroll: the board fits the TV.
    const { scrollH, scrollW } = await page.evaluate(() => ({
      scrollH: document.documentElement.scrollHeight,
      scrollW: document.documentElement.scrollWidth,
    }));
    expect(scrollW).toBeLessThanOrEqual(1920);
    expect(scrollH).toBeLessThanOrEqual(1080);
    // Large type: the table's numbers at least 24 px, the KPI figures larger.
    const fontSize = await page
      .getByTestId(`fila-obz-${paqueteA.id}`)
      .locator('td')
      .first()
      .evaluate((td) => parseFloat(getComputedStyle(td).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(24);

    await expectChartDrawn(page, 'chart-obz');
    expect(await page.getByTestId('reloj').innerText()).toMatch(/^\d{2}:\d{2}$/);
    await expect
      .poll(() => page.getByTestId('ultima-actualizacion').innerText())
      .toMatch(/^Actualizado \d{2}:\d{2}:\d{2}$/);
    expect(
      await page.getByTestId('kpis-tablero').locator('[data-testid^="kpi-tablero-"]').count(),
    ).toBeGreaterThan(0);

    // The way back to the menu: hidden until reached with the keyboard, then it works.
    const volver = page.getByTestId('volver-menu');
    await page.keyboard.press('Tab');
    await expect.poll(() => volver.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() => page.getByTestId('controles-tablero').evaluate((el) => getComputedStyle(el).opacity))
      .toBe('1');
    await page.keyboard.press('Enter');
    await expectPath(page, '/menu');
    await cerrarPagina(page);
  });

  it('fits 360 px: no horizontal scroll, the packages readable, the way back to the menu reachable', async () => {
    await upsertMonto(paqueteA.id, 3, 2000, 2100);
    const page = await newPage(360);
    await iniciarSesion(page);
    await page.goto(`/obz?anio=${OBZ_YEAR}&mes=${OBZ_MES}`);
    await expect.poll(() => page.getByTestId('tabla-obz').count(), { timeout: 20_000 }).toBe(1);
    await expectChartDrawn(page, 'chart-obz');
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Package A's row: its name whole on screen, every figure reachable (the table scrolls inside
    // its card, not the page), in type no smaller than 14 px.
    const fila = page.getByTestId(`fila-obz-${paqueteA.id}`);
    const [nombre, ...cifras] = await filaA(page);
    expect(nombre).toContain(paqueteA.nombre);
    expect(cifras.slice(0, 2)).toEqual([es(2000), es(2100)]);
    const dentro = async (locator: Locator) => {
      const box = await locator.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 360 && box.width > 0;
    };
    expect(await dentro(fila.locator('th'))).toBe(true);
    const ultima = fila.locator('td').last();
    await ultima.scrollIntoViewIfNeeded();
    expect(await dentro(ultima)).toBe(true);
    expect(await ultima.innerText()).toBe(`${es(round2((5950 / 6000) * 100), 1)} %`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    for (const celda of [fila.locator('th'), ultima]) {
      const size = await celda.evaluate((el) =>
        parseFloat(getComputedStyle(el.firstElementChild ?? el).fontSize),
      );
      expect(size).toBeGreaterThanOrEqual(14);
    }

    // The way back: on screen at the top, shown when the pointer moves, and it leads to the menu.
    await page.evaluate(() => window.scrollTo(0, 0));
    const volver = page.getByTestId('volver-menu');
    expect(await dentro(volver)).toBe(true);
    await page.mouse.move(100, 100);
    await expect
      .poll(() => page.getByTestId('controles-tablero').evaluate((el) => getComputedStyle(el).opacity))
      .toBe('1');
    await volver.click();
    await expectPath(page, '/menu');
    await cerrarPagina(page);
  });

  it('shows the same production figures of the day as /fabrica', async () => {
    const page = await newPage(1920);
    await openBoard(page, '');
    const token = adminToken;
    const { variables } = await api<{
      variables: { nombre: string; area: string | null; nivel: string; decimales: number }[];
    }>('{ variables { nombre area nivel decimales } }', {}, token);
    const { calendarioPlanta } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
      '{ calendarioPlanta { dia_produccion } }',
      {},
      token,
    );
    const nombre = 'Cumplimiento de meta (%)';
    const decimales = variables.find((v) => v.nombre === nombre)?.decimales ?? 0;
    // The board and the API (the query /fabrica makes) agree, within the minute both refresh in.
    await expect
      .poll(
        async () => {
          const { resumenVariables } = await api<{ resumenVariables: { diario: number | null }[] }>(
            'query($n: [String!]!, $f: Date!) { resumenVariables(nombres: $n, fecha: $f) { diario } }',
            { n: [nombre], f: calendarioPlanta.dia_produccion },
            token,
          );
          const diario = resumenVariables[0]?.diario ?? null;
          const board = await page.getByTestId(`kpi-tablero-${nombre}`).getByTestId('kpi-valor').innerText();
          return board === (diario === null ? '—' : es(diario, decimales));
        },
        { timeout: 70_000, interval: 2_000 },
      )
      .toBe(true);
    // …and /fabrica shows that figure for the same day.
    const fabrica = await newPage(1440);
    await iniciarSesion(fabrica);
    await fabrica.goto('/fabrica');
    await expect
      .poll(
        async () => {
          const board = await page.getByTestId(`kpi-tablero-${nombre}`).getByTestId('kpi-valor').innerText();
          const card = await fabrica.getByTestId(`kpi-${nombre}`).innerText();
          return card.includes(board);
        },
        { timeout: 70_000, interval: 2_000 },
      )
      .toBe(true);
    await cerrarPagina(fabrica);
    await cerrarPagina(page);
  });

  it('refreshes itself every minute, shows "Sin conexión desde" while the network is down and recovers', async () => {
    await upsertMonto(paqueteA.id, 3, 2000, 2100);
    const page = await newPage(1920);
    await page.clock.install();
    await openBoard(page);
    expect((await filaA(page))[2]).toBe(es(2100));

    // New data on the server: the board shows it after its minute, without a reload.
    await upsertMonto(paqueteA.id, 3, 2000, 2345);
    await page.clock.fastForward(61_000);
    await expect.poll(async () => (await filaA(page))[2], { timeout: 15_000 }).toBe(es(2345));

    // Network lost: requests fail; after the minute and its retries the notice shows, the data stays.
    const antes = Number(await page.getByTestId('tablero-obz').getAttribute('data-actualizado'));
    await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
    await upsertMonto(paqueteA.id, 3, 2000, 2400);
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(20_000);
          return page.getByTestId('aviso-conexion').isVisible();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect(await page.getByTestId('aviso-conexion').innerText()).toMatch(/^Sin conexión desde \d{2}:\d{2}$/);
    expect((await filaA(page))[2]).toBe(es(2345));

    // Network back: the board recovers by itself and shows the newer figure.
    await page.unroute('**/graphql');
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(20_000);
          return (await filaA(page))[2];
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(es(2400));
    await expect.poll(() => page.getByTestId('aviso-conexion').count()).toBe(0);
    expect(Number(await page.getByTestId('tablero-obz').getAttribute('data-actualizado'))).toBeGreaterThan(
      antes,
    );
    expect(new URL(page.url()).pathname).toBe('/obz');
    await cerrarPagina(page);
  });

  it('in kiosk mode renews the session before the access token expires and stays on the board', async () => {
    const page = await newPage(1920);
    await page.clock.install();
    await openBoard(page, `anio=${OBZ_YEAR}&mes=${OBZ_MES}&kiosko=1`);
    expect(await page.getByTestId('tablero-obz').getAttribute('data-kiosko')).toBe('1');
    const renovaciones: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 200 && (r.request().postData() ?? '').includes('refreshToken'))
        renovaciones.push(r.url());
    });
    // Network down when the app's single renewal attempt (5 minutes ahead) runs.
    await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
    await page.clock.fastForward(55 * 60_000 + 5_000);
    await page.clock.fastForward(10_000);
    await page.unroute('**/graphql');
    // The kiosk retries every 30 s: the session is renewed once the network is back.
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(30_000);
          return renovaciones.length;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(30_000);
          return page.getByTestId('aviso-conexion').count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(0);
    expect(new URL(page.url()).pathname).toBe('/obz');
    expect(await page.getByTestId('tabla-obz').count()).toBe(1);
    await cerrarPagina(page);
  });
});
