// Issue 33, invariants of the stops over the demo history (both databases): one model of stops for
// the history, the live collector and the hand-entered ones, from which /mantenimiento reads.
import { claseDeTipoParo, productionDayRange, tipoDeClase } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { runDemoBackfill } from '../src/demo/backfill.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { describeEachDatabase, type TestServer } from './harness.ts';

const TZ = 'America/Lima';
const NOW = new Date('2026-03-06T15:00:00Z');
const DAYS = 12;
const DESDE = '2026-02-22';
const HASTA = '2026-03-05';

type Tipo = 'FALLA' | 'MICROPARO' | 'CAMBIO_FORMATO' | 'CIP' | 'PLANIFICADO';
interface Fila {
  id: string;
  linea_id: number;
  inicio: Date | string;
  fin: Date | string | null;
  tipo: Tipo;
  clase: string | null;
  motivo_clase: string | null;
  origen: string;
}

const rows = async <T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describeEachDatabase('stop invariants over the demo history', (server) => {
  let paros: Fila[] = [];
  let token = '';

  beforeAll(async () => {
    const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
    await runDemoBackfill(server().database.db, {
      model,
      days: DAYS,
      timeZone: TZ,
      now: NOW,
      logger: pino({ level: 'silent' }),
    });
    paros = await rows<Fila>(
      server(),
      sql`select p.id, p.linea_id, p.inicio, p.fin, p.tipo, p.clase, m.clase as motivo_clase, p.origen
          from paros p left join motivos_paro m on m.id = p.motivo_id order by p.linea_id, p.inicio`,
    );
    token = (await server().login()).access_token;
  }, 240_000);

  it('never overlaps two stops of one line, and no stop spans more than a production day', () => {
    expect(paros.length).toBeGreaterThan(DAYS * 4 * 5);
    for (let i = 1; i < paros.length; i++) {
      const [a, b] = [paros[i - 1]!, paros[i]!];
      if (a.linea_id !== b.linea_id) continue;
      expect(new Date(a.fin!).getTime(), `paros ${a.id} y ${b.id}`).toBeLessThanOrEqual(
        new Date(b.inicio).getTime(),
      );
    }
    for (const p of paros) {
      expect(p.fin).not.toBeNull(); // the history holds no open stop
      expect(new Date(p.fin!).getTime() - new Date(p.inicio).getTime()).toBeLessThanOrEqual(24 * 3_600_000);
    }
  });

  it('keeps class, reason and tipo in agreement on every stop', () => {
    for (const p of paros) {
      const clase = p.clase ?? claseDeTipoParo(p.tipo);
      if (p.motivo_clase !== null) expect(clase, `paro ${p.id}`).toBe(p.motivo_clase);
      expect(tipoDeClase(clase as never, p.tipo), `paro ${p.id}`).toBe(p.tipo);
      expect(p.origen).toBe('DEMO');
    }
  });

  it('gives /mantenimiento the MTTR, MTTF and failures computed from the stops themselves', async () => {
    const r = await server().gql<{
      mantenimientoLineas: {
        linea_id: string;
        fallas: number;
        minutos_falla: number;
        mttr: number | null;
        mttf: number | null;
        minutos_marcha: number;
      }[];
    }>(
      `query($d: Date!, $h: Date!) { mantenimientoLineas(desde: $d, hasta: $h) { linea_id fallas minutos_falla minutos_marcha mttr mttf } }`,
      { d: DESDE, h: HASTA },
      { token },
    );
    expect(r.errors).toBeUndefined();
    const start = productionDayRange(DESDE, TZ).start.getTime();
    const end = productionDayRange(HASTA, TZ).end.getTime();
    for (const linea of r.data!.mantenimientoLineas) {
      const fallas = paros.filter(
        (p) =>
          String(p.linea_id) === linea.linea_id &&
          p.tipo === 'FALLA' &&
          new Date(p.inicio).getTime() < end &&
          new Date(p.fin!).getTime() > start,
      );
      const minutos = fallas.reduce(
        (s, p) =>
          s +
          (Math.min(new Date(p.fin!).getTime(), end) - Math.max(new Date(p.inicio).getTime(), start)) /
            60_000,
        0,
      );
      expect(linea.fallas).toBe(fallas.length);
      expect(linea.minutos_falla).toBeCloseTo(minutos, 6);
      if (fallas.length > 0) {
        expect(linea.mttr!).toBeCloseTo(minutos / fallas.length, 1);
        expect(linea.mttf!).toBeCloseTo(linea.minutos_marcha / fallas.length, 1);
      } else {
        expect(linea.mttr).toBeNull();
      }
    }
  });
});
