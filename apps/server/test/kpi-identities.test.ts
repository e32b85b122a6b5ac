import { createPlantModel } from '@planta/plant-model';
import { acumulaEnElDia } from '@planta/domain';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { runDemoBackfill } from '../src/demo/backfill.ts';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { describeEachDatabase, type TestServer } from './harness.ts';

/**
 * Five weeks and a day of demo history through the real derivation (both databases), across two
 * month ends, with every Sunday and the day in progress: the KPIs the screens show must be
 * physically possible and reconcile with each other, on every line, day, month and the plant.
 */
const TZ = 'America/Lima';
// 10:00 in Lima on Friday 2026-03-06: the history is 2026-01-29 … 2026-03-05, plus today so far.
const NOW = new Date('2026-03-06T15:00:00Z');
const TODAY = '2026-03-06';
const DAYS = 36;
const EPS = 1e-6;
const silent = pino({ level: 'silent' });

type Rows<T> = { rows: T[] };
const rows = async <T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await server.database.db.execute(query)) as unknown as Rows<T>).rows;

/** Every stored historico of a KPI, by scope ('' = plant, '_561' … = line) and day. */
interface Kpi {
  base: string;
  scope: string;
  fecha: string;
  diario: number;
  mensual: number | null;
  anual: number | null;
  numerador: number | null;
  denominador: number | null;
}

/** The server's clock (AppDeps.now): the history's "now", moved by the ritmo identity. */
let ahora = NOW.getTime();

const EFFICIENCIES = ['ETA (%)', 'OEE (%)', 'Eficiencia pagada (%)', 'Disponibilidad (%)'];

