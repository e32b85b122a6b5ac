import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { runDemoBackfill } from '../src/demo/backfill.ts';
import { deriveProductionDay } from '../src/derivations/production-day.ts';
import { DEMO_SEED } from '../src/demo/start-demo.ts';
import { auditRows, createUser, describeEachDatabase, type TestServer, uniqueName } from './harness.ts';

/**
 * /eficiencia_pagada on both databases over a week of demo history across a month end: every
 * figure recomputed from the raw eficiencias rows, turnos and paros; reconciled with the
 * 'Eficiencia pagada (%)' historicos /fabrica shows (plant and lines, day, month, year); the
 * identities pagada ≤ OEE ≤ ETA ≤ 100 %; and the admin-only SAP entry (validated, audited).
 */
const TZ = 'America/Lima';
// 10:00 in Lima on Wednesday 2026-03-04: history 2026-02-25 … 2026-03-03.
const NOW = new Date('2026-03-04T15:00:00Z');
const DAYS = 7;
const FECHAS = ['2026-02-26', '2026-02-28', '2026-03-01', '2026-03-03'];
const silent = pino({ level: 'silent' });

const QUERY = `query($fecha: Date!) {
  eficienciaPagada(fecha: $fecha) {
    fecha
    lineas {
      numero
      dia { pagada sap brecha_pp oee eta producido_cu cobertura_sap }
      mes { pagada sap brecha_pp oee eta producido_cu cobertura_sap }
      anio { pagada sap brecha_pp oee eta producido_cu cobertura_sap }
      detalle { horas_pagadas minutos_planificados minutos_marcha minutos_cambio_formato minutos_cip
        minutos_paro_planificado minutos_falla minutos_microparo producido_cu capacidad_pagada_cu
        capacidad_marcha_cu velocidad_nominal_cu_h }
      dias { fecha pagada sap }
    }
    planta {
      dia { pagada sap brecha_pp oee eta producido_cu cobertura_sap }
      mes { pagada sap brecha_pp oee eta producido_cu cobertura_sap }
      anio { pagada sap brecha_pp oee eta producido_cu cobertura_sap }
      detalle { producido_cu capacidad_pagada_cu }
      dias { fecha pagada sap }
    }
  }
}`;
const SAP = `mutation($linea: Int!, $fecha: Date!, $valor: Float!) {
  registrarEficienciaSap(linea: $linea, fecha: $fecha, valor: $valor) { fecha pagada sap }
}`;

interface Periodo {
  pagada: number | null;
  sap: number | null;
  brecha_pp: number | null;
  oee: number | null;
  eta: number | null;
  producido_cu: number;
  cobertura_sap: number | null;
}
interface Linea {
  numero: number;
  nombre: string;
  dia: Periodo;
  mes: Periodo;
  anio: Periodo;
  detalle: Record<string, number | null> | null;
  dias: { fecha: string; pagada: number | null; sap: number | null }[];
}
interface Respuesta {
  eficienciaPagada: { fecha: string; lineas: Linea[]; planta: Omit<Linea, 'numero' | 'nombre'> };
}
interface Fila {
  numero: number;
  fecha: string;
  producido: number;
  marcha: number;
  pagada: number;
  operacion: number | null;
  sap: number | null;
  min_pagados: number | null;
  min_plan: number | null;
  min_marcha: number | null;
}

type Rows<T> = { rows: T[] };
const rows = async <T>(server: TestServer, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await server.database.db.execute(query)) as unknown as Rows<T>).rows;

/** |a − b| within the 2-decimal rounding of the API. */
const close = (actual: number | null | undefined, expected: number | null, what: string) => {
  if (expected === null) return expect(actual ?? null, what).toBeNull();
  expect(actual, what).not.toBeNull();
  expect(Math.abs((actual as number) - expected), `${what}: ${actual} ≠ ${expected}`).toBeLessThanOrEqual(
    0.0051,
  );
};

