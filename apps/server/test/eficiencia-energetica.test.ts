import { hourlyCounterWindow, orderByProductionHour, PRODUCTION_HOUR_ORDER, round2 } from '@planta/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { variables } from '../src/db/schema/index.ts';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import { calendarioPlanta } from '../src/modules/planta/planta.resolvers.ts';
import { addReadings, addShift, type PlantFixture, seedPlant, TZ, writeLine1Day } from './fixtures.ts';
import { describeEachDatabase, type TestServer } from './harness.ts';

/**
 * The figures of /mantenimiento/eficiencia recomputed from the raw rows (minute readings of the
 * line's electric meter, minute counters of the line) and reconciled with what /fabrica reads
 * (resumenVariables) for the same day, on both databases.
 */
const DAY = '2026-03-02';
const LITROS_BOTELLA = 0.6; // 600 ml, HMI 11 on line 1

type Rows<T> = { rows: T[] };
const rows = async <T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await server.database.db.execute(query)) as unknown as Rows<T>).rows;

interface Contador {
  fecha: string;
  energia: number;
  eficiencia: number;
  kpi_energia: number;
  formato: number;
  linea: { numero: number };
}

const CONTADORES = `query($id: ID!, $d: DateTime!, $h: DateTime!) {
  contadoresHora(linea_id: $id, desde: $d, hasta: $h) { fecha energia eficiencia kpi_energia formato linea { numero } }
}`;

describe('the energy date (SPEC §4): calendarioPlanta.fecha_energia, the screen’s default', () => {
  it('is yesterday at 06:59 plant time and today from 07:00', () => {
    // Lima is UTC−5: 11:59Z is 06:59 and 12:00Z is 07:00 there.
    expect(calendarioPlanta(TZ, new Date('2026-03-02T11:59:00Z')).fecha_energia).toBe('2026-03-01');
    expect(calendarioPlanta(TZ, new Date('2026-03-02T11:59:59.999Z')).fecha_energia).toBe('2026-03-01');
    expect(calendarioPlanta(TZ, new Date('2026-03-02T12:00:00Z')).fecha_energia).toBe('2026-03-02');
    // Between 07:00 and 08:00 the energy date is already today while the production day is not.
    expect(calendarioPlanta(TZ, new Date('2026-03-02T12:30:00Z'))).toMatchObject({
      dia_produccion: '2026-03-01',
      fecha_energia: '2026-03-02',
    });
  });
});