describeEachDatabase(
  'KPI identities over the demo history',
  (server) => {
    let kpis: Kpi[] = [];
    const get = (base: string, scope: string, fecha: string) =>
      kpis.find((k) => k.base === base && k.scope === scope && k.fecha === fecha);

    beforeAll(async () => {
      const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
      const result = await runDemoBackfill(server().database.db, {
        model,
        days: DAYS,
        timeZone: TZ,
        now: NOW,
        logger: silent,
      });
      expect(result).toEqual({ desde: '2026-01-29', hasta: '2026-03-05', daysWritten: DAYS });
      kpis = await rows<Kpi>(
        server(),
        sql`select regexp_replace(v.nombre, '_\\d{3}$', '') as base, coalesce(substring(v.nombre from '_\\d{3}$'), '') as scope,
                 h.fecha::text as fecha, h.diario, h.mensual, h.anual, h.numerador, h.denominador
          from historicos h join variables v on v.id = h.variable_id
          where regexp_replace(v.nombre, '_\\d{3}$', '') in ('ETA (%)', 'OEE (%)', 'Eficiencia pagada (%)',
                'Eficiencia de línea (%)', 'Disponibilidad (%)', 'Calidad (%)')
          order by 1, 2, 3`,
      );
      expect(kpis.length).toBeGreaterThan(DAYS * 10);
    }, 900_000);

    it('explains every line-day and plant-day OEE with perdidasOee: the waterfall adds up, A × E × Q = OEE = the stored OEE, the Pareto adds up to the unplanned stops, the shifts to the day', async () => {
      const token = (await server().login()).access_token;
      const lineas = await rows<{ id: number; sufijo: string }>(
        server(),
        sql`select id, sufijo from lineas where numero > 0 order by numero`,
      );
      const paradas = await rows<{ linea_id: number; fecha: string; minutos: number }>(
        server(),
        sql`with d as (
              select g::date::text as fecha, (g::date::text || ' 08:00')::timestamp at time zone ${TZ} as inicio,
                     ((g + interval '1 day')::date::text || ' 08:00')::timestamp at time zone ${TZ} as fin
              from generate_series('2026-01-29'::date, '2026-03-05'::date, interval '1 day') g)
            select p.linea_id, d.fecha, sum(extract(epoch from least(p.fin, d.fin) - greatest(p.inicio, d.inicio)) / 60)::float8 as minutos
            from paros p join d on p.inicio < d.fin and p.fin > d.inicio
            where coalesce(p.clase, case p.tipo when 'CIP' then 'PLANIFICADO' else p.tipo end) <> 'PLANIFICADO'
            group by 1, 2`,
      );
      const eficiencias = await rows<{ linea_id: number; fecha: string; bueno: number; nominal: number }>(
        server(),
        sql`select linea_id, fecha::text as fecha, producido_cu as bueno, capacidad_operacion_cu as nominal from eficiencias`,
      );
      type Perdidas = {
        tiempo_planificado: number;
        tiempo_operativo: number;
        tiempo_neto: number;
        tiempo_productivo: number;
        disponibilidad: number | null;
        rendimiento: number | null;
        calidad: number | null;
        oee: number | null;
        perdidas: { clase: string; grupo: string; minutos: number }[];
        pareto: { motivo: string; clase: string; minutos: number }[];
        sin_motivo_pct: number | null;
      };
      const leer = async (linea: number | null, fecha: string, turno: number | null) => {
        const r = await server().gql<{ perdidasOee: Perdidas }>(
          `query($l: ID, $f: Date!, $t: Int) { perdidasOee(linea_id: $l, desde: $f, hasta: $f, turno: $t) {
            tiempo_planificado tiempo_operativo tiempo_neto tiempo_productivo disponibilidad rendimiento calidad oee
            perdidas { clase grupo minutos } pareto { motivo clase minutos } sin_motivo_pct } }`,
          { l: linea === null ? null : String(linea), f: fecha, t: turno },
          { token },
        );
        expect(r.errors).toBeUndefined();
        return r.data!.perdidasOee;
      };
      const bad: string[] = [];
      const near = (a: number, b: number, what: string, tol = 1e-6) => {
        if (!(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)))) bad.push(`${what}: ${a} ≠ ${b}`);
      };
      const fechas = [...new Set(kpis.map((k) => k.fecha))].filter((f) => f < TODAY).sort();
      let explicados = 0;
      for (const fecha of fechas) {
        for (const linea of [...lineas.map((l) => l.id), null]) {
          const scope = linea === null ? '' : lineas.find((l) => l.id === linea)!.sufijo;
          const where = `${fecha}${scope || ' planta'}`;
          const p = await leer(linea, fecha, null);
          const grupo = (g: string) =>
            p.perdidas.filter((x) => x.grupo === g).reduce((a, x) => a + x.minutos, 0);
          const total = p.perdidas.reduce((a, x) => a + x.minutos, 0);
          near(total + p.tiempo_productivo, p.tiempo_planificado, `${where} Σ pérdidas + productivo`);
          near(p.tiempo_planificado - grupo('DISPONIBILIDAD'), p.tiempo_operativo, `${where} operativo`);
          near(p.tiempo_operativo - grupo('RENDIMIENTO'), p.tiempo_neto, `${where} neto`);
          for (const x of p.perdidas) if (x.minutos < -1e-9) bad.push(`${where} ${x.clase} < 0`);
          // /fabrica: a line's OEE from its eficiencias row, the plant's stored daily value.
          const ef = eficiencias.find((e) => e.linea_id === linea && e.fecha === fecha);
          const stored =
            linea === null
              ? (get('OEE (%)', '', fecha)?.diario ?? null)
              : ef && ef.nominal > 0
                ? (ef.bueno / ef.nominal) * 100
                : null;
          if (stored === null) {
            if (p.oee !== null && p.oee > 1e-9) bad.push(`${where}: OEE ${p.oee} sin OEE guardado`);
          } else {
            near(p.oee ?? NaN, stored, `${where} OEE = /fabrica`);
            explicados++;
            if (p.disponibilidad !== null && p.rendimiento !== null && p.calidad !== null)
              near((p.disponibilidad * p.rendimiento * p.calidad) / 1e4, p.oee!, `${where} A×E×Q`, 1e-4);
          }
          const pareto = p.pareto.reduce((a, x) => a + x.minutos, 0);
          const parados = paradas
            .filter((x) => x.fecha === fecha && (linea === null || x.linea_id === linea))
            .reduce((a, x) => a + x.minutos, 0);
          near(pareto, parados, `${where} Pareto = paros no planificados`);
          const sin = p.pareto.find((x) => x.clase === 'SIN_MOTIVO')?.minutos ?? 0;
          if (pareto > 0) near(p.sin_motivo_pct!, (sin / pareto) * 100, `${where} % sin motivo`);
          // The shifts add up to the day, loss by loss.
          const turnos = await Promise.all([1, 2, 3].map((t) => leer(linea, fecha, t)));
          near(
            turnos.reduce((a, t) => a + t.tiempo_planificado, 0),
            p.tiempo_planificado,
            `${where} Σ turnos planificado`,
          );
          near(
            turnos.reduce((a, t) => a + t.tiempo_productivo, 0),
            p.tiempo_productivo,
            `${where} Σ turnos productivo`,
          );
          for (const [i, x] of p.perdidas.entries())
            near(
              turnos.reduce((a, t) => a + t.perdidas[i]!.minutos, 0),
              x.minutos,
              `${where} Σ turnos ${x.clase}`,
            );
          near(
            turnos.reduce((a, t) => a + t.pareto.reduce((b, y) => b + y.minutos, 0), 0),
            pareto,
            `${where} Σ turnos Pareto`,
          );
        }
      }
      expect(bad.slice(0, 20)).toEqual([]);
      expect(explicados).toBeGreaterThan(DAYS * 3);
    }, 600_000);

    it('keeps every efficiency of every line, day, month and year (and the plant) within 0–100 %', () => {
      const bad = kpis.filter((k) =>
        [k.diario, k.mensual, k.anual].some((v) => v !== null && (v < -EPS || v > 100 + EPS)),
      );
      expect(bad).toEqual([]);
      for (const base of EFFICIENCIES) expect(kpis.some((k) => k.base === base)).toBe(true);
    });

    it('orders eficiencia pagada ≤ OEE ≤ ETA for every line and the plant, by day and month', () => {
      const bad: string[] = [];
      for (const oee of kpis.filter((k) => k.base === 'OEE (%)')) {
        const eta = get('ETA (%)', oee.scope, oee.fecha);
        const pagada = get('Eficiencia pagada (%)', oee.scope, oee.fecha);
        for (const field of ['diario', 'mensual'] as const) {
          const o = oee[field];
          const e = eta?.[field];
          const p = pagada?.[field];
          if (o === null) continue;
          if (e !== undefined && e !== null && o > e + EPS)
            bad.push(`${oee.fecha}${oee.scope} ${field} OEE ${o} > ETA ${e}`);
          if (p === undefined || p === null) bad.push(`${oee.fecha}${oee.scope} ${field} sin pagada`);
          else if (p > o + EPS) bad.push(`${oee.fecha}${oee.scope} ${field} pagada ${p} > OEE ${o}`);
        }
      }
      // Lines store ETA and paid efficiency (their OEE, between the two, is checked over the whole
      // model history by packages/plant-model/src/efficiency.test.ts).
      for (const eta of kpis.filter((k) => k.base === 'ETA (%)' && k.scope !== '')) {
        const pagada = get('Eficiencia pagada (%)', eta.scope, eta.fecha);
        const where = `${eta.fecha}${eta.scope}`;
        if (!pagada) {
          bad.push(`${where}: sin pagada`);
          continue;
        }
        if (pagada.diario > eta.diario + EPS)
          bad.push(`${where}: pagada ${pagada.diario} > ETA ${eta.diario}`);
        if (eta.mensual !== null && pagada.mensual !== null && pagada.mensual > eta.mensual + EPS) {
          bad.push(`${where}: pagada mensual ${pagada.mensual} > ETA ${eta.mensual}`);
        }
      }
      expect(bad).toEqual([]);
    });

    it('keeps the month to date as the ratio of the sums, and the plant as the sum of the lines', () => {
      const bad: string[] = [];
      for (const k of kpis) {
        const month = kpis.filter(
          (x) =>
            x.base === k.base &&
            x.scope === k.scope &&
            x.fecha.slice(0, 7) === k.fecha.slice(0, 7) &&
            x.fecha <= k.fecha,
        );
        const num = month.reduce((s, x) => s + (x.numerador ?? NaN), 0);
        const den = month.reduce((s, x) => s + (x.denominador ?? NaN), 0);
        if (k.mensual === null || Math.abs(k.mensual - num / den) > 1e-6 * Math.max(1, k.mensual)) {
          bad.push(`${k.base}${k.scope} ${k.fecha}: mensual ${k.mensual} ≠ ${num / den}`);
        }
      }
      for (const base of ['ETA (%)', 'Eficiencia pagada (%)', 'Disponibilidad (%)']) {
        for (const plant of kpis.filter((k) => k.base === base && k.scope === '')) {
          const lines = kpis.filter((k) => k.base === base && k.scope !== '' && k.fecha === plant.fecha);
          const den = lines.reduce((s, x) => s + (x.denominador ?? 0), 0);
          const num = lines.reduce((s, x) => s + (x.numerador ?? 0), 0);
          if (Math.abs((plant.denominador ?? 0) - den) > 1e-6 * Math.max(1, den))
            bad.push(`${base} ${plant.fecha}: den planta`);
          if (Math.abs(plant.diario - num / den) > 1e-6)
            bad.push(`${base} ${plant.fecha}: planta ≠ Σ líneas`);
        }
      }
      expect(bad).toEqual([]);
    });

    it('leaves the efficiencies of a line that was not scheduled empty, and lands in realistic ranges', async () => {
      const idle = await rows<{ scope: string; fecha: string }>(
        server(),
        sql`select '_56' || l.numero as scope, t.fecha::text as fecha from turnos t join lineas l on l.id = t.linea_id
          where t.horas_productividad = 0 and not exists (
            select 1 from eficiencias e where e.linea_id = t.linea_id and e.fecha = t.fecha and e.producido_cu > 0)`,
      );
      expect(idle.length).toBeGreaterThan(0); // Sundays: some lines do not work
      for (const { scope, fecha } of idle) {
        expect(get('OEE (%)', scope, fecha), `${fecha}${scope}`).toBeUndefined();
        expect(get('ETA (%)', scope, fecha), `${fecha}${scope}`).toBeUndefined();
        expect(get('Eficiencia pagada (%)', scope, fecha), `${fecha}${scope}`).toBeUndefined();
        expect(get('Disponibilidad (%)', scope, fecha), `${fecha}${scope}`).toBeUndefined();
      }
      // DOMAIN: beverage OEE about 50–85 % (the month of the plant, complete months).
      for (const fecha of ['2026-01-31', '2026-02-28']) {
        const oee = get('OEE (%)', '', fecha);
        expect(oee?.mensual).toBeGreaterThan(50);
        expect(oee?.mensual).toBeLessThan(85);
      }
    });

    it('counts every pack under the product that ran, so packs = Σ per product and finished product = Σ packs × bottles', async () => {
      const [orphans] = await rows<{ horas: number; contadores: number }>(
        server(),
        sql`select (select count(*)::int from scada_hora h
                  where h.paquetes > 0 and not exists (
                    select 1 from producto_presentaciones pp where h.formato = case h.linea when 1 then pp.hmi_linea1_id
                      when 2 then pp.hmi_linea2_id when 3 then pp.hmi_linea3_id else pp.hmi_linea4_id end)) as horas,
                 (select count(*)::int from contadores_hora c join lineas l on l.id = c.linea_id
                  join scada_hora h on h.linea = l.numero and h.fecha = c.fecha
                  where h.paquetes > 0 and c.formato <> h.formato) as contadores`,
      );
      expect(orphans).toEqual({ horas: 0, contadores: 0 });
      const token = (await server().login()).access_token;
      for (const linea of [1, 2, 3, 4]) {
        const r = await server().gql<{
          scadaHistorico: { fecha: string; paquetes: number; producto_terminado: number }[];
        }>(
          `query($l: Int!) { scadaHistorico(linea: $l, desde: "2026-01-29", hasta: "${TODAY}") { fecha paquetes producto_terminado } }`,
          { l: linea },
          { token },
        );
        expect(r.errors).toBeUndefined();
        const perProduct = await rows<{ fecha: string; paquetes: number; terminado: number }>(
          server(),
          sql`select to_char(((h.fecha at time zone ${TZ}) - interval '8 hours')::date, 'YYYY-MM-DD') as fecha,
                   sum(h.paquetes)::int as paquetes, sum(h.paquetes * pp.num_botellas)::int as terminado
            from scada_hora h join producto_presentaciones pp on h.formato = case h.linea when 1 then pp.hmi_linea1_id
                 when 2 then pp.hmi_linea2_id when 3 then pp.hmi_linea3_id else pp.hmi_linea4_id end
            where h.linea = ${linea} group by 1 order by 1`,
        );
        const byDay = new Map(perProduct.map((p) => [p.fecha, p]));
        for (const day of r.data!.scadaHistorico) {
          const p = byDay.get(day.fecha);
          expect(p?.paquetes ?? 0, `línea ${linea} ${day.fecha}`).toBe(day.paquetes);
          expect(p?.terminado ?? 0, `línea ${linea} ${day.fecha}`).toBe(day.producto_terminado);
          if (day.paquetes > 0) expect(day.producto_terminado).toBeGreaterThanOrEqual(day.paquetes * 6);
        }
      }
    });

    it('gives every scheduled day a production meta in proportion to its capacity, today included', async () => {
      const metas = await rows<{ fecha: string; meta: number | null; horas: number }>(
        server(),
        sql`select d.fecha::date::text as fecha, m.valor as meta,
                 (select coalesce(sum(horas_productividad), 0)::float8 from turnos t where t.fecha = d.fecha) as horas
          from generate_series('2026-01-29'::date, ${TODAY}::date, interval '1 day') as d(fecha)
          left join metas m on m.fecha = d.fecha and m.variable_id = (select id from variables where nombre = 'Producción (CU)')
          order by 1`,
      );
      expect(metas).toHaveLength(DAYS + 1);
      for (const m of metas) {
        if (m.horas > 0) expect(m.meta, m.fecha).toBeGreaterThan(0);
        else expect(m.meta, m.fecha).toBeNull();
      }
      const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
      for (const month of ['2026-02']) {
        const inMonth = metas.filter((m) => m.fecha.startsWith(month) && m.meta !== null);
        const sundays = inMonth.filter((m) => weekday(m.fecha) === 0).map((m) => m.meta!);
        const midweek = inMonth.filter((m) => [2, 3, 4].includes(weekday(m.fecha))).map((m) => m.meta!);
        expect(sundays.length).toBeGreaterThan(0);
        expect(Math.max(...sundays)).toBeLessThan(Math.min(...midweek));
      }
      // The rest of the month is planned ahead: metas and shifts of every day to its end.
      const [ahead] = await rows<{ metas: number; turnos: number }>(
        server(),
        sql`select (select count(distinct fecha)::int from metas where fecha > ${TODAY}::date and fecha <= '2026-03-31') as metas,
                 (select count(distinct fecha)::int from turnos where fecha > ${TODAY}::date and fecha <= '2026-03-31') as turnos`,
      );
      expect(ahead).toEqual({ metas: 25, turnos: 25 });
      // The day in progress has its meta on the dashboard, and so do its month and year.
      const token = (await server().login()).access_token;
      const r = await server().gql<{
        resumenVariables: { meta: number | null; meta_mensual: number | null }[];
      }>(
        `query { resumenVariables(nombres: ["Producción (CU)", "Producción (CU)_561"], fecha: "${TODAY}") { meta meta_mensual } }`,
        {},
        { token },
      );
      expect(r.errors).toBeUndefined();
      for (const v of r.data!.resumenVariables) {
        expect(v.meta).toBeGreaterThan(0);
        expect(v.meta_mensual).toBeGreaterThan(v.meta!);
      }
    });

    it('ritmo: every closed day of the history reads ritmo = cumplimiento; the day in progress grows to it', async () => {
      const token = (await server().login()).access_token;
      const { variables } = (
        await server().gql<{ variables: { nombre: string }[] }>('{ variables { nombre } }', {}, { token })
      ).data!;
      const nombres = variables.map((v) => v.nombre);
      type Fila = {
        diario: number | null;
        meta: number | null;
        avance_programado: number;
        meta_ritmo: number | null;
        ritmo: number | null;
        variable: { nombre: string; agregacion: string };
      };
      const resumen = async (fecha: string): Promise<Fila[]> => {
        const filas: Fila[] = [];
        for (let i = 0; i < nombres.length; i += 100) {
          const r = await server().gql<{ resumenVariables: Fila[] }>(
            `query($n: [String!]!, $f: Date!) { resumenVariables(nombres: $n, fecha: $f) {
             diario meta avance_programado meta_ritmo ritmo variable { nombre agregacion } } }`,
            { n: nombres.slice(i, i + 100), f: fecha },
            { token },
          );
          expect(r.errors).toBeUndefined();
          filas.push(...r.data!.resumenVariables);
        }
        return filas;
      };
      const cumplimiento = (f: Fila) => (f.diario === null || !f.meta ? null : (f.diario / f.meta) * 100);
      const fechas = [...new Set(kpis.map((k) => k.fecha))].filter((f) => f < TODAY).sort();
      expect(fechas).toHaveLength(DAYS);
      ahora = NOW.getTime();
      let comparadas = 0;
      for (const fecha of fechas)
        for (const f of await resumen(fecha)) {
          expect(f.avance_programado, `${fecha} ${f.variable.nombre}`).toBe(1);
          expect(f.meta_ritmo, `${fecha} ${f.variable.nombre}`).toBe(f.meta);
          const c = cumplimiento(f);
          if (c === null) expect(f.ritmo, `${fecha} ${f.variable.nombre}`).toBeNull();
          else {
            expect(f.ritmo, `${fecha} ${f.variable.nombre}`).toBeCloseTo(c, 9);
            comparadas++;
          }
        }
      expect(comparadas).toBeGreaterThan(DAYS * 20);
      // The day in progress, 10:00 plant time: the share due lies strictly between 0 and 1, the meta
      // due is that share of the day's meta for what accumulates (the meta itself for ratios), and
      // ritmo × meta due = value × 100. At the production day's end the share is 1: ritmo = cumplimiento.
      const hoy = await resumen(TODAY);
      const produccion = hoy.find((f) => f.variable.nombre === 'Producción (CU)')!;
      expect(produccion.avance_programado).toBeGreaterThan(0);
      expect(produccion.avance_programado).toBeLessThan(1);
      for (const f of hoy) {
        expect(f.avance_programado).toBeGreaterThanOrEqual(0);
        expect(f.avance_programado).toBeLessThanOrEqual(1);
        if (f.meta === null) expect(f.meta_ritmo).toBeNull();
        else if (acumulaEnElDia(f.variable))
          expect(f.meta_ritmo!).toBeCloseTo(f.meta * f.avance_programado, 6);
        else expect(f.meta_ritmo).toBe(f.meta);
        if (f.ritmo !== null) expect((f.ritmo * f.meta_ritmo!) / 100).toBeCloseTo(f.diario!, 6);
      }
      ahora = Date.parse(`${TODAY}T08:00:00-05:00`) + 24 * 3_600_000;
      for (const f of await resumen(TODAY)) {
        expect(f.avance_programado, f.variable.nombre).toBe(1);
        const c = cumplimiento(f);
        if (c === null) expect(f.ritmo, f.variable.nombre).toBeNull();
        else expect(f.ritmo, f.variable.nombre).toBeCloseTo(c, 9);
      }
      ahora = NOW.getTime();
    });

    it('gives a live day whose meta nobody wrote one from the month’s plan and the shifts', async () => {
      const db = server().database.db;
      const production = sql`(select id from variables where nombre = 'Producción (CU)' or nombre like 'Producción (CU)_56_')`;
      const before = await rows<{ variable_id: number; valor: number }>(
        server(),
        sql`select variable_id, valor from metas where fecha = ${TODAY}::date and variable_id in ${production} order by 1`,
      );
      expect(before.length).toBe(5);
      await db.execute(sql`delete from metas where fecha = ${TODAY}::date and variable_id in ${production}`);
      await deriveProductionDay(db, TODAY, TZ, { now: NOW.getTime() });
      const after = await rows<{ variable_id: number; valor: number; meta: number | null }>(
        server(),
        sql`select m.variable_id, m.valor, h.meta from metas m
          left join historicos h on h.variable_id = m.variable_id and h.fecha = m.fecha
          where m.fecha = ${TODAY}::date and m.variable_id in ${production} order by 1`,
      );
      expect(after.map((a) => a.variable_id)).toEqual(before.map((b) => b.variable_id));
      for (const [i, a] of after.entries()) {
        // Same rule as the plan's own spread, with the lines' mean nominal instead of the product mix.
        expect(Math.abs(a.valor / before[i]!.valor - 1)).toBeLessThan(0.25);
        expect(a.meta).toBe(a.valor);
      }
    });

    it('computes the plant’s KPI energía from the plant meter, each line’s from its own', async () => {
      const energy = await rows<{ fecha: string; scope: string; kpi: number; kwh: number; cu: number }>(
        server(),
        sql`select h.fecha::text as fecha, coalesce(substring(v.nombre from '_\\d{3}$'), '') as scope, h.diario as kpi,
                 (select e.diario from historicos e join variables ve on ve.id = e.variable_id
                  where ve.nombre = 'Energía eléctrica (kWh)' || coalesce(substring(v.nombre from '_\\d{3}$'), '') and e.fecha = h.fecha) as kwh,
                 (select c.diario from historicos c join variables vc on vc.id = c.variable_id
                  where vc.nombre = 'Producción (CU)' || coalesce(substring(v.nombre from '_\\d{3}$'), '') and c.fecha = h.fecha) as cu
          from historicos h join variables v on v.id = h.variable_id
          where v.nombre like 'KPI energía (kWh/CU)%'`,
      );
      expect(energy.filter((e) => e.scope === '').length).toBeGreaterThanOrEqual(DAYS);
      for (const e of energy) expect(e.kpi, `${e.fecha}${e.scope}`).toBeCloseTo(e.kwh / e.cu, 6);
    });

    it('the dashboards\u2019 trends (historicosSeries) carry every stored day of every variable of the history, as the table holds it', async () => {
      const { access_token: token } = await server().login();
      const tabla = await rows<{
        nombre: string;
        dia: number;
        fecha: string;
        diario: number;
        mensual: number | null;
        meta: number | null;
      }>(
        server(),
        sql`select v.nombre, h.fecha - date '2026-01-29' as dia, h.fecha::text as fecha, h.diario, h.mensual, h.meta
            from historicos h join variables v on v.id = h.variable_id
            where h.fecha between '2026-01-29' and '2026-03-05' order by v.nombre, h.fecha`,
      );
      const porNombre = new Map<string, typeof tabla>();
      for (const fila of tabla) {
        const filas = porNombre.get(fila.nombre) ?? [];
        porNombre.set(fila.nombre, filas);
        filas.push(fila);
      }
      const nombres = [...porNombre.keys()];
      expect(nombres.length).toBeGreaterThan(30);
      let dias = 0;
      // As a dashboard asks them: a screen's variables at a time (the API takes up to 100 names).
      for (let i = 0; i < nombres.length; i += 40) {
        const grupo = nombres.slice(i, i + 40);
        const r = await server().gql<{
          historicosSeries: {
            variable: { nombre: string };
            dia: number[];
            fecha: string[];
            diario: number[];
            mensual: (number | null)[];
            meta: (number | null)[];
          }[];
        }>(
          // `dia` as the dashboards ask it, `fecha` as other clients may: both must be the table's days.
          `query($n: [String!]!) { historicosSeries(nombres: $n, desde: "2026-01-29", hasta: "2026-03-05") { variable { nombre } dia fecha diario mensual meta } }`,
          { n: grupo },
          { token },
        );
        expect(r.errors).toBeUndefined();
        expect(r.data!.historicosSeries.map((s) => s.variable.nombre)).toEqual(grupo);
        for (const serie of r.data!.historicosSeries) {
          const filas = porNombre.get(serie.variable.nombre)!;
          expect(serie, serie.variable.nombre).toEqual({
            variable: { nombre: serie.variable.nombre },
            dia: filas.map((f) => f.dia),
            fecha: filas.map((f) => f.fecha),
            diario: filas.map((f) => f.diario),
            mensual: filas.map((f) => f.mensual),
            meta: filas.map((f) => f.meta),
          });
          dias += serie.fecha.length;
        }
      }
      expect(dias).toBe(tabla.length);
    });

    it('HR: attendance and overtime reconcile on every day of the history', async () => {
      const { access_token: token } = await server().login();
      const q = async <T>(query: string, variables: Record<string, unknown>) => {
        const r = await server().gql<T>(query, variables, { token });
        expect(r.errors, query).toBeUndefined();
        return r.data!;
      };
      const rango = { desde: '2026-01-29', hasta: '2026-03-05' };
      const { asistenciaRango: dias } = await q<{
        asistenciaRango: {
          fecha: string;
          programados: number;
          presentes: number;
          faltas: number;
          vacaciones: number;
          incapacidades: number;
          permisos: number;
          asistencia_pct: number | null;
          ausentismo_pct: number | null;
        }[];
      }>(
        `query($desde: Date!, $hasta: Date!) { asistenciaRango(desde: $desde, hasta: $hasta) {
        fecha programados presentes faltas vacaciones incapacidades permisos asistencia_pct ausentismo_pct } }`,
        rango,
      );
      expect(dias).toHaveLength(DAYS);
      const conDatos = dias.filter((d) => d.programados > 0);
      expect(conDatos.length).toBeGreaterThan(DAYS / 2);
      for (const d of conDatos) {
        expect(d.presentes + d.faltas + d.vacaciones + d.incapacidades + d.permisos, d.fecha).toBe(
          d.programados,
        );
        expect(d.asistencia_pct! + d.ausentismo_pct!, d.fecha).toBeCloseTo(100, 6);
        expect(d.ausentismo_pct!, d.fecha).toBeGreaterThanOrEqual(0);
        expect(d.ausentismo_pct!, d.fecha).toBeLessThanOrEqual(30);
        const { ausencias } = await q<{ ausencias: unknown[] }>(
          `query($f: Date!) { ausencias(fecha: $f) { estado } }`,
          {
            f: d.fecha,
          },
        );
        expect(ausencias, d.fecha).toHaveLength(d.programados - d.presentes);
      }

      const {
        horasExtraResumen: resumen,
        horasExtraSemanal: semanas,
        horasExtraDetalle: detalle,
        horasExtraEmpleados: top,
      } = await q<{
        horasExtraResumen: {
          horas: number;
          horas_ordinarias: number;
          porcentaje_ordinarias: number | null;
          empleados: number;
        };
        horasExtraSemanal: { horas: number }[];
        horasExtraDetalle: { horas: number }[];
        horasExtraEmpleados: { horas: number }[];
      }>(
        `query($desde: Date!, $hasta: Date!) {
          horasExtraResumen(desde: $desde, hasta: $hasta) { horas horas_ordinarias porcentaje_ordinarias empleados }
          horasExtraSemanal(desde: $desde, hasta: $hasta) { horas }
          horasExtraDetalle(desde: $desde, hasta: $hasta) { horas }
          horasExtraEmpleados(desde: $desde, hasta: $hasta, limite: 100) { horas } }`,
        rango,
      );
      const suma = (xs: { horas: number }[]) => xs.reduce((s, x) => s + x.horas, 0);
      expect(resumen.horas).toBeGreaterThan(0);
      expect(suma(detalle)).toBeCloseTo(resumen.horas, 1);
      expect(suma(semanas)).toBeCloseTo(resumen.horas, 1);
      expect(suma(top)).toBeLessThanOrEqual(resumen.horas + 0.01);
      if (resumen.empleados <= 100) expect(suma(top)).toBeCloseTo(resumen.horas, 1);
      // Days present × 8 h; overtime within DOMAIN's typical band, loosely.
      const presentes = conDatos.reduce((s, d) => s + d.presentes, 0);
      expect(resumen.horas_ordinarias).toBe(presentes * 8);
      expect(resumen.porcentaje_ordinarias!).toBeGreaterThan(1);
      expect(resumen.porcentaje_ordinarias!).toBeLessThan(25);
    });
  },
  { now: () => ahora, plantTz: TZ },
);
