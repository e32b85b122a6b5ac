import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { runDemoBackfill } from '../src/demo/backfill.ts';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import { ProgresoDemo } from '../src/demo/progreso.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { describeEachDatabase, type TestServer } from './harness.ts';

const TZ = 'America/Lima';
// Today is 2026-03-02 (a production day in progress); five complete days before it, across the
// month end: 2026-02-25 … 2026-03-01.
const NOW = new Date('2026-03-02T15:00:00Z');
const DAYS = 5;
const silent = pino({ level: 'silent' });

/** A progress that stops the history (as a stopped server would) once `cortarEn` days are done. */
class ProgresoConCorte extends ProgresoDemo {
  cortarEn: number | null = null;
  override avanzar(hechos: number, total: number): void {
    super.avanzar(hechos, total);
    if (this.cortarEn !== null && hechos >= this.cortarEn) throw new Error('servidor detenido');
  }
}

const progreso = new ProgresoConCorte();

const rows = async <T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const diasEscritos = async (server: TestServer) =>
  (
    await rows<{ fecha: string }>(
      server,
      sql`select distinct fecha::text as fecha from eficiencias order by 1`,
    )
  ).map((r) => r.fecha);

/** The days in the order their transactions wrote them (each day's rows come from one transaction). */
const ordenEscrito = async (server: TestServer) =>
  (
    await rows<{ fecha: string }>(
      server,
      sql`select fecha::text as fecha from eficiencias group by fecha order by min(xmin::text::bigint)`,
    )
  ).map((r) => r.fecha);

const healthz = async (server: TestServer) =>
  (await (await fetch(`${server.url}/healthz`)).json()) as { demo?: { porcentaje: number } };

const backfill = (server: TestServer) =>
  runDemoBackfill(server.database.db, {
    model: createPlantModel({ seed: DEMO_SEED, timeZone: TZ }),
    days: DAYS,
    timeZone: TZ,
    now: NOW,
    logger: silent,
    progreso,
    // The newest three days' figures before any minute row, then their minutes, then the rest.
    ventanaDias: 3,
  });

describeEachDatabase(
  'demo history, newest day first',
  (server) => {
    let interrumpido: {
      dias: string[];
      orden: string[];
      porcentaje: number | undefined;
      minutos: { fecha: string; n: number }[];
      rederivar: string;
      marzo: { fecha: string; diario: number; mensual: number | null }[];
    };
    let vistos: number[] = [];

    beforeAll(async () => {
      progreso.porcentaje = null;
      expect((await healthz(server())).demo).toBeUndefined();
      // Stopped once today and three days are written (4 of 6).
      progreso.cortarEn = 4;
      await expect(backfill(server())).rejects.toThrow('servidor detenido');
      interrumpido = {
        dias: await diasEscritos(server()),
        orden: await ordenEscrito(server()),
        marzo: await rows(
          server(),
          sql`select h.fecha::text as fecha, h.diario, h.mensual from historicos h join variables v on v.id = h.variable_id
              where v.nombre = 'Producción (CU)' and h.fecha >= '2026-03-01' order by h.fecha`,
        ),
        porcentaje: (await healthz(server())).demo?.porcentaje,
        minutos: await rows(
          server(),
          sql`select (fecha - interval '13 hours')::date::text as fecha, count(*)::int as n from scada_lecturas group by 1 order by 1`,
        ),
        // An edit of that day (a stop's reason) derives it again: refused until its minutes are in.
        rederivar: await deriveProductionDay(server().database.db, '2026-02-28', TZ).then(
          () => 'derivado',
          (err: Error) => err.message,
        ),
      };
      // Started again (a new process: nothing reported yet): it continues, and /healthz tells how
      // far it has got meanwhile.
      progreso.cortarEn = null;
      progreso.porcentaje = null;
      vistos = [];
      let terminado = false;
      const work = backfill(server()).finally(() => {
        terminado = true;
      });
      while (!terminado) {
        const p = (await healthz(server())).demo?.porcentaje;
        if (p !== undefined) vistos.push(p);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await work).toEqual({ desde: '2026-02-25', hasta: '2026-03-01', daysWritten: 2 });
      const final = (await healthz(server())).demo?.porcentaje;
      if (final !== undefined) vistos.push(final);
    }, 240_000);

    it('writes today first, then yesterday and back: stopped half-way, the newest days are there', () => {
      expect(interrumpido.dias).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
      expect(interrumpido.orden).toEqual(['2026-03-02', '2026-03-01', '2026-02-28', '2026-02-27']);
      // Of 9 steps: today, three days' figures, their minutes, two days whole.
      expect(interrumpido.porcentaje).toBe(44);
    });

    it('writes the window’s figures before any of its minute rows: stopped then, only today has minutes', () => {
      expect(interrumpido.minutos).toEqual([{ fecha: '2026-03-02', n: 120 * 4 }]);
      expect(interrumpido.rederivar).toBe(
        'La historia de demostración aún está escribiendo los minutos del día 28/02/2026: inténtelo de nuevo en unos segundos',
      );
    });

    it('reads March right as soon as its days are all there, before February is complete', () => {
      const [primero, hoy] = interrumpido.marzo;
      expect(interrumpido.marzo.map((d) => d.fecha)).toEqual(['2026-03-01', '2026-03-02']);
      expect(primero!.mensual).toBeCloseTo(primero!.diario, 6);
      expect(hoy!.mensual).toBeCloseTo(primero!.diario + hoy!.diario, 6);
    });

    it('started again, goes on back from where it stopped (today written again, up to its last minute)', async () => {
      expect(await ordenEscrito(server())).toEqual([
        '2026-03-01',
        '2026-02-28',
        '2026-02-27',
        '2026-03-02',
        '2026-02-26',
        '2026-02-25',
      ]);
    });

    it('reports its progress on /healthz while it fills, up to 100 % at the end', () => {
      expect(vistos.length).toBeGreaterThan(0);
      expect(vistos.some((p) => p > 0 && p < 100)).toBe(true);
      expect(vistos.at(-1)).toBe(100);
      expect(vistos.every((p, i) => i === 0 || p >= vistos[i - 1]!)).toBe(true);
    });

    it('keeps mensual = Σ diario of the month so far and anual = Σ of the year so far (every SUMA variable)', async () => {
      const bad = await rows<{ nombre: string; fecha: string }>(
        server(),
        sql`select v.nombre, h.fecha::text from historicos h join variables v on v.id = h.variable_id
            where v.agregacion = 'SUMA' and (
              abs(h.mensual - (select sum(h2.diario) from historicos h2 where h2.variable_id = h.variable_id
                and h2.fecha <= h.fecha and date_trunc('month', h2.fecha) = date_trunc('month', h.fecha)))
                > 1e-6 * greatest(1, abs(h.mensual))
              or abs(h.anual - (select sum(h2.diario) from historicos h2 where h2.variable_id = h.variable_id
                and h2.fecha <= h.fecha and date_trunc('year', h2.fecha) = date_trunc('year', h.fecha)))
                > 1e-6 * greatest(1, abs(h.anual)))`,
      );
      expect(bad).toEqual([]);
      const [count] = await rows<{ n: number }>(server(), sql`select count(*)::int as n from scada_lecturas`);
      // Five complete days of four lines, plus today from 08:00 Lima (13:00Z) to 15:00Z.
      expect(count?.n).toBe(DAYS * 1440 * 4 + 120 * 4);
    });
  },
  { demo: progreso },
);
