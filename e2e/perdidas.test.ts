import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, turnosDelDia } from '@planta/domain';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violacionesGraves } from './axe.ts';
import { graphqlDe } from './api.ts';
import {
  captura,
  cerrarPagina,
  hasHorizontalScroll,
  headerTitle,
  iniciarSesion,
  useBrowser,
} from './browser.ts';
import { es, expectChartDrawn } from './dashboard.ts';
import {
  arrancarServidor,
  basePostgres,
  E2E_ADMIN,
  freePort,
  type OpcionesServidor,
  root,
  type Servidor,
} from './servidor.ts';

/**
 * /fabrica/perdidas (issue 33 item 5) at 1440 and 360 px against a server of its own with a few
 * days of demo history (the shared one has none): yesterday's losses of the plant and of a line,
 * and a shift of it — the waterfall, the Pareto and the timeline drawn, and what the screen shows
 * (cards, bars, cumulative line, timeline stretches, tables) equal to perdidasOee's answer.
 */

const DIAS = 3;

let opciones: OpcionesServidor;
let servidor: Servidor | undefined;
let base: Awaited<ReturnType<typeof basePostgres>>;
const gql = graphqlDe(() => servidor!.baseURL);
let token = '';
let ayer = '';
let lineas: { id: string; numero: number; nombre: string }[] = [];
let turnos: { numero: number; nombre: string; inicio: string; fin: string }[] = [];
let timeZone = '';

interface Perdidas {
  tiempo_planificado: number;
  tiempo_operativo: number;
  tiempo_neto: number;
  tiempo_productivo: number;
  disponibilidad: number | null;
  rendimiento: number | null;
  calidad: number | null;
  oee: number | null;
  mtbf: number | null;
  mttr: number | null;
  sin_motivo_pct: number | null;
  paros_planificados: number;
  perdidas: { clase: string; etiqueta: string; grupo: string; minutos: number }[];
  pareto: { motivo: string; clase: string; minutos: number; paros: number }[];
  principales: { id: string; inicio: string; minutos: number }[];
  lineas_tiempo: { linea_nombre: string; tramos: { inicio: string; fin: string; estado: string }[] }[];
}

const perdidasApi = async (vars: {
  linea_id: string | null;
  desde: string;
  hasta: string;
  turno: number | null;
}) =>
  (
    await gql<{ perdidasOee: Perdidas }>(
      `query($l: ID, $d: Date!, $h: Date!, $t: Int) { perdidasOee(linea_id: $l, desde: $d, hasta: $h, turno: $t) {
        tiempo_planificado tiempo_operativo tiempo_neto tiempo_productivo disponibilidad rendimiento calidad oee
        mtbf mttr sin_motivo_pct paros_planificados
        perdidas { clase etiqueta grupo minutos } pareto { motivo clase minutos paros } principales { id inicio minutos }
        lineas_tiempo { linea_nombre tramos { inicio fin estado } } } }`,
      { l: vars.linea_id, d: vars.desde, h: vars.hasta, t: vars.turno },
      token,
    )
  ).perdidasOee;

/** Yesterday's line and shift to pick on screen: the second line's second shift if it ran. */
async function lineaYTurnoConTiempo() {
  const candidatos = [lineas[1] ?? lineas[0]!, ...lineas].flatMap((linea) =>
    [2, ...turnos.map((t) => t.numero)].map((numeroTurno) => ({ linea, numeroTurno })),
  );
  for (const { linea, numeroTurno } of candidatos) {
    const turno = await perdidasApi({ linea_id: linea.id, desde: ayer, hasta: ayer, turno: numeroTurno });
    if (turno.tiempo_planificado > 0) return { linea, numeroTurno, turno };
  }
  throw new Error(`ninguna línea tuvo tiempo planificado el ${ayer}`);
}

