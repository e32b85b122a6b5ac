import { addDays, claseDeTipoParo, productionDay, productionDayRange } from '@planta/domain';
import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { runDemoBackfill, writeToday } from '../src/demo/backfill.ts';
import { loadReferenceIds } from '../src/demo/seed-reference.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { describeEachDatabase, pgliteDeLaPlantilla, type TestServer } from './harness.ts';

const TZ = 'America/Lima';
// A fixed "now" so every run writes the same days: three complete production days, across a month end.
const NOW = new Date('2026-03-02T15:00:00Z');
const DAYS = 3;
const silent = pino({ level: 'silent' });

type Rows<T> = { rows: T[] };

/** A demo stop with its reason (category, name, class and fault codes as the tree holds them now). */
interface Paro {
  linea: number;
  inicio: number;
  tipo: 'FALLA' | 'MICROPARO' | 'CAMBIO_FORMATO' | 'CIP' | 'PLANIFICADO';
  origen: string;
  motivo_id: number | null;
  clase: string | null;
  codigo_falla: number | null;
  categoria: string | null;
  motivo: string | null;
  motivo_clase: string | null;
  codigos_falla: number[] | null;
}
const PAROS = sql`
  select l.numero as linea, (extract(epoch from p.inicio) * 1000)::float8 as inicio, p.tipo, p.origen,
         p.motivo_id, p.clase, p.codigo_falla, c.nombre as categoria, m.nombre as motivo,
         m.clase as motivo_clase, m.codigos_falla
  from paros p join lineas l on l.id = p.linea_id
  left join motivos_paro m on m.id = p.motivo_id left join categorias_paro c on c.id = m.categoria_id
  order by l.numero, p.inicio`;
const rows = async <T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await server.database.db.execute(query)) as unknown as Rows<T>).rows;