/** A span's figures recomputed from raw rows, the definitions of DOMAIN "Efficiency". */
function recompute(filas: Fila[]) {
  const sum = (f: (x: Fila) => number) => filas.reduce((a, x) => a + f(x), 0);
  const ratio = (n: number, d: number) => (d > 0 ? (n / d) * 100 : null);
  const conSap = filas.filter((x) => x.sap !== null);
  const conOp = filas.filter((x) => x.operacion !== null);
  const sapCap = conSap.reduce((a, x) => a + x.pagada, 0);
  const sap = ratio(
    conSap.reduce((a, x) => a + (x.sap! / 100) * x.pagada, 0),
    sapCap,
  );
  const pagadaSap = ratio(
    conSap.reduce((a, x) => a + x.producido, 0),
    sapCap,
  );
  return {
    pagada: ratio(
      sum((x) => x.producido),
      sum((x) => x.pagada),
    ),
    eta: ratio(
      sum((x) => x.producido),
      sum((x) => x.marcha),
    ),
    oee: conOp.length
      ? ratio(
          conOp.reduce((a, x) => a + x.producido, 0),
          conOp.reduce((a, x) => a + x.operacion!, 0),
        )
      : null,
    sap,
    brecha: sap === null || pagadaSap === null ? null : pagadaSap - sap,
    cobertura: ratio(
      sapCap,
      sum((x) => x.pagada),
    ),
    producido: sum((x) => x.producido),
  };
}