beforeAll(async () => {
  // On PostgreSQL when it answers, as the shared e2e servers (else the embedded PGlite).
  base = await basePostgres('planta_perdidas');
  opciones = {
    port: await freePort(),
    opcPort: await freePort(),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'planta-e2e-perdidas-')),
    logFile: path.join(root, 'test-results/e2e-servidor-perdidas.log'),
    demoDays: DIAS,
    databaseUrl: base?.url,
  };
  fs.rmSync(opciones.logFile, { force: true });
  servidor = await arrancarServidor(opciones);
  // The collector starts once the history is written: until then the days are in the making.
  const until = Date.now() + 300_000;
  for (;;) {
    const health = (await (await fetch(`${servidor.baseURL}/healthz`)).json()) as {
      colector?: { estado?: string };
    };
    if (health.colector?.estado === 'CONECTADO') break;
    if (Date.now() > until) throw new Error('la historia de demostración no terminó a tiempo');
    await new Promise((r) => setTimeout(r, 1_000));
  }
  token = (
    await gql<{ login: { access_token: string } }>(
      'mutation($i: LoginInput!) { login(input: $i) { access_token } }',
      {
        i: E2E_ADMIN,
      },
    )
  ).login.access_token;
  const datos = await gql<{
    calendarioPlanta: { dia_produccion: string; zona_horaria: string };
    lineas: { id: string; numero: number; nombre: string }[];
    turnosHorario: { numero: number; nombre: string; inicio: string; fin: string }[];
  }>(
    '{ calendarioPlanta { dia_produccion zona_horaria } lineas { id numero nombre } turnosHorario { numero nombre inicio fin } }',
    {},
    token,
  );
  turnos = datos.turnosHorario;
  timeZone = datos.calendarioPlanta.zona_horaria;
  ayer = addDays(datos.calendarioPlanta.dia_produccion, -1);
  lineas = [...datos.lineas].sort((a, b) => a.numero - b.numero);
}, 420_000);

afterAll(async () => {
  await servidor?.detener();
  await base?.drop().catch(() => {});
  if (opciones) fs.rmSync(opciones.dataDir, { recursive: true, force: true });
});

async function pagina(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: servidor!.baseURL,
    viewport: { width, height: 900 },
    locale: 'es-PE',
  });
  const page = await context.newPage();
  await iniciarSesion(page);
  return page;
}

/** The series of a chart as drawn (the Chart wrapper exposes its ECharts instance under automation). */
function seriesDe(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((box) => {
    type Dato = number | { value: number | number[]; itemStyle?: { color?: string } };
    type Instance = { getOption(): { series: { name: string; type: string; data: Dato[] }[] } };
    const el = [box, ...Array.from(box.querySelectorAll('div'))].find((d) => '__chart' in d) as
      (Element & { __chart: Instance }) | undefined;
    if (!el) return null;
    return el.__chart.getOption().series.map((s) => ({
      name: s.name,
      type: s.type,
      valores: s.data.map((d) => (typeof d === 'object' && d !== null ? d.value : d)),
      colores: s.data.map((d) => (typeof d === 'object' && d !== null ? (d.itemStyle?.color ?? null) : null)),
    }));
  });
}

/** Opens the screen on `query` and waits until its figures are the ones asked for, with the charts drawn. */
async function abrir(page: Page, query: string, timeline: boolean) {
  await page.goto(`/fabrica/perdidas?${query}`);
  await expect
    .poll(() => page.getByTestId('perdidas').getAttribute('data-desde'), { timeout: 30_000 })
    .toBeTruthy();
  await expectChartDrawn(page, 'grafico-cascada');
  await expectChartDrawn(page, 'grafico-pareto');
  if (timeline) await expectChartDrawn(page, 'grafico-linea-tiempo');
}

const texto = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ');

async function comprobarCifras(page: Page, api: Perdidas) {
  // The cards: the API's figures as the screen writes them.
  expect(await texto(page, 'kpi-planificado')).toContain(es(api.tiempo_planificado));
  for (const [testId, valor] of [
    ['kpi-disponibilidad', api.disponibilidad],
    ['kpi-rendimiento', api.rendimiento],
    ['kpi-calidad', api.calidad],
    ['kpi-oee', api.oee],
    ['kpi-mtbf', api.mtbf],
    ['kpi-mttr', api.mttr],
    ['kpi-sin-motivo', api.sin_motivo_pct],
  ] as const) {
    expect(await texto(page, testId)).toContain(valor === null ? '—' : es(valor, 1));
  }

  // The waterfall: planned time, each loss of the API in order, the times; it adds up.
  const cascada = (await seriesDe(page, 'grafico-cascada'))!;
  const [base, barras] = [cascada[0]!.valores as number[], cascada[1]!.valores as number[]];
  const esperadas = [
    api.tiempo_planificado,
    ...api.perdidas.filter((p) => p.grupo === 'DISPONIBILIDAD').map((p) => p.minutos),
    api.tiempo_operativo,
    ...api.perdidas.filter((p) => p.grupo === 'RENDIMIENTO').map((p) => p.minutos),
    api.tiempo_neto,
    ...api.perdidas.filter((p) => p.grupo === 'CALIDAD').map((p) => p.minutos),
    api.tiempo_productivo,
  ];
  expect(barras.length).toBe(esperadas.length);
  barras.forEach((v, i) => expect(v).toBeCloseTo(Math.abs(esperadas[i]!), 6));
  expect(barras.at(-1)).toBeCloseTo(api.tiempo_productivo, 6);
  const perdidas = api.perdidas.reduce((s, p) => s + p.minutos, 0);
  expect(perdidas + api.tiempo_productivo).toBeCloseTo(api.tiempo_planificado, 3);
  // Each loss hangs from where the previous bar left the time.
  expect(base[0]).toBe(0);

  // The Pareto: the API's reasons by minutes, 'Sin motivo' in its own colour, the cumulative % ends at 100.
  const pareto = (await seriesDe(page, 'grafico-pareto'))!;
  const conMinutos = api.pareto.filter((m) => m.minutos > 0);
  const minutos = pareto[0]!.valores as number[];
  expect([...minutos].sort((a, b) => a - b)).toEqual(conMinutos.map((m) => m.minutos).sort((a, b) => a - b));
  expect((pareto[1]!.valores as number[]).at(-1)).toBe(100);
  const sinMotivo = conMinutos.findIndex((m) => m.motivo === 'Sin motivo');
  if (sinMotivo >= 0) {
    const colores = pareto[0]!.colores;
    const i = minutos.indexOf(conMinutos[sinMotivo]!.minutos);
    expect(colores.filter((c) => c === colores[i])).toHaveLength(1);
  }
  return { conMinutos };
}

