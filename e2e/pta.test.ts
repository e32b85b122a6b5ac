import { addDays } from '@planta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin } from './api.ts';
import { es, expectChartDrawn, historyFrom, seedHistory, variableIds } from './dashboard.ts';
import {
  captura,
  cerrarPagina,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';

// /pta, /pta/resumen and /pta/acumulados. The e2e server has no demo history (DEMO_DAYS=0) and
// its collector derives only the day in progress, so the suite writes six past days of PTA values
// (variables no other suite reads, on dates long before the windows other suites write) through
// the API, once: rows already there are kept (the suites share a server and may run twice).

/** A day's PTA values; the last day of the block has DQO out and pH out beyond their limits. */
function valoresDia(i: number, fuera: boolean): Record<string, number> {
  return {
    'Caudal afluente (m³)': 520 + 20 * i,
    'Caudal efluente (m³)': 505 + 19 * i,
    'DQO entrada (mg/L)': 2800 + 100 * i,
    'DQO salida (mg/L)': fuera ? 320 : 120 + 5 * i,
    'DBO₅ entrada (mg/L)': 1700 + 60 * i,
    'DBO₅ salida (mg/L)': 45 + i,
    'SST entrada (mg/L)': 450 + 10 * i,
    'SST salida (mg/L)': 40 + i,
    'pH entrada': 8.4,
    'pH salida': fuera ? 9.2 : 7.4,
    'Temperatura entrada (°C)': 30.5,
    'Lodos generados (kg/d)': 950 + 10 * i,
    'Energía PTA (kWh)': 215 + 6 * i,
  };
}

const DIA = `query($fecha: Date!) {
  ptaDia(fecha: $fecha) {
    fecha fuera_de_limite
    parametros { valor estado variable { nombre decimales } }
    remociones { clave remocion_pct estado }
  }
}`;
const ACUMULADOS = `query($fecha: Date!) {
  ptaAcumulados(fecha: $fecha) {
    mes { afluente_m3 energia_kwh_m3 lodos_kg cargas { clave carga_removida_kg remocion_pct } }
    anio { afluente_m3 energia_kwh_m3 lodos_kg cargas { clave carga_removida_kg remocion_pct } }
    meses { mes totales { afluente_m3 } }
  }
}`;

describe('PTA', () => {
  const { newPage } = useBrowser();
  let token: string;
  /** The day with values outside the limits (the last of the six written). */
  let dia: string;

  beforeAll(async () => {
    token = await apiLogin();
    const { calendarioPlanta } = await api<{ calendarioPlanta: { dia_produccion: string } }>(
      '{ calendarioPlanta { dia_produccion } }',
      {},
      token,
    );
    dia = addDays(calendarioPlanta.dia_produccion, -420);
    const primero = addDays(dia, -5);
    await historyFrom(token, primero);
    const id = await variableIds(token);
    for (let i = 0; i < 6; i++) {
      const fecha = addDays(primero, i);
      const valores = valoresDia(i, i === 5);
      const { historicosNombres } = await api<{ historicosNombres: { variable: { nombre: string } }[] }>(
        'query($n: [String!]!, $f: Date!) { historicosNombres(nombres: $n, fecha: $f) { variable { nombre } } }',
        { n: Object.keys(valores), f: fecha },
        token,
      );
      const hay = new Set(historicosNombres.map((h) => h.variable.nombre));
      await seedHistory(
        token,
        Object.entries(valores)
          .filter(([nombre]) => !hay.has(nombre))
          .map(([nombre, diario]) => ({ variable_id: id(nombre), fecha, diario })),
      );
    }
  });

  it('/pta: the day against its limits, out-of-limit values flagged in words, the trend drawn', async () => {
    for (const width of [1440, 360]) {
      const page = await newPage(width);
      await iniciarSesion(page);
      await page.goto(`/pta?fecha=${dia}&dias=7`);
      await expect.poll(() => headerTitle(page)).toBe('PTA');
      expect(await page.title()).toBe('PTA');
      const estado = page.getByTestId('pta-estado');
      await expect.poll(() => estado.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(dia);
      await expect.poll(() => estado.getAttribute('data-cargando-dia')).toBe('false');
      await expect.poll(() => estado.getAttribute('data-cargando-tendencia')).toBe('false');

      const card = (nombre: string) => page.locator(`[data-testid="pta-parametro"][data-nombre="${nombre}"]`);
      const dqo = card('DQO salida (mg/L)');
      expect(await dqo.getAttribute('data-estado')).toBe('NO_CUMPLE');
      expect(await dqo.getByTestId('pta-valor').textContent()).toBe(es(320));
      expect(await dqo.textContent()).toContain('Fuera de límite');
      expect(await card('pH salida').getAttribute('data-estado')).toBe('NO_CUMPLE');
      expect(await card('SST salida (mg/L)').textContent()).toContain('Dentro del límite');
      const resumen = page.getByTestId('pta-resumen-dia');
      expect(await resumen.textContent()).toContain('DQO salida');
      expect(await resumen.textContent()).toContain('pH salida');
      // Removal of DQO: (3300 − 320) / 3300 = 90.3 % (limit ≥ 90).
      const remDqo = page.locator('[data-testid="pta-remocion"][data-clave="DQO"]');
      expect(await remDqo.getByTestId('pta-remocion-pct').textContent()).toBe(
        `${es(((3300 - 320) / 3300) * 100, 1)} %`,
      );
      expect(await remDqo.textContent()).toContain(`${es((620 * 3300) / 1000)} kg/d`); // load in

      // The trend of DQO out over the 7 days: drawn.
      await expectChartDrawn(page, 'grafico-pta-tendencia');
      expect(await page.getByRole('button', { name: 'Reporte', exact: true }).count()).toBe(0);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await cerrarPagina(page);
    }
  });

  it('/pta: a day without records shows "—", never 0', async () => {
    const page = await newPage(1440);
    await iniciarSesion(page);
    const vacio = addDays(dia, 1);
    await page.goto(`/pta?fecha=${vacio}`);
    const estado = page.getByTestId('pta-estado');
    await expect.poll(() => estado.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(vacio);
    expect(await page.getByTestId('pta-resumen-dia').textContent()).toContain('Sin registros');
    const valores = await page.getByTestId('pta-valor').allTextContents();
    expect(valores.length).toBeGreaterThan(10);
    expect(new Set(valores)).toEqual(new Set(['—']));
    await cerrarPagina(page);
  });

  it('/pta/resumen: the compliance table matches the API', async () => {
    const { ptaDia } = await api<{
      ptaDia: {
        parametros: {
          valor: number | null;
          estado: string;
          variable: { nombre: string; decimales: number };
        }[];
        remociones: { clave: string; remocion_pct: number | null; estado: string }[];
      };
    }>(DIA, { fecha: dia }, token);
    for (const width of [1440, 360]) {
      const page = await newPage(width);
      await iniciarSesion(page);
      await page.goto(`/pta/resumen?fecha=${dia}`);
      await expect.poll(() => headerTitle(page)).toBe('Resumen ~ PTA');
      const estado = page.getByTestId('pta-estado');
      await expect.poll(() => estado.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(dia);
      expect(await estado.getAttribute('data-cargando-dia')).toBe('false');
      for (const p of ptaDia.parametros) {
        const fila = page.locator(`[data-testid="fila-cumplimiento"][data-parametro="${p.variable.nombre}"]`);
        expect(await fila.getAttribute('data-estado'), p.variable.nombre).toBe(p.estado);
        const celda = (await fila.getByTestId('celda-valor').textContent())!;
        expect(celda.startsWith(p.valor === null ? '—' : es(p.valor, p.variable.decimales)), celda).toBe(
          true,
        );
      }
      const dqo = page.locator('[data-testid="fila-cumplimiento"][data-parametro="DQO salida (mg/L)"]');
      expect(await dqo.textContent()).toContain('No cumple');
      expect(await dqo.textContent()).toContain('≤ 250');
      for (const r of ptaDia.remociones) {
        const fila = page.locator(`[data-testid="fila-cumplimiento"][data-parametro="remocion-${r.clave}"]`);
        expect(await fila.getAttribute('data-estado')).toBe(r.estado);
        expect(await fila.getByTestId('celda-valor').textContent()).toContain(es(r.remocion_pct!, 1));
      }
      expect(await page.getByTestId('pta-dictamen').textContent()).toContain('no cumplen');
      expect(await page.getByRole('button', { name: 'Reporte', exact: true }).count()).toBe(0);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await cerrarPagina(page);
    }
  });

  it('/pta/acumulados: month and year totals and the month-by-month table match the API, chart drawn', async () => {
    const { ptaAcumulados: a } = await api<{ ptaAcumulados: any }>(ACUMULADOS, { fecha: dia }, token);
    expect(a.anio.afluente_m3).toBeGreaterThan(0);
    for (const width of [1440, 360]) {
      const page = await newPage(width);
      await iniciarSesion(page);
      await page.goto(`/pta/acumulados?fecha=${dia}`);
      await expect.poll(() => headerTitle(page)).toBe('Acumulados ~ PTA');
      const estado = page.getByTestId('pta-estado');
      await expect.poll(() => estado.getAttribute('data-fecha'), { timeout: 20_000 }).toBe(dia);
      expect(await estado.getAttribute('data-cargando-acumulados')).toBe('false');
      const dqo = (t: any) => t.cargas.find((c: any) => c.clave === 'DQO');
      for (const [key, t] of [
        ['pta-mes', a.mes],
        ['pta-anio', a.anio],
      ] as const) {
        expect(await page.getByTestId(`${key}-afluente`).textContent()).toBe(`${es(t.afluente_m3)} m³`);
        expect(await page.getByTestId(`${key}-dqo-removida`).textContent()).toBe(
          `${es(dqo(t).carga_removida_kg)} kg`,
        );
        expect(await page.getByTestId(`${key}-remocion-dqo`).textContent()).toBe(
          `${es(dqo(t).remocion_pct, 1)} %`,
        );
        expect(await page.getByTestId(`${key}-energia-m3`).textContent()).toBe(
          `${es(t.energia_kwh_m3, 2)} kWh/m³`,
        );
      }
      // One row per month of the year up to the day's month, and the year's row.
      const filas = page.getByTestId('fila-mes');
      expect(await filas.count()).toBe(a.meses.length + 1);
      for (const m of a.meses) {
        const celda = filas
          .nth(m.mes - 1)
          .locator('td')
          .first();
        expect(await celda.textContent()).toBe(
          m.totales.afluente_m3 === null ? '—' : es(m.totales.afluente_m3),
        );
      }
      expect(await filas.last().locator('td').first().textContent()).toBe(es(a.anio.afluente_m3));
      await expectChartDrawn(page, 'grafico-pta-meses');
      expect(await page.getByRole('button', { name: 'Reporte', exact: true }).count()).toBe(0);
      expect(await hasHorizontalScroll(page)).toBe(false);
      // A full-page capture (it resizes the page for a moment): the chart is still drawn after it.
      await captura(page, `pta-acumulados-${width}`);
      await expectChartDrawn(page, 'grafico-pta-meses');
      await cerrarPagina(page);
    }
  });
});