describeEachDatabase('demo history', (server) => {
  beforeAll(async () => {
    const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
    const result = await runDemoBackfill(server().database.db, {
      model,
      days: DAYS,
      timeZone: TZ,
      now: NOW,
      logger: silent,
    });
    expect(result).toEqual({ desde: '2026-02-27', hasta: '2026-03-01', daysWritten: DAYS });
  }, 120_000);

  it('writes every minute of every line (today up to the last whole minute), and a second run adds nothing', async () => {
    const [count] = await rows<{ n: number }>(server(), sql`select count(*)::int as n from scada_lecturas`);
    // Three complete days, plus today from 08:00 Lima (13:00Z) to 15:00Z: 120 minutes.
    expect(count?.n).toBe(DAYS * 1440 * 4 + 120 * 4);
    const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
    expect(
      await runDemoBackfill(server().database.db, {
        model,
        days: DAYS,
        timeZone: TZ,
        now: NOW,
        logger: silent,
      }),
    ).toBeNull();
  });

  it('keeps mensual = Σ diario of the month so far for every SUMA variable (across the month end)', async () => {
    const bad = await rows<{ nombre: string; fecha: string }>(
      server(),
      sql`select v.nombre, h.fecha::text from historicos h join variables v on v.id = h.variable_id
          where v.agregacion = 'SUMA' and abs(h.mensual - (
            select sum(h2.diario) from historicos h2 where h2.variable_id = h.variable_id
              and h2.fecha <= h.fecha and date_trunc('month', h2.fecha) = date_trunc('month', h.fecha))) > 1e-6 * greatest(1, abs(h.mensual))`,
    );
    expect(bad).toEqual([]);
    const [firstOfMarch] = await rows<{ diario: number; mensual: number; anual: number }>(
      server(),
      sql`select h.diario, h.mensual, h.anual from historicos h join variables v on v.id = h.variable_id
          where v.nombre = 'Producción (CU)' and h.fecha = '2026-03-01'`,
    );
    expect(firstOfMarch?.mensual).toBeCloseTo(firstOfMarch?.diario ?? NaN, 6);
    expect(firstOfMarch!.anual).toBeGreaterThan(firstOfMarch!.mensual);
  });

  it('derives line production and ETA from the raw minute rows, the plant as the ratio of the lines\u2019 sums', async () => {
    const fecha = '2026-02-28';
    const { start, end } = productionDayRange(fecha, TZ);
    const raw = await rows<{ linea: number; cu: number; capacidad: number }>(
      server(),
      sql`select s.linea, sum(s.paquetes * pr.factor::float8) as cu,
                 sum(case when s.velocidad > 0 then vn.velocidad_paquetes_hora * pr.factor::float8 / 60 else 0 end) as capacidad
          from scada_lecturas s
          join lineas l on l.numero = s.linea
          join producto_presentaciones pp on s.formato <> 0 and s.formato = case s.linea when 1 then pp.hmi_linea1_id
               when 2 then pp.hmi_linea2_id when 3 then pp.hmi_linea3_id else pp.hmi_linea4_id end
          join presentaciones pr on pr.id = pp.presentacion_id
          join velocidades_nominales vn on vn.producto_presentacion_id = pp.id and vn.linea_id = l.id
          where s.fecha >= ${start.toISOString()}::timestamptz and s.fecha < ${end.toISOString()}::timestamptz
          group by s.linea order by s.linea`,
    );
    const derived = await rows<{ nombre: string; diario: number }>(
      server(),
      sql`select v.nombre, h.diario from historicos h join variables v on v.id = h.variable_id
          where h.fecha = ${fecha}::date and (v.nombre like 'Producción (CU)%' or v.nombre like 'ETA (\\%)%')`,
    );
    const value = (nombre: string) => derived.find((d) => d.nombre === nombre)?.diario;
    for (const line of raw) {
      expect(value(`Producción (CU)_56${line.linea}`)).toBeCloseTo(line.cu, 4);
      expect(value(`ETA (%)_56${line.linea}`)).toBeCloseTo((line.cu / line.capacidad) * 100, 4);
    }
    const totalCu = raw.reduce((a, l) => a + l.cu, 0);
    const totalCap = raw.reduce((a, l) => a + l.capacidad, 0);
    expect(value('Producción (CU)')).toBeCloseTo(totalCu, 4);
    expect(value('ETA (%)')).toBeCloseTo((totalCu / totalCap) * 100, 4);
    // Inside DOMAIN's ranges.
    expect(value('ETA (%)')).toBeGreaterThan(55);
    expect(value('ETA (%)')).toBeLessThan(95);
  });

  it('derives contadores_hora from the minute rows and the energy meter', async () => {
    const [check] = await rows<{ horas: number; mal_energia: number; mal_formato: number }>(
      server(),
      sql`select count(*)::int as horas,
                 count(*) filter (where abs(c.energia - coalesce(e.kwh, 0)) > 1e-6)::int as mal_energia,
                 count(*) filter (where c.formato <> 0 and not exists (
                   select 1 from scada_lecturas s where s.linea = l.numero and s.formato = c.formato
                     and s.fecha >= c.fecha and s.fecha < c.fecha + interval '1 hour'))::int as mal_formato
          from contadores_hora c
          join lineas l on l.id = c.linea_id
          left join lateral (
            select sum(h.suma) as kwh from lecturas_hora h join variables v on v.id = h.variable_id
            where v.linea_id = c.linea_id and v.nombre like 'Energía eléctrica%' and h.fecha = c.fecha) e on true`,
    );
    expect(check).toEqual({ horas: (DAYS * 24 + 2) * 4, mal_energia: 0, mal_formato: 0 }); // + today's two hours
  });

  it('derives MTTR and MTTF from the stops as ratios of sums', async () => {
    const [paros] = await rows<{ minutos: number; fallas: number }>(
      server(),
      sql`select sum(extract(epoch from fin - inicio) / 60)::float8 as minutos, count(*)::int as fallas
          from paros p join lineas l on l.id = p.linea_id
          where l.numero = 1 and p.tipo = 'FALLA'
            and p.inicio >= ${productionDayRange('2026-02-27', TZ).start.toISOString()}::timestamptz
            and p.inicio < ${productionDayRange('2026-02-28', TZ).end.toISOString()}::timestamptz`,
    );
    const [mttr] = await rows<{ mensual: number }>(
      server(),
      sql`select h.mensual from historicos h join variables v on v.id = h.variable_id
          where v.nombre = 'MTTR (min)_561' and h.fecha = '2026-02-28'`,
    );
    if (paros && paros.fallas > 0) expect(mttr?.mensual).toBeCloseTo(paros.minutos / paros.fallas, 4);
    else expect(mttr).toBeUndefined();
  });

  it('gives its stops (origen DEMO) the model’s reasons from the plant’s tree, with their class and fault codes', async () => {
    const paros = await rows<Paro>(server(), PAROS);
    expect(paros.length).toBeGreaterThan(100);
    expect(new Set(paros.map((p) => p.origen))).toEqual(new Set(['DEMO']));
    const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
    const delModelo = new Map(
      ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']
        .flatMap((fecha) => model.day(fecha).paros)
        .map((p) => [`${p.linea}@${p.inicio}`, p]),
    );
    const conMotivo = paros.filter((p) => p.motivo_id !== null);
    for (const p of conMotivo) {
      const modelo = delModelo.get(`${p.linea}@${p.inicio}`);
      expect(p, 'the model’s reason').toMatchObject({
        categoria: modelo?.motivo?.categoria,
        motivo: modelo?.motivo?.nombre,
        clase: claseDeTipoParo(p.tipo),
        motivo_clase: claseDeTipoParo(p.tipo),
      });
      // The fault code is the model’s, and one its reason lists.
      expect(p.codigo_falla).toBe(modelo?.codigoFalla);
      if (p.codigo_falla !== null) expect(p.codigos_falla).toContain(p.codigo_falla);
    }
    expect(conMotivo.filter((p) => p.codigo_falla !== null).length).toBeGreaterThan(0);
    expect(conMotivo.some((p) => p.codigo_falla === null && p.tipo === 'FALLA')).toBe(true);
  });

  it('leaves about a third of the last two days’ stops without a reason for the operator, never a micro-stop nor one the PLC classed by its fault code', async () => {
    const paros = await rows<Paro>(server(), PAROS);
    // The last two production days before "now": yesterday's and today's (in progress).
    const recientes = productionDayRange('2026-03-01', TZ).start.getTime();
    const sinMotivo = paros.filter((p) => p.motivo_id === null);
    expect(sinMotivo.length).toBeGreaterThan(0);
    for (const p of sinMotivo) {
      expect(p.inicio).toBeGreaterThanOrEqual(recientes);
      expect(p.tipo).not.toBe('MICROPARO');
      // No reason yet: no class of its own (its tipo's on the screens), no fault code.
      expect(p).toMatchObject({ clase: null, codigo_falla: null });
    }
    // Of the recent stops an operator must classify, some but not most.
    const pendientes = paros.filter(
      (p) => p.inicio >= recientes && p.tipo !== 'MICROPARO' && p.codigo_falla === null,
    );
    expect(sinMotivo.length / pendientes.length).toBeLessThan(0.6);
    expect(paros.filter((p) => p.inicio < recientes && p.motivo_id === null)).toEqual([]);
  });

  it('fills zero waste with ZWL as the ratio of the month\u2019s sums', async () => {
    const [zw] = await rows<{ aprovechable: number; total: number }>(
      server(),
      sql`select sum(r.kg) filter (where c.aprovechable)::float8 as aprovechable, sum(r.kg)::float8 as total
          from zw_registros r join zw_clasificaciones c on c.id = r.clasificacion_id where r.mes = '2026-02-01'`,
    );
    const [zwl] = await rows<{ diario: number }>(
      server(),
      sql`select h.diario from historicos h join variables v on v.id = h.variable_id where v.nombre = 'ZWL (%)' and h.fecha = '2026-02-01'`,
    );
    expect(zwl?.diario).toBeCloseTo((zw!.aprovechable / zw!.total) * 100, 6);
    expect(zwl!.diario).toBeGreaterThan(95);
  });

  it('plans all twelve months of the year (AOP and negociado), the months still to come included', async () => {
    const token = (await server().login()).access_token;
    const r = await server().gql(`{ volumenMensual(anio: 2026) { mes negociado aop real } }`, {}, { token });
    const meses = r.data?.volumenMensual as { mes: number; negociado: number; aop: number; real: number }[];
    expect(meses).toHaveLength(12);
    for (const mes of meses) {
      expect(mes.negociado, `mes ${mes.mes}`).toBeGreaterThan(0);
      expect(mes.aop, `mes ${mes.mes}`).toBeGreaterThan(0);
    }
    // Production only for the days written: February's last two and March 1st.
    expect(meses.filter((m) => m.real !== null).map((m) => m.mes)).toEqual([2, 3]);
  });

  it('serves the history through the API', async () => {
    const token = (await server().login()).access_token;
    const r = await server().gql(
      `{ historicosVariable(nombre: "Producción (CU)", desde: "2026-02-27", hasta: "2026-03-01") { fecha diario mensual meta } }`,
      {},
      { token },
    );
    expect(r.data?.historicosVariable).toHaveLength(3);
    const eta = await fetch(`${server().url}/api/pta/historicos/eta?desde=2026-02-27&hasta=2026-03-01`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const series = (await eta.json()) as { eta: number; pagada: number }[];
    expect(series).toHaveLength(3);
    for (const day of series) expect(day.pagada).toBeLessThanOrEqual(day.eta);
  });

  // Last: it writes more of today.
  it('writes no reason the plant has renamed since: today’s later stops after an admin renamed one', async () => {
    const db = server().database.db;
    await db.execute(
      sql`update motivos_paro set nombre = 'Atasco de envases' where nombre = 'Atasco de botellas'`,
    );
    try {
      const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
      const later = new Date(NOW.getTime() + 3 * 3_600_000);
      await writeToday(db, await loadReferenceIds(db), model, '2026-03-02', later, TZ);
      const nuevos = (await rows<Paro>(server(), PAROS)).filter((p) => p.inicio >= NOW.getTime() - 3_600_000);
      const porInicio = new Map(model.day('2026-03-02').paros.map((p) => [`${p.linea}@${p.inicio}`, p]));
      const atascos = nuevos.filter((p) => {
        const modelo = porInicio.get(`${p.linea}@${p.inicio}`);
        return modelo?.motivo?.nombre === 'Atasco de botellas' && modelo.fin > NOW.getTime();
      });
      expect(atascos.length).toBeGreaterThan(0);
      for (const p of atascos) expect(p).toMatchObject({ motivo_id: null, clase: null, codigo_falla: null });
      // The other micro-stops written with them keep their reasons.
      const otros = nuevos.filter((p) => p.tipo === 'MICROPARO' && !atascos.includes(p));
      expect(otros.length).toBeGreaterThan(0);
      expect(otros.filter((p) => p.motivo_id === null)).toEqual([]);
    } finally {
      await db.execute(
        sql`update motivos_paro set nombre = 'Atasco de botellas' where nombre = 'Atasco de envases'`,
      );
    }
  });
});

it('is deterministic: the same seed writes the same history', async () => {
  const histories: string[] = [];
  for (let run = 0; run < 2; run++) {
    const database = await pgliteDeLaPlantilla();
    const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
    await runDemoBackfill(database.db, { model, days: 1, timeZone: TZ, now: NOW, logger: silent });
    const result = (await database.db.execute(
      sql`select v.nombre, h.fecha::text, h.diario, h.mensual from historicos h join variables v on v.id = h.variable_id order by 1, 2`,
    )) as unknown as Rows<unknown>;
    // The stops with their reasons, classes, fault codes, and which were left without a reason.
    const paros = (await database.db.execute(
      sql`select linea_id, inicio::text, tipo, motivo_id, clase, codigo_falla from paros order by 1, 2`,
    )) as unknown as Rows<unknown>;
    histories.push(JSON.stringify([result.rows, paros.rows]));
    await database.close();
  }
  expect(histories[0]!.length).toBeGreaterThan(1000);
  expect(histories[1]).toBe(histories[0]);
  expect(productionDay(NOW, TZ)).toBe('2026-03-02');
  expect(addDays('2026-03-02', -1)).toBe('2026-03-01');
}, 120_000);