describe('/fabrica/perdidas with demo history', () => {
  const { browser } = useBrowser();

  for (const ancho of [1440, 360] as const) {
    it(`at ${ancho} px: yesterday's plant, then a line and a shift; every figure is the API's`, async () => {
      const page = await pagina(browser(), ancho);

      // The plant's day.
      await abrir(page, `fecha=${ayer}`, true);
      expect(await headerTitle(page)).toBe('Pérdidas');
      const planta = await perdidasApi({ linea_id: null, desde: ayer, hasta: ayer, turno: null });
      expect(planta.tiempo_planificado).toBeGreaterThan(0);
      const { conMinutos } = await comprobarCifras(page, planta);
      expect(conMinutos.length).toBeGreaterThan(0);

      // Occurrences: the bars are the stops counted.
      await page.getByTestId('pareto-paros').click();
      await expect
        .poll(async () =>
          ((await seriesDe(page, 'grafico-pareto'))![0]!.valores as number[]).reduce((s, v) => s + v, 0),
        )
        .toBe(planta.pareto.reduce((s, m) => s + m.paros, 0));

      await page.getByTestId('pareto-minutos').click();

      // The timeline: one row per line, its stretches are the API's.
      const tiempo = (await seriesDe(page, 'grafico-linea-tiempo'))!;
      expect(tiempo[0]!.type).toBe('custom');
      const tramos = planta.lineas_tiempo
        .flatMap((l) => l.tramos)
        .filter((t) => Date.parse(t.fin) > Date.parse(t.inicio));
      expect(tiempo[0]!.valores.length).toBe(tramos.length);
      expect(new Set((tiempo[0]!.valores as number[][]).map((v) => v[0])).size).toBe(
        planta.lineas_tiempo.length,
      );

      // The pointer on a stretch: its state, times and duration (the tooltip loads on the first
      // pointer, then the chart is drawn again: the pointer moves until it shows).
      const grafico = page.getByTestId('grafico-linea-tiempo');
      await grafico.scrollIntoViewIfNeeded();
      let paso = 0;
      await expect
        .poll(
          async () => {
            const caja = (await grafico.boundingBox())!;
            paso += 1;
            // Across the rows too: a line may have no stretch where the pointer is. From outside
            // the chart each time, as a person's pointer comes onto it (the entry is what loads
            // the tooltip: components/charts/chart.tsx). Moving only inside the chart after a
            // first entry, the tooltip never showed at 360 px in full runs (not understood).
            await page.mouse.move(caja.x + caja.width / 2, Math.max(0, caja.y - 20));
            await page.mouse.move(
              caja.x + caja.width * (0.5 + (paso % 5) * 0.02),
              caja.y + caja.height * [0.15, 0.35, 0.55, 0.75][Math.floor(paso / 5) % 4]!,
              { steps: 3 },
            );
            return grafico.locator('div', { hasText: 'Duración' }).count();
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);

      // The longest stops table lists the API's.
      expect(await page.getByTestId('tabla-principales').locator('tbody tr').count()).toBe(
        planta.principales.length,
      );
      expect(await hasHorizontalScroll(page)).toBe(false);
      await captura(page, `perdidas-planta-${ancho}`);
      // No serious or critical WCAG 2.2 AA violation with the figures on screen.
      await page.mouse.move(0, 0);
      expect(await violacionesGraves(page)).toEqual([]);

      // A line and a shift, chosen from the filters: the URL keeps them and the figures follow.
      // The second line's second shift, else the first line and shift that had planned time
      // yesterday: on a Sunday the model stops some lines, and a shift with no planned time has no
      // waterfall to compare (the screen says so instead).
      const { linea, numeroTurno, turno } = await lineaYTurnoConTiempo();
      await page.getByTestId('perdidas-linea').click();
      await page.getByRole('option', { name: linea.nombre, exact: true }).click();
      await page.getByTestId('perdidas-turno').click();
      // The options: "Todos los turnos", then the shifts in their order.
      await page
        .getByRole('option')
        .nth(turnos.findIndex((t) => t.numero === numeroTurno) + 1)
        .click();
      await expect.poll(() => new URL(page.url()).searchParams.get('turno')).toBe(String(numeroTurno));
      expect(new URL(page.url()).searchParams.get('linea')).toBe(String(linea.numero));
      await expect
        .poll(
          async () => ((await seriesDe(page, 'grafico-cascada'))?.[1]?.valores as number[] | undefined)?.[0],
        )
        .toBeCloseTo(turno.tiempo_planificado, 6);
      await comprobarCifras(page, turno);
      expect(await texto(page, 'perdidas-periodo')).toContain(linea.nombre);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await captura(page, `perdidas-linea-turno-${ancho}`);

      // The header's Reporte: the PDF of this line's shift.
      if (ancho === 1440) {
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: 90_000 }),
          page.getByRole('button', { name: 'Reporte', exact: true }).click(),
        ]);
        const pdf = path.join(opciones.dataDir, 'perdidas.pdf');
        await download.saveAs(pdf);
        const contenido = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(
          /\s+/g,
          ' ',
        );
        expect(contenido).toContain('Pérdidas');
        expect(contenido).toContain(`${linea.nombre} · turno ${numeroTurno}`);
        expect(contenido).toContain(es(turno.tiempo_planificado, 1));
      }

      // Exportar → Excel: every stop of this line's shift, the longest of them among the rows.
      if (ancho === 1440) {
        await page.getByRole('button', { name: 'Exportar' }).click();
        const descarga = page.waitForEvent('download', { timeout: 90_000 });
        await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
        const archivo = await descarga;
        expect(archivo.suggestedFilename()).toMatch(/\.xlsx$/);
        const xlsx = path.join(opciones.dataDir, archivo.suggestedFilename());
        await archivo.saveAs(xlsx);
        const libro = new ExcelJS.Workbook();
        await libro.xlsx.readFile(xlsx);
        const filas: string[][] = [];
        libro.worksheets[0]!.eachRow((row) => {
          const celdas: string[] = [];
          row.eachCell({ includeEmpty: true }, (c) => celdas.push(String(c.value ?? '')));
          filas.push(celdas);
        });
        const cabecera = filas.findIndex((f) => f.includes('Línea') && f.includes('Motivo'));
        expect(cabecera).toBeGreaterThanOrEqual(0);
        const titulos = filas[cabecera]!;
        for (const t of [
          'Inicio',
          'Fin',
          'Minutos',
          'Clase',
          'Categoría',
          'Comentario',
          'Origen',
          'Dado por',
        ])
          expect(titulos.some((x) => x.startsWith(t))).toBe(true);
        const datos = filas.slice(cabecera + 1).filter((f) => f[titulos.indexOf('Línea')] === linea.nombre);
        // The export lists the stops that start in the shift (the longest may have begun before it).
        const span = turnosDelDia(ayer, turnos, timeZone).find((t) => t.numero === numeroTurno)!;
        const empiezan = turno.principales.filter((p) => {
          const t = Date.parse(p.inicio);
          return span.desde.getTime() <= t && t < span.hasta.getTime();
        });
        expect(datos.length).toBeGreaterThanOrEqual(empiezan.length);
        const columnaMinutos = titulos.findIndex((t) => t.startsWith('Minutos'));
        const minutos = datos.map((f) => Number(f[columnaMinutos]));
        for (const p of empiezan) expect(Math.max(...minutos)).toBeGreaterThanOrEqual(p.minutos - 0.05);
      }

      // A range (from the URL): no timeline, the range's figures.
      const desde = addDays(ayer, -(DIAS - 2));
      await abrir(page, `desde=${desde}&hasta=${ayer}`, false);
      expect(await page.getByTestId('linea-tiempo-rango').isVisible()).toBe(true);
      await comprobarCifras(page, await perdidasApi({ linea_id: null, desde, hasta: ayer, turno: null }));
      expect(await hasHorizontalScroll(page)).toBe(false);
      await cerrarPagina(page);
    }, 180_000);
  }
});
