import { productionDayRange } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import { type PlantFixture, seedPlant, TZ, writeLine1Day } from './fixtures.ts';
import { describeEachDatabase } from './harness.ts';

// What /mantenimiento (Energía) reads: the maintenance figures per line over a range of production
// days and the downtime Pareto, both recomputed here from the raw `paros` rows and run minutes, and
// reconciled with the daily historicos the derivation writes (what /fabrica shows).

const DAY1 = '2026-03-02';
const DAY2 = '2026-03-03';
const DAY3 = '2026-03-04';

const LINEAS = `query($d: Date!, $h: Date!) {
  mantenimientoLineas(desde: $d, hasta: $h) {
    linea_id linea nombre sufijo fallas minutos_falla minutos_paro minutos_marcha mttr mttf mtbf disponibilidad
  }
}`;
const PARETO = `query($d: Date!, $h: Date!, $l: Int, $a: AgruparParos, $n: Int) {
  parosPareto(desde: $d, hasta: $h, linea: $l, agrupar: $a, limite: $n) {
    nombre equipo minutos paros porcentaje porcentaje_acumulado
  }
}`;

interface Linea {
  linea: number;
  sufijo: string;
  nombre: string;
  fallas: number;
  minutos_falla: number;
  minutos_paro: number;
  minutos_marcha: number;
  mttr: number | null;
  mttf: number | null;
  mtbf: number | null;
  disponibilidad: number | null;
}
interface Barra {
  nombre: string;
  equipo: string;
  minutos: number;
  paros: number;
  porcentaje: number;
  porcentaje_acumulado: number;
}
interface ParoRow {
  numero: number;
  inicio: string;
  fin: string;
  equipo: string;
  causa: string;
  tipo: string;
}

async function addParo(
  db: Db,
  lineaId: number,
  inicio: Date,
  minutes: number,
  tipo: string,
  equipo: string,
  causa: string,
): Promise<void> {
  await db.execute(sql`insert into paros (linea_id, inicio, fin, equipo, causa, tipo)
    values (${lineaId}, ${inicio.toISOString()}::timestamptz,
            ${new Date(inicio.getTime() + minutes * 60_000).toISOString()}::timestamptz, ${equipo}, ${causa}, ${tipo})`);
}