describeEachDatabase(
  'Eficiencia Energética figures from raw rows',
  (server) => {
    let token: string;
    let plant: PlantFixture;
    const { start, end } = hourlyCounterWindow(DAY, TZ);

    beforeAll(async () => {
      const db = server().database.db;
      token = (await server().login()).access_token;
      plant = await seedPlant(db);
      const l1 = plant.lineaId.get(1)!;
      // The line's derived energy KPI, as /fabrica and the Lineas screens read it.
      await db.insert(variables).values({
        nombre: 'KPI energía (kWh/L)_561',
        estado: 1,
        nivel: 'INDIVIDUAL',
        area: 'energia',
        fuente: 'CALCULADA',
        decimales: 4,
        lineaId: l1,
        unidad: 'kWh/L',
        agregacion: 'PROMEDIO',
      });
      // 11 h of 600 ml from 08:00, then stopped; a minute meter whose draw changes every minute
      // (more while running), with a 09:00–10:00 hole in the readings.
      await writeLine1Day(db, DAY, 660);
      await addShift(db, l1, DAY, 16);
      const kwh = Array.from({ length: 1440 }, (_, i) => (i < 660 ? 1.5 : 0.4) + (i % 7) * 0.125);
      const meter = plant.variableId.get('Energía eléctrica (kWh)_561')!;
      await addReadings(db, meter, start, 1, kwh.slice(0, 60));
      await addReadings(db, meter, new Date(start.getTime() + 120 * 60_000), 1, kwh.slice(120));
      await deriveProductionDay(db, DAY, TZ);
    });

    const q = (query: string, vars: Record<string, unknown> = {}) => server().gql(query, vars, { token });
    const get = (path: string) =>
      fetch(`${server().url}${path}`, { headers: { authorization: `Bearer ${token}` } });

    /** The raw rows of the window, per plant-local hour: kWh from the meter, litres from the counters. */
    async function rawPerHour() {
      const lecturas = await rows<{ fecha: Date | string; valor: number }>(
        server(),
        sql`select l.fecha, l.valor from lecturas l join variables v on v.id = l.variable_id
            where v.nombre = 'Energía eléctrica (kWh)_561'
              and l.fecha >= ${start.toISOString()}::timestamptz and l.fecha < ${end.toISOString()}::timestamptz`,
      );
      const minutos = await rows<{ fecha: Date | string; botellas_llenas: number }>(
        server(),
        sql`select fecha, botellas_llenas from scada_lecturas
            where linea = 1 and fecha >= ${start.toISOString()}::timestamptz and fecha < ${end.toISOString()}::timestamptz`,
      );
      expect(lecturas.length).toBe(1380);
      expect(minutos.length).toBe(1440);
      // Lima has whole-hour offsets: the hour of an instant is floor(ms / 1 h) in UTC too.
      const hourKey = (t: Date | string) => Math.floor(new Date(t).getTime() / 3_600_000);
      const kwh = new Map<number, number>();
      const litros = new Map<number, number>();
      for (const l of lecturas) kwh.set(hourKey(l.fecha), (kwh.get(hourKey(l.fecha)) ?? 0) + Number(l.valor));
      for (const m of minutos)
        litros.set(
          hourKey(m.fecha),
          (litros.get(hourKey(m.fecha)) ?? 0) + m.botellas_llenas * LITROS_BOTELLA,
        );
      return { kwh, litros, hourKey };
    }

    it('serves 24 hourly counters 08:00 → 07:00 whose energy and kpi_energia are the raw sums', async () => {
      const r = await q(CONTADORES, {
        id: String(plant.lineaId.get(1)),
        d: start.toISOString(),
        h: end.toISOString(),
      });
      expect(r.errors).toBeUndefined();
      const contadores = r.data?.contadoresHora as Contador[];
      expect(contadores).toHaveLength(24);
      const { kwh, litros, hourKey } = await rawPerHour();
      for (const c of contadores) {
        const k = kwh.get(hourKey(c.fecha)) ?? 0;
        const l = litros.get(hourKey(c.fecha)) ?? 0;
        expect(c.energia).toBe(round2(k));
        expect(c.kpi_energia).toBeCloseTo(l > 0 ? k / l : 0, 9);
        // Energy and efficiency come rounded to 2 decimals (SPEC §9).
        expect(round2(c.eficiencia)).toBe(c.eficiencia);
        expect(c.eficiencia).toBeGreaterThanOrEqual(0);
        expect(c.eficiencia).toBeLessThanOrEqual(100);
        expect(c.linea.numero).toBe(1);
      }
      // The 09:00 hour had no meter reading: no energy, not an invented one.
      const nueve = contadores.find((c) => hourKey(c.fecha) === hourKey(start) + 1)!;
      expect(nueve.energia).toBe(0);
      // Placed in the screen's order 8…23, 0…7 (plant time), the first is 08:00 and the last 07:00.
      const hourOf = (c: Contador) => (new Date(c.fecha).getUTCHours() - 5 + 24) % 24;
      const ordered = orderByProductionHour(contadores, hourOf);
      expect(ordered.map((c) => (c ? hourOf(c) : null))).toEqual([...PRODUCTION_HOUR_ORDER]);
    });

    it('adds up to the line’s day as /fabrica reads it (resumenVariables), energy and kWh/L as ratios of sums', async () => {
      const r = await q(CONTADORES, {
        id: String(plant.lineaId.get(1)),
        d: start.toISOString(),
        h: end.toISOString(),
      });
      const contadores = r.data?.contadoresHora as Contador[];
      const { kwh, litros } = await rawPerHour();
      const kwhDia = [...kwh.values()].reduce((a, b) => a + b, 0);
      const litrosDia = [...litros.values()].reduce((a, b) => a + b, 0);
      // The screen's day energy is Σ of the hourly counters.
      const energiaDia = contadores.reduce((a, c) => a + c.energia, 0);
      expect(energiaDia).toBeCloseTo(kwhDia, 1);

      const resumen = await q(
        `query($n: [String!]!, $f: Date!) { resumenVariables(nombres: $n, fecha: $f) { diario variable { nombre } } }`,
        {
          n: [
            'Energía eléctrica (kWh)_561',
            'KPI energía (kWh/L)_561',
            'ETA (%)',
            'ETA (%)_561',
            'Eficiencia pagada (%)_561',
          ],
          f: DAY,
        },
      );
      expect(resumen.errors).toBeUndefined();
      const diario = new Map(
        (resumen.data?.resumenVariables as { diario: number | null; variable: { nombre: string } }[]).map(
          (v) => [v.variable.nombre, v.diario],
        ),
      );
      // The day's figures the screen shows beside the hours are the line's variables /fabrica and
      // Lineas read: the meter's day (= Σ of the hours) and kWh/L as Σ kWh / Σ litres of the raw rows
      // (litres of the 09:00 hour count although its meter reading is missing).
      expect(diario.get('Energía eléctrica (kWh)_561')).toBeCloseTo(energiaDia, 1);
      expect(diario.get('KPI energía (kWh/L)_561')).toBeCloseTo(kwhDia / litrosDia, 9);

      // The ETA series (datosEta, datosEtaLinea) give the same day as /fabrica, to 2 decimals.
      const planta = (await (await get(`/api/pta/historicos/eta?desde=${DAY}&hasta=${DAY}`)).json()) as {
        fecha: string;
        eta: number;
      }[];
      const linea = (await (
        await get(`/api/pta/historicos/eta/lineas?desde=${DAY}&hasta=${DAY}&linea=1`)
      ).json()) as { fecha: string; linea: number; eta: number; pagada: number; sap: number | null }[];
      expect(planta).toEqual([expect.objectContaining({ fecha: DAY, eta: round2(diario.get('ETA (%)')!) })]);
      expect(linea).toEqual([
        expect.objectContaining({
          fecha: DAY,
          linea: 1,
          eta: round2(diario.get('ETA (%)_561')!),
          pagada: round2(diario.get('Eficiencia pagada (%)_561')!),
          sap: null,
        }),
      ]);
      // Recomputed from the raw minutes: 660 running minutes of 41/42 packs at a nominal 3,000 packs/h.
      const paquetes = (
        await rows<{ p: number }>(
          server(),
          sql`select sum(paquetes)::float8 as p from scada_lecturas where linea = 1
            and fecha >= ${start.toISOString()}::timestamptz and fecha < ${end.toISOString()}::timestamptz`,
        )
      )[0]!.p;
      expect(linea[0]!.eta).toBeCloseTo((paquetes / ((660 / 60) * 3000)) * 100, 1);
      expect(linea[0]!.pagada).toBeCloseTo((paquetes / (16 * 3000)) * 100, 1);
    });

    it('answers the REST GETs only with a token, and bad input in Spanish naming the field', async () => {
      const sinToken = await fetch(`${server().url}/api/pta/historicos/eta?desde=${DAY}&hasta=${DAY}`);
      expect(sinToken.status).toBe(401);
      await sinToken.arrayBuffer();
      const mala = await get(`/api/pta/historicos/eta/lineas?desde=${DAY}&hasta=${DAY}&linea=abc`);
      expect(mala.status).toBe(400);
      expect(await mala.json()).toMatchObject({ field: 'linea' });
      const fecha = await get(`/api/pta/historicos/eta?desde=2026-02-30&hasta=${DAY}`);
      expect(fecha.status).toBe(400);
      expect(await fecha.json()).toMatchObject({ field: 'desde' });
    });
  },
  { plantTz: TZ },
);