describeEachDatabase(
  'eficiencia pagada: per line and day against SAP, reconciled with /fabrica',
  (server) => {
    let admin: string;
    let filas: Fila[] = [];
    const consultar = async (fecha: string, token = admin) => {
      const r = await server().gql<Respuesta>(QUERY, { fecha }, { token });
      expect(r.errors).toBeUndefined();
      return r.data!.eficienciaPagada;
    };
    const cargarFilas = async () => {
      filas = await rows<Fila>(
        server(),
        sql`select l.numero, e.fecha::text as fecha, e.producido_cu as producido, e.capacidad_marcha_cu as marcha,
                 e.capacidad_pagada_cu as pagada, e.capacidad_operacion_cu as operacion, e.sap,
                 e.minutos_pagados as min_pagados, e.minutos_planificados as min_plan, e.minutos_marcha as min_marcha
          from eficiencias e join lineas l on l.id = e.linea_id where l.numero > 0 order by 1, 2`,
      );
    };

    beforeAll(async () => {
      const model = createPlantModel({ seed: DEMO_SEED, timeZone: TZ });
      const result = await runDemoBackfill(server().database.db, {
        model,
        days: DAYS,
        timeZone: TZ,
        now: NOW,
        logger: silent,
      });
      expect(result).toMatchObject({ desde: '2026-02-25', hasta: '2026-03-03', daysWritten: DAYS });
      admin = (await server().login()).access_token;
      await cargarFilas();
      expect(filas.length).toBeGreaterThanOrEqual(DAYS * 4); // and the day in progress so far
      expect(filas.every((f) => f.min_pagados !== null && f.min_marcha !== null)).toBe(true);
    }, 600_000);

    it('recomputes day, month and year of every line and the plant from the raw eficiencias rows', async () => {
      for (const fecha of FECHAS) {
        const r = await consultar(fecha);
        expect(r.fecha).toBe(fecha);
        expect(r.lineas.map((l) => l.numero)).toEqual([1, 2, 3, 4]);
        const mes = (x: Fila) => x.fecha.slice(0, 7) === fecha.slice(0, 7) && x.fecha <= fecha;
        const anio = (x: Fila) => x.fecha.slice(0, 4) === fecha.slice(0, 4) && x.fecha <= fecha;
        for (const scope of [...r.lineas, { numero: null, ...r.planta }]) {
          const own = filas.filter((x) => scope.numero === null || x.numero === scope.numero);
          const spans: [Periodo, Fila[]][] = [
            [scope.dia, own.filter((x) => x.fecha === fecha)],
            [scope.mes, own.filter(mes)],
            [scope.anio, own.filter(anio)],
          ];
          for (const [i, [got, raw]] of spans.entries()) {
            const want = recompute(raw);
            const what = `${fecha} línea ${scope.numero ?? 'planta'} ${['día', 'mes', 'año'][i]}`;
            close(got.pagada, want.pagada, `${what} pagada`);
            close(got.eta, want.eta, `${what} eta`);
            close(got.oee, want.oee, `${what} oee`);
            close(got.sap, want.sap, `${what} sap`);
            close(got.brecha_pp, want.brecha, `${what} brecha`);
            close(got.producido_cu, want.producido, `${what} producido`);
            close(got.cobertura_sap, want.cobertura, `${what} cobertura SAP`);
          }
          // The month's days: one per calendar day up to fecha, each the day's own ratio.
          expect(scope.dias.map((d) => d.fecha).at(-1)).toBe(fecha);
          for (const d of scope.dias) {
            close(d.pagada, recompute(own.filter((x) => x.fecha === d.fecha)).pagada, `${d.fecha} serie`);
          }
        }
      }
    });

    it('equals the Eficiencia pagada (%) historicos /fabrica shows: plant and lines, day, month and year', async () => {
      const hist = await rows<{
        nombre: string;
        fecha: string;
        diario: number;
        mensual: number | null;
        anual: number | null;
      }>(
        server(),
        sql`select v.nombre, h.fecha::text as fecha, h.diario, h.mensual, h.anual
          from historicos h join variables v on v.id = h.variable_id
          where v.nombre ~ '^Eficiencia pagada [(]%[)](_56[1-4])?$'`,
      );
      expect(hist.length).toBeGreaterThan(DAYS);
      for (const fecha of FECHAS) {
        const r = await consultar(fecha);
        const check = (nombre: string, p: { dia: Periodo; mes: Periodo; anio: Periodo }) => {
          const h = hist.find((x) => x.nombre === nombre && x.fecha === fecha);
          if (!h) return expect(p.dia.pagada, `${nombre} ${fecha}`).toBeNull();
          close(p.dia.pagada, h.diario, `${nombre} ${fecha} diario`);
          close(p.mes.pagada, h.mensual, `${nombre} ${fecha} mensual`);
          close(p.anio.pagada, h.anual, `${nombre} ${fecha} anual`);
        };
        check('Eficiencia pagada (%)', r.planta);
        for (const l of r.lineas) check(`Eficiencia pagada (%)_56${l.numero}`, l);
      }
      // And the REST GET of the same day (the plant's ratio of sums).
      const get = await fetch(`${server().url}/api/pta/historicos/eta?desde=2026-03-03&hasta=2026-03-03`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const [rest] = (await get.json()) as { pagada: number }[];
      close((await consultar('2026-03-03')).planta.dia.pagada, rest!.pagada, 'REST pagada');
    });

    it('keeps 0–100 % and pagada ≤ OEE ≤ ETA for every line, day, month and year of the range', async () => {
      const bad: string[] = [];
      for (let d = 25; d <= 31 + 3; d++) {
        const fecha = d <= 28 ? `2026-02-${d}` : `2026-03-0${d - 28}`;
        const r = await consultar(fecha);
        for (const scope of [...r.lineas, { numero: 0, ...r.planta }]) {
          for (const [span, p] of Object.entries({ dia: scope.dia, mes: scope.mes, anio: scope.anio })) {
            const where = `${fecha} ${scope.numero} ${span}`;
            for (const v of [p.pagada, p.oee, p.eta, p.sap]) {
              if (v !== null && (v < 0 || v > 100)) bad.push(`${where}: ${v} fuera de 0–100`);
            }
            if (p.pagada !== null && p.oee !== null && p.pagada > p.oee + 0.01)
              bad.push(`${where}: pagada > OEE`);
            if (p.oee !== null && p.eta !== null && p.oee > p.eta + 0.01) bad.push(`${where}: OEE > ETA`);
            if (p.pagada !== null && p.eta !== null && p.pagada > p.eta + 0.01)
              bad.push(`${where}: pagada > ETA`);
          }
        }
      }
      expect(bad).toEqual([]);
    });

    it("shows the day's detail from the time model, the shift and the raw stops", async () => {
      const fecha = '2026-03-03';
      const r = await consultar(fecha);
      const turnos = await rows<{ numero: number; horas: number }>(
        server(),
        sql`select l.numero, t.horas_productividad::float8 as horas from turnos t join lineas l on l.id = t.linea_id
          where t.fecha = ${fecha}::date`,
      );
      // Stops clipped to the production day 08:00 → 08:00 (America/Lima = UTC−5).
      const paros = await rows<{ numero: number; tipo: string; minutos: number }>(
        server(),
        sql`select l.numero, p.tipo, sum(extract(epoch from least(p.fin, '2026-03-04T13:00:00Z'::timestamptz)
                 - greatest(p.inicio, '2026-03-03T13:00:00Z'::timestamptz)) / 60)::float8 as minutos
          from paros p join lineas l on l.id = p.linea_id
          where p.fin > '2026-03-03T13:00:00Z'::timestamptz and p.inicio < '2026-03-04T13:00:00Z'::timestamptz
          group by 1, 2`,
      );
      const paro = (n: number, tipo: string) =>
        paros.find((p) => p.numero === n && p.tipo === tipo)?.minutos ?? 0;
      for (const l of r.lineas) {
        const fila = filas.find((x) => x.numero === l.numero && x.fecha === fecha)!;
        const d = l.detalle!;
        const where = `línea ${l.numero}`;
        close(d.horas_pagadas, fila.min_pagados! / 60, `${where} horas pagadas`);
        // Paid time is the shift's, or more when the line ran beyond it (the time run wins).
        const turno = turnos.find((t) => t.numero === l.numero)?.horas ?? 0;
        expect(d.horas_pagadas!, where).toBeGreaterThanOrEqual(turno - 0.01);
        expect(d.horas_pagadas! * 60 + 0.01, where).toBeGreaterThanOrEqual(d.minutos_planificados!);
        expect(d.minutos_planificados! + 0.01, where).toBeGreaterThanOrEqual(d.minutos_marcha!);
        close(d.minutos_marcha, fila.min_marcha, `${where} marcha`);
        close(d.producido_cu, fila.producido, `${where} producido`);
        close(d.capacidad_pagada_cu, fila.pagada, `${where} capacidad`);
        close(d.minutos_cambio_formato, paro(l.numero, 'CAMBIO_FORMATO'), `${where} cambios`);
        close(d.minutos_cip, paro(l.numero, 'CIP'), `${where} CIP`);
        close(d.minutos_paro_planificado, paro(l.numero, 'PLANIFICADO'), `${where} paro planificado`);
        close(d.minutos_falla, paro(l.numero, 'FALLA'), `${where} fallas`);
        // pagada = producido / (nominal CU/h × paid hours)
        if (d.velocidad_nominal_cu_h) {
          close(
            l.dia.pagada,
            (fila.producido / (d.velocidad_nominal_cu_h * d.horas_pagadas!)) * 100,
            `${where} fórmula`,
          );
        }
      }
      close(
        r.planta.detalle!.producido_cu,
        r.lineas.reduce((a, l) => a + l.detalle!.producido_cu!, 0),
        'planta producido',
      );
    });

    it('lets an admin enter SAP per line and day: validated in Spanish, audited, upserted; others are refused', async () => {
      const fecha = '2026-03-02';
      const viewerName = uniqueName('visor');
      await createUser(server(), admin, { username: viewerName, password: 'clave-visor-1' });
      const viewer = (await server().login(viewerName, 'clave-visor-1')).access_token;

      const anon = await server().gql(SAP, { linea: 1, fecha, valor: 70 });
      expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const denied = await server().gql(SAP, { linea: 1, fecha, valor: 70 }, { token: viewer });
      expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      // Viewers read the screen.
      expect((await consultar(fecha, viewer)).lineas).toHaveLength(4);

      for (const [vars, field] of [
        [{ linea: 1, fecha, valor: 100.5 }, 'valor'],
        [{ linea: 1, fecha, valor: -1 }, 'valor'],
        [{ linea: 0, fecha, valor: 70 }, 'linea'],
        [{ linea: 9, fecha, valor: 70 }, 'linea'],
        [{ linea: 1, fecha: '2099-01-01', valor: 70 }, 'fecha'],
        [{ linea: 1, fecha: '1999-12-31', valor: 70 }, 'fecha'],
      ] as const) {
        const r = await server().gql(SAP, vars, { token: admin });
        expect(r.status, JSON.stringify(vars)).toBeLessThan(500);
        expect(r.errors?.[0]?.extensions?.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT');
        expect(r.errors?.[0]?.extensions?.field).toBe(field);
        expect(r.errors?.[0]?.message).toContain(`"${field}"`);
      }
      const badDate = await server().gql(SAP, { linea: 1, fecha: '2026-02-30', valor: 70 }, { token: admin });
      expect(badDate.status).toBeLessThan(500);
      expect(badDate.errors).toBeDefined();

      const ok = await server().gql<{
        registrarEficienciaSap: { fecha: string; sap: number; pagada: number };
      }>(SAP, { linea: 2, fecha, valor: 66.5 }, { token: admin });
      expect(ok.errors).toBeUndefined();
      expect(ok.data!.registrarEficienciaSap).toMatchObject({ fecha, sap: 66.5 });
      const [audit] = await auditRows(server(), 'eficiencia_sap_registrada');
      expect(audit).toMatchObject({ target_id: `2:${fecha}`, details: { linea: 2, fecha, valor: 66.5 } });
      const [hist] = await rows<{ diario: number }>(
        server(),
        sql`select h.diario from historicos h join variables v on v.id = h.variable_id
          where v.nombre = 'Eficiencia SAP (%)_562' and h.fecha = ${fecha}::date`,
      );
      expect(hist?.diario).toBe(66.5);
      // Upsert: the second write replaces the first; deriving the day again keeps SAP's figure.
      await server().gql(SAP, { linea: 2, fecha, valor: 67 }, { token: admin });
      await deriveProductionDay(server().database.db, fecha, TZ, { now: NOW.getTime() });
      const after = await consultar(fecha);
      expect(after.lineas.find((l) => l.numero === 2)!.dia.sap).toBe(67);
      const [count] = await rows<{ n: number }>(
        server(),
        sql`select count(*)::int as n from eficiencias e join lineas l on l.id = e.linea_id where l.numero = 2 and e.fecha = ${fecha}::date`,
      );
      expect(count!.n).toBe(1);
      await cargarFilas();
      const want = recompute(
        filas.filter((x) => x.numero === 2 && x.fecha.startsWith('2026-03') && x.fecha <= fecha),
      );
      close(after.lineas.find((l) => l.numero === 2)!.mes.sap, want.sap, 'mes SAP tras registrar');
      // A day not derived yet gets its row with SAP only: no computed figure appears.
      const nuevo = await server().gql<{ registrarEficienciaSap: { pagada: number | null; sap: number } }>(
        SAP,
        { linea: 3, fecha: '2026-02-10', valor: 71 },
        { token: admin },
      );
      expect(nuevo.data!.registrarEficienciaSap).toEqual({ fecha: '2026-02-10', pagada: null, sap: 71 });
      // Nothing computed is editable: the API has no field for it.
      const edit = await server().gql(
        `mutation { registrarEficienciaPagada(linea: 1, fecha: "${fecha}", valor: 1) { fecha } }`,
        {},
        { token: admin },
      );
      expect(edit.status).toBeLessThan(500);
      expect(edit.errors).toBeDefined();
    });

    it('refuses a bad fecha in Spanish and needs a session', async () => {
      const anon = await server().gql(QUERY, { fecha: '2026-03-03' });
      expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const bad = await server().gql(QUERY, { fecha: '1990-01-01' }, { token: admin });
      expect(bad.status).toBeLessThan(500);
      expect(bad.errors?.[0]?.message).toContain('"fecha"');
    });
  },
);