describeEachDatabase(
  'mantenimiento: figures per line and the downtime Pareto from the raw rows',
  (server) => {
    let token: string;
    let plant: PlantFixture;
    let paros: ParoRow[];
    const q = <T>(query: string, variables: Record<string, unknown>) =>
      server().gql<T>(query, variables, { token });

    /** Minutes of the raw stops of `linea` (all lines when null) of the given types within [desde, hasta]. */
    function raw(desde: string, hasta: string, linea: number | null, tipos: readonly string[]) {
      const start = productionDayRange(desde, TZ).start.getTime();
      const end = productionDayRange(hasta, TZ).end.getTime();
      const rows = paros
        .filter((p) => (linea === null || p.numero === linea) && tipos.includes(p.tipo))
        .map((p) => ({
          ...p,
          minutos: (Math.min(Date.parse(p.fin), end) - Math.max(Date.parse(p.inicio), start)) / 60_000,
        }))
        .filter((p) => p.minutos > 0);
      return { rows, minutos: rows.reduce((s, p) => s + p.minutos, 0), count: rows.length };
    }

    beforeAll(async () => {
      const db = server().database.db;
      token = (await server().login()).access_token;
      plant = await seedPlant(db);
      const l1 = plant.lineaId.get(1)!;
      const l2 = plant.lineaId.get(2)!;
      const day1 = await writeLine1Day(db, DAY1, 600);
      const day2 = await writeLine1Day(db, DAY2, 900);
      const at = (start: Date, minute: number) => new Date(start.getTime() + minute * 60_000);
      // Line 1: three failures (30 + 20 + 10 min), micro-stops, a CIP (planned: not downtime).
      await addParo(db, l1, at(day1.start, 100), 30, 'FALLA', 'Llenadora', 'Falla de válvula de llenado');
      await addParo(db, l1, at(day1.start, 300), 20, 'FALLA', 'Etiquetadora', 'Falla del rodillo de cola');
      await addParo(
        db,
        l1,
        at(day1.start, 400),
        3,
        'MICROPARO',
        'Transportadores',
        'Acumulación en transportador',
      );
      await addParo(db, l1, at(day1.start, 700), 120, 'CIP', 'Llenadora', 'Limpieza CIP');
      await addParo(db, l1, at(day2.start, 200), 10, 'FALLA', 'Llenadora', 'Falla de válvula de llenado');
      await addParo(
        db,
        l1,
        at(day2.start, 210),
        4,
        'MICROPARO',
        'Llenadora',
        'Atasco de envases en estrella de entrada',
      );
      // Line 2: one failure, and one that starts on DAY2's last half hour and ends on DAY3 (clipped).
      await addParo(db, l2, at(day1.start, 500), 45, 'FALLA', 'Sopladora', 'Falla en molde de soplado');
      await addParo(db, l2, at(day2.start, 1410), 50, 'FALLA', 'Paletizadora', 'Falla de sensor de capa');
      for (const fecha of [DAY1, DAY2, DAY3]) await deriveProductionDay(db, fecha, TZ);
      paros = (
        (await db.execute(sql`select l.numero, p.inicio::text as inicio, p.fin::text as fin, p.equipo, p.causa, p.tipo
        from paros p join lineas l on l.id = p.linea_id order by p.inicio`)) as unknown as { rows: ParoRow[] }
      ).rows.map((r) => ({
        ...r,
        inicio: new Date(r.inicio).toISOString(),
        fin: new Date(r.fin).toISOString(),
      }));
    });

    it('recomputes failures, repair, downtime and run minutes per line from the raw rows', async () => {
      const r = await q<{ mantenimientoLineas: Linea[] }>(LINEAS, { d: DAY1, h: DAY2 });
      expect(r.errors).toBeUndefined();
      const lineas = r.data!.mantenimientoLineas;
      expect(lineas.map((l) => [l.linea, l.sufijo])).toEqual([
        [1, '_561'],
        [2, '_562'],
      ]);
      const marcha = (
        (await server().database.db.execute(
          sql`select linea, sum(minutos_marcha)::float8 as m from scada_hora
            where fecha >= ${productionDayRange(DAY1, TZ).start.toISOString()}::timestamptz
              and fecha < ${productionDayRange(DAY2, TZ).end.toISOString()}::timestamptz group by linea`,
        )) as unknown as { rows: { linea: number; m: number }[] }
      ).rows;
      for (const l of lineas) {
        const fallas = raw(DAY1, DAY2, l.linea, ['FALLA']);
        const paro = raw(DAY1, DAY2, l.linea, ['FALLA', 'MICROPARO']);
        const run = marcha.find((m) => m.linea === l.linea)?.m ?? 0;
        expect(l.fallas).toBe(fallas.count);
        expect(l.minutos_falla).toBeCloseTo(fallas.minutos, 6);
        expect(l.minutos_paro).toBeCloseTo(paro.minutos, 6);
        expect(l.minutos_marcha).toBeCloseTo(run, 6);
        // MTTR = downtime / failures; MTTF = run / failures; MTBF = MTTF + MTTR; A = MTTF / MTBF.
        expect(l.mttr).toBeCloseTo(fallas.minutos / fallas.count, 2);
        expect(l.mttf).toBeCloseTo(run / fallas.count, 2);
        expect(l.mtbf).toBeCloseTo((run + fallas.minutos) / fallas.count, 2);
        expect(l.disponibilidad).toBeCloseTo((run * 100) / (run + fallas.minutos), 2);
      }
      // The fixture's exact figures: line 1 ran 600 + 900 min with 3 failures of 60 min in all.
      const l1 = lineas[0]!;
      expect([l1.fallas, l1.minutos_falla, l1.minutos_paro, l1.minutos_marcha]).toEqual([3, 60, 67, 1500]);
      expect(l1.mttr).toBe(20);
      expect(l1.mttf).toBe(500);
      expect(l1.mtbf).toBe(520);
      // Line 2's second failure: only its 30 minutes up to DAY3's 08:00 count in DAY1…DAY2; no run time.
      const l2 = lineas[1]!;
      expect([l2.fallas, l2.minutos_falla, l2.minutos_marcha]).toEqual([2, 75, 0]);
      expect(l2.mttf).toBe(0);
      expect(l2.disponibilidad).toBe(0);
    });

    it('reconciles with the daily historicos of /fabrica (the month as the ratio of the sums)', async () => {
      const r = await q<{ historicosNombres: { mensual: number; variable: { nombre: string } }[] }>(
        `query($f: Date!) { historicosNombres(nombres: ["MTTR (min)_561", "MTTF (min)_561"], fecha: $f) { mensual variable { nombre } } }`,
        { f: DAY2 },
      );
      expect(r.errors).toBeUndefined();
      const mensual = new Map(r.data!.historicosNombres.map((h) => [h.variable.nombre, h.mensual]));
      // The month to DAY2 starts on DAY1 here (nothing on 2026-03-01).
      const l1 = (await q<{ mantenimientoLineas: Linea[] }>(LINEAS, { d: '2026-03-01', h: DAY2 })).data!
        .mantenimientoLineas[0]!;
      expect(l1.mttr).toBeCloseTo(mensual.get('MTTR (min)_561')!, 2);
      expect(l1.mttf).toBeCloseTo(mensual.get('MTTF (min)_561')!, 2);
    });

    it('gives zero figures and empty ratios to a range without stops', async () => {
      const r = await q<{ mantenimientoLineas: Linea[] }>(LINEAS, { d: '2026-02-01', h: '2026-02-28' });
      expect(r.errors).toBeUndefined();
      for (const l of r.data!.mantenimientoLineas) {
        expect([l.fallas, l.minutos_falla, l.minutos_paro, l.minutos_marcha]).toEqual([0, 0, 0, 0]);
        expect([l.mttr, l.mttf, l.mtbf, l.disponibilidad]).toEqual([null, null, null, null]);
      }
      const p = await q<{ parosPareto: Barra[] }>(PARETO, { d: '2026-02-01', h: '2026-02-28' });
      expect(p.data!.parosPareto).toEqual([]);
    });

    it('sorts the downtime by cause, largest first, with the running share, summing to the downtime', async () => {
      const r = await q<{ parosPareto: Barra[] }>(PARETO, { d: DAY1, h: DAY2 });
      expect(r.errors).toBeUndefined();
      const barras = r.data!.parosPareto;
      const all = raw(DAY1, DAY2, null, ['FALLA', 'MICROPARO']);
      const porCausa = new Map<string, number>();
      for (const p of all.rows) porCausa.set(p.causa, (porCausa.get(p.causa) ?? 0) + p.minutos);
      const esperado = [...porCausa].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      expect(barras.map((b) => b.nombre)).toEqual(esperado.map(([c]) => c));
      barras.forEach((b, i) => expect(b.minutos).toBeCloseTo(esperado[i]![1], 6));
      expect(barras.reduce((s, b) => s + b.paros, 0)).toBe(all.count);
      expect(barras.reduce((s, b) => s + b.minutos, 0)).toBeCloseTo(all.minutos, 6);
      expect(barras[0]).toMatchObject({
        nombre: 'Falla en molde de soplado',
        equipo: 'Sopladora',
        minutos: 45,
      });
      expect(barras.at(-1)!.porcentaje_acumulado).toBe(100);
      for (let i = 1; i < barras.length; i++) {
        expect(barras[i]!.minutos).toBeLessThanOrEqual(barras[i - 1]!.minutos);
        expect(barras[i]!.porcentaje_acumulado).toBeGreaterThanOrEqual(barras[i - 1]!.porcentaje_acumulado);
      }
      // The downtime of the lines' summary is the Pareto's total.
      const lineas = (await q<{ mantenimientoLineas: Linea[] }>(LINEAS, { d: DAY1, h: DAY2 })).data!
        .mantenimientoLineas;
      expect(lineas.reduce((s, l) => s + l.minutos_paro, 0)).toBeCloseTo(all.minutos, 6);
    });

    it('filters by line, groups by equipment and folds the tail into "Otros"', async () => {
      const porEquipo = await q<{ parosPareto: Barra[] }>(PARETO, { d: DAY1, h: DAY2, l: 1, a: 'EQUIPO' });
      expect(porEquipo.errors).toBeUndefined();
      const l1 = raw(DAY1, DAY2, 1, ['FALLA', 'MICROPARO']);
      expect(porEquipo.data!.parosPareto.map((b) => [b.nombre, b.minutos])).toEqual([
        ['Llenadora', 44],
        ['Etiquetadora', 20],
        ['Transportadores', 3],
      ]);
      expect(porEquipo.data!.parosPareto.reduce((s, b) => s + b.minutos, 0)).toBeCloseTo(l1.minutos, 6);
      const top2 = await q<{ parosPareto: Barra[] }>(PARETO, { d: DAY1, h: DAY2, n: 2 });
      const barras = top2.data!.parosPareto;
      expect(barras).toHaveLength(3);
      expect(barras[2]).toMatchObject({ nombre: 'Otros', porcentaje_acumulado: 100 });
      expect(barras.reduce((s, b) => s + b.paros, 0)).toBe(
        raw(DAY1, DAY2, null, ['FALLA', 'MICROPARO']).count,
      );
    });

    it('refuses bad input with Spanish messages naming the field, and anonymous requests', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ d: DAY2, h: DAY1 }, 'desde', 'anterior'],
        [{ d: '2024-01-01', h: DAY1 }, 'hasta', '366'],
        [{ d: DAY1, h: DAY2, l: 0 }, 'linea', 'entre 1 y 99'],
        [{ d: DAY1, h: DAY2, l: 7 }, 'linea', 'no existe'],
        [{ d: DAY1, h: DAY2, n: 31 }, 'limite', 'entre 1 y 30'],
      ];
      for (const [variables, field, text] of cases) {
        const r = await q(PARETO, variables);
        expect(r.status).toBeLessThan(500);
        expect(r.errors?.[0]?.message).toContain(text);
        if (r.errors?.[0]?.extensions?.field) expect(r.errors[0].extensions.field).toBe(field);
      }
      const bad = await q(LINEAS, { d: DAY1, h: '2026-02-30' });
      expect(bad.status).toBeLessThan(500);
      expect(bad.errors?.[0]?.message).toMatch(/Fecha inválida/);
      const anon = await server().gql(LINEAS, { d: DAY1, h: DAY2 });
      expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  },
);
