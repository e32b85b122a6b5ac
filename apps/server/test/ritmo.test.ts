import { formatNumber, formatPercent } from '@planta/charts';
import { beforeAll, expect, it } from 'vitest';
import { historicos, variables } from '../src/db/schema/index.ts';
import { recomputeAggregates } from '../src/derivations/historicos.ts';
import { esperarExportacion, leerPdf, plano } from './exportar.ts';
import { addShift, seedPlant, TZ } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

// Issue 31 item 12: at 15:59 the production day in progress has made part of its production; read
// against the whole day's meta it is red all day. resumenVariables (what /fabrica, /obz and their
// PDFs read) gives the meta due by now — the day's meta prorated to the scheduled production time
// gone by — and the ritmo against it, the whole day's meta still in `meta`; once the day is over
// ritmo = cumplimiento. The server's clock is fixed (AppDeps.now) and moved by the test.

const DIA = '2026-03-10'; // a Tuesday; plant time America/Lima (UTC−5, no daylight saving)
const SIN_TURNOS = '2026-03-12'; // no shift rows that day, nor on the Thursdays before
const at = (fecha: string, hhmm: string) => Date.parse(`${fecha}T${hhmm}:00-05:00`);

const RESUMEN = `query($nombres: [String!]!, $fecha: Date!) {
  resumenVariables(nombres: $nombres, fecha: $fecha) {
    fecha diario meta avance_programado meta_ritmo ritmo variable { nombre decimales }
  }
}`;

interface Fila {
  fecha: string;
  diario: number | null;
  meta: number | null;
  avance_programado: number;
  meta_ritmo: number | null;
  ritmo: number | null;
  variable: { nombre: string; decimales: number };
}

// Nominal CU/h of the fixture's lines (packs/h × CU per pack): the weights the daily meta is spread by.
const W1 = 3000 * ((12 * 0.6) / 5.678);
const W2 = 2000 * ((6 * 2) / 5.678);

let ahora = at(DIA, '15:59');

describeEachDatabase(
  'ritmo: the day in progress against its meta prorated to the scheduled time gone by',
  (server) => {
    let token: string;
    const resumen = async (fecha: string) => {
      const res = await server().gql<{ resumenVariables: Fila[] }>(
        RESUMEN,
        {
          nombres: ['Producción (CU)', 'Producción (CU)_561', 'Cumplimiento de meta (%)', 'ETA (%)'],
          fecha,
        },
        { token },
      );
      expect(res.errors).toBeUndefined();
      return new Map(res.data!.resumenVariables.map((r) => [r.variable.nombre, r]));
    };

    beforeAll(async () => {
      const db = server().database.db;
      const plant = await seedPlant(db);
      token = (await server().login()).access_token;
      const [cumplimiento] = await db
        .insert(variables)
        .values({
          nombre: 'Cumplimiento de meta (%)',
          nivel: 'GLOBAL',
          area: 'fabrica',
          unidad: '%',
          agregacion: 'PROMEDIO',
          fuente: 'CALCULADA',
        })
        .returning({ id: variables.id });
      // Line 1 scheduled 16 h, line 2 8 h, from 08:00.
      await addShift(db, plant.lineaId.get(1)!, DIA, 16);
      await addShift(db, plant.lineaId.get(2)!, DIA, 8);
      const id = (n: string) => plant.variableId.get(n)!;
      const rows = [
        { variableId: id('Producción (CU)'), fecha: DIA, diario: 135_000, meta: 190_435 },
        { variableId: id('Producción (CU)_561'), fecha: DIA, diario: 50_000, meta: 100_000 },
        { variableId: cumplimiento!.id, fecha: DIA, diario: (135_000 / 190_435) * 100, meta: 100 },
        { variableId: id('ETA (%)'), fecha: DIA, diario: 80, meta: 85 },
        { variableId: id('Producción (CU)'), fecha: SIN_TURNOS, diario: 40_000, meta: 120_000 },
      ];
      await db.insert(historicos).values(rows);
      await recomputeAggregates(db, [...new Set(rows.map((r) => r.variableId))], DIA);
    });

    it('at 15:59 production on pace has a ritmo over 100 % against the meta due by now', async () => {
      ahora = at(DIA, '15:59');
      const r = await resumen(DIA);
      const t = 479; // minutes since 08:00: both shifts still running
      const avance = (W1 * t + W2 * t) / (W1 * 960 + W2 * 480);
      const prod = r.get('Producción (CU)')!;
      expect(prod.meta).toBe(190_435); // the whole day's meta is still there
      expect(prod.avance_programado).toBeCloseTo(avance, 6);
      expect(prod.meta_ritmo).toBeCloseTo(190_435 * avance, 2);
      expect(prod.ritmo).toBeCloseTo((135_000 / (190_435 * avance)) * 100, 6);
      expect(prod.ritmo!).toBeGreaterThan(100); // the old reading: 70.9 % of the meta, red
      // The day's % of its meta grows through the day too: judged against its share due by now.
      const cumpl = r.get('Cumplimiento de meta (%)')!;
      expect(cumpl.meta).toBe(100);
      expect(cumpl.meta_ritmo).toBeCloseTo(100 * avance, 6);
      expect(cumpl.ritmo).toBeCloseTo(prod.ritmo!, 6);
      // A line's figure: that line's shift only (16 h).
      const l1 = r.get('Producción (CU)_561')!;
      expect(l1.avance_programado).toBeCloseTo(t / 960, 6);
      expect(l1.ritmo).toBeCloseTo((50_000 / (100_000 * (t / 960))) * 100, 6);
      // A ratio keeps its meta all day.
      const eta = r.get('ETA (%)')!;
      expect(eta.meta_ritmo).toBe(85);
      expect(eta.ritmo).toBeCloseTo((80 / 85) * 100, 6);
    });

    it('once line 2’s 8 h shift is over only line 1 still adds to the meta due', async () => {
      ahora = at(DIA, '18:00');
      const prod = (await resumen(DIA)).get('Producción (CU)')!;
      const avance = (W1 * 600 + W2 * 480) / (W1 * 960 + W2 * 480);
      expect(prod.avance_programado).toBeCloseTo(avance, 6);
      expect(prod.ritmo).toBeCloseTo((135_000 / (190_435 * avance)) * 100, 6);
    });

    it('identity: once the scheduled time or the production day is over, ritmo = cumplimiento', async () => {
      for (const instante of [
        at('2026-03-11', '00:00'),
        at('2026-03-11', '08:00'),
        at('2026-04-01', '12:00'),
      ]) {
        ahora = instante;
        const r = await resumen(DIA);
        for (const [nombre, diario, meta] of [
          ['Producción (CU)', 135_000, 190_435],
          ['Producción (CU)_561', 50_000, 100_000],
          ['ETA (%)', 80, 85],
        ] as const) {
          const fila = r.get(nombre)!;
          expect(fila.avance_programado, nombre).toBe(1);
          expect(fila.meta_ritmo, nombre).toBe(meta);
          expect(fila.ritmo, nombre).toBeCloseTo((diario / meta) * 100, 9);
        }
        expect(r.get('Cumplimiento de meta (%)')!.ritmo).toBeCloseTo((135_000 / 190_435) * 100, 9);
      }
    });

    it('the PDF of /fabrica shows the meta due by now and the ritmo next to the whole day’s meta', async () => {
      ahora = at(DIA, '15:59');
      const prod = (await resumen(DIA)).get('Producción (CU)')!;
      const r = await server().gql<{ r: { id: string } }>(
        `mutation($ruta: String!, $p: ParametrosReporte) { r: generarReportePdf(ruta: $ruta, parametros: $p) { id } }`,
        { ruta: '/fabrica', p: { fecha: DIA } },
        { token },
      );
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      const done = await esperarExportacion(server(), token, r.data!.r.id, 90_000);
      expect(done.estado, JSON.stringify(done)).toBe('LISTA');
      const res = await fetch(`${server().url}${done.file_url}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const t = plano(leerPdf(Buffer.from(await res.arrayBuffer())).texto);
      // The header (its words wrap in the narrow columns) and the row: the whole day's meta and its
      // 70.9 %, …, then the meta due by now and the ritmo.
      expect(t).toMatch(/Meta a Ritmo .*esta hora/);
      // (The PDF may print fewer decimals than the screen, to fit its columns.)
      const esc = (x: string) => x.replace(/[.()]/g, (c) => `\\${c}`);
      const cifra = (x: number) => `${esc(formatNumber(Math.trunc(x), 0))}(\\.\\d+)?`;
      const pct = (x: number) => esc(formatPercent(x));
      expect(t).toMatch(
        new RegExp(
          `Producción \\(CU\\) ${cifra(135_000)} ${cifra(190_435)} ${pct((135_000 / 190_435) * 100)}`,
        ),
      );
      expect(t).toMatch(new RegExp(`${cifra(prod.meta_ritmo!)} ${pct(prod.ritmo!)}`));
      expect(prod.ritmo!).toBeGreaterThan(100);
    }, 120_000);

    it('before the production day starts nothing is due: no ritmo, the meta still shown', async () => {
      ahora = at(DIA, '07:59'); // still the previous production day
      const prod = (await resumen(DIA)).get('Producción (CU)')!;
      expect(prod.meta).toBe(190_435);
      expect(prod.avance_programado).toBe(0);
      expect(prod.meta_ritmo).toBe(0);
      expect(prod.ritmo).toBeNull();
    });

    it('a day without any shift entered is prorated by the share of the production day gone by', async () => {
      ahora = at(SIN_TURNOS, '14:00'); // 6 h of 24
      const prod = (await resumen(SIN_TURNOS)).get('Producción (CU)')!;
      expect(prod.avance_programado).toBeCloseTo(0.25, 9);
      expect(prod.meta_ritmo).toBeCloseTo(30_000, 6);
      expect(prod.ritmo).toBeCloseTo((40_000 / 30_000) * 100, 6);
    });
  },
  { now: () => ahora, plantTz: TZ },
);
