import fs from 'node:fs';
import { createPlantModel } from '@planta/plant-model';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { historicos, variables } from '../src/db/schema/index.ts';
import { carga, estadoLimite, remocion, totalesPta, PTA } from '../src/modules/pta/pta.rules.ts';
import { createUser, describeEachDatabase, uniqueName } from './harness.ts';

// The PTA screens (/pta, /pta/resumen, /pta/acumulados): the day against the variables' limits,
// removal % and loads, a range trend, month and year totals as ratios of sums. Every figure is
// recomputed here from the raw historicos rows, read back with SQL.

describe('pta: rules', () => {
  it('load kg/d = Q m³/d × C mg/L / 1000, and removal % = (in − out) / in × 100', () => {
    expect(carga(800, 3000)).toBe(2400);
    expect(carga(null, 3000)).toBeNull();
    expect(remocion(3000, 150)).toBeCloseTo(95, 10);
    expect(remocion(0, 0)).toBeNull();
    expect(remocion(3000, null)).toBeNull();
  });

  it('judges a value against minimo/maximo, without a limit or without a value', () => {
    expect(estadoLimite(7, 6.5, 8.5)).toBe('CUMPLE');
    expect(estadoLimite(8.6, 6.5, 8.5)).toBe('NO_CUMPLE');
    expect(estadoLimite(6.4, 6.5, 8.5)).toBe('NO_CUMPLE');
    expect(estadoLimite(250, null, 250)).toBe('CUMPLE');
    expect(estadoLimite(3000, null, null)).toBe('SIN_LIMITE');
    expect(estadoLimite(null, 6.5, 8.5)).toBe('SIN_DATO');
  });

  it('period removal and energy per m³ are ratios of the sums, not means of the daily ratios', () => {
    const a = new Map([
      [PTA.afluente, 100],
      [PTA.dqoEntrada, 2000],
      [PTA.dqoSalida, 400], // 80 %
      [PTA.energia, 100], // 1 kWh/m³
    ]);
    const b = new Map([
      [PTA.afluente, 900],
      [PTA.dqoEntrada, 4000],
      [PTA.dqoSalida, 100], // 97.5 %
      [PTA.energia, 450], // 0.5 kWh/m³
    ]);
    const t = totalesPta([a, b]);
    const dqo = t.cargas.find((c) => c.clave === 'DQO')!;
    const removida = (100 * 1600 + 900 * 3900) / 1000;
    const entrada = (100 * 2000 + 900 * 4000) / 1000;
    expect(dqo.cargaRemovidaKg).toBeCloseTo(removida, 10);
    expect(dqo.remocionPct).toBeCloseTo((removida / entrada) * 100, 10);
    expect(dqo.remocionPct).not.toBeCloseTo((80 + 97.5) / 2, 1);
    expect(t.energiaKwhM3).toBeCloseTo(550 / 1000, 10);
    expect(t.energiaKwhM3).not.toBeCloseTo(0.75, 2);
    // No data: null, never 0.
    const vacio = totalesPta([]);
    expect(vacio.afluenteM3).toBeNull();
    expect(vacio.lodosKg).toBeNull();
    expect(vacio.cargas.every((c) => c.remocionPct === null && c.cargaEntradaKg === null)).toBe(true);
  });
});

const DIA = `query($fecha: Date!) {
  ptaDia(fecha: $fecha) {
    fecha fuera_de_limite con_datos
    parametros { valor estado variable { nombre unidad minimo maximo decimales } }
    remociones { clave nombre unidad entrada salida remocion_pct carga_entrada_kg carga_salida_kg carga_removida_kg minimo maximo estado }
  }
}`;
const TENDENCIA = `query($desde: Date!, $hasta: Date!) {
  ptaTendencia(desde: $desde, hasta: $hasta) { desde hasta fechas series { valores variable { nombre } } }
}`;
const TOTALES = `desde hasta dias afluente_m3 efluente_m3 lodos_kg lodos_kg_por_kg_dqo energia_kwh energia_kwh_m3
  cargas { clave nombre carga_entrada_kg carga_salida_kg carga_removida_kg remocion_pct dias }`;
const ACUMULADOS = `query($fecha: Date!) {
  ptaAcumulados(fecha: $fecha) {
    fecha mes { ${TOTALES} } anio { ${TOTALES} } meses { mes nombre_mes totales { ${TOTALES} } }
  }
}`;

/** Days of raw values written (a missing name = no historico that day). */
const DIAS: Record<string, Record<string, number>> = {
  '2026-01-10': {
    [PTA.afluente]: 620,
    [PTA.efluente]: 601.4,
    [PTA.dqoEntrada]: 3100,
    [PTA.dqoSalida]: 140,
    [PTA.dboEntrada]: 1850,
    [PTA.dboSalida]: 48,
    [PTA.sstEntrada]: 420,
    [PTA.sstSalida]: 41,
    [PTA.phEntrada]: 8.9,
    [PTA.phSalida]: 7.3,
    [PTA.temperatura]: 31.2,
    [PTA.lodos]: 850,
    [PTA.energia]: 247,
  },
  '2026-01-20': {
    [PTA.afluente]: 410,
    [PTA.efluente]: 399,
    [PTA.dqoEntrada]: 2400,
    [PTA.dqoSalida]: 95,
    [PTA.sstEntrada]: 380,
    [PTA.sstSalida]: 30,
    [PTA.phSalida]: 7.6,
    [PTA.energia]: 175,
  },
  '2026-02-03': {
    [PTA.afluente]: 700,
    [PTA.efluente]: 680,
    [PTA.dqoEntrada]: 4200,
    [PTA.dqoSalida]: 180,
    [PTA.dboEntrada]: 2500,
    [PTA.dboSalida]: 70,
    [PTA.sstEntrada]: 650,
    [PTA.sstSalida]: 60,
    [PTA.phSalida]: 7.1,
    [PTA.lodos]: 1300,
    [PTA.energia]: 275,
  },
  // Outside the limits: DQO out 320 > 250, pH out 9.1 > 8.5, temperature 42 > 40, removal < 90 %.
  '2026-02-04': {
    [PTA.afluente]: 540,
    [PTA.efluente]: 526,
    [PTA.dqoEntrada]: 2600,
    [PTA.dqoSalida]: 320,
    [PTA.dboEntrada]: 1500,
    [PTA.dboSalida]: 85,
    [PTA.sstEntrada]: 500,
    [PTA.sstSalida]: 75,
    [PTA.phEntrada]: 10.4,
    [PTA.phSalida]: 9.1,
    [PTA.temperatura]: 42,
    [PTA.lodos]: 600,
    [PTA.energia]: 220,
  },
};

interface Fila {
  fecha: string;
  nombre: string;
  diario: number;
}

describeEachDatabase('pta', (server) => {
  let token = '';
  let filas: Fila[] = [];
  let limites = new Map<string, { minimo: number | null; maximo: number | null }>();

  /** The raw value of a variable on a date, as stored. */
  const raw = (fecha: string, nombre: string) =>
    filas.find((f) => f.fecha === fecha && f.nombre === nombre)?.diario ?? null;

  beforeAll(async () => {
    const s = server();
    const db = s.database.db;
    const ref = createPlantModel({ seed: 7, timeZone: 'America/Lima' }).reference;
    const pta = ref.variables.filter((v) => v.area === 'pta');
    const inserted = await db
      .insert(variables)
      .values(
        pta.map((v) => ({
          nombre: v.nombre,
          estado: 1,
          nivel: v.nivel,
          minimo: v.minimo,
          maximo: v.maximo,
          area: v.area,
          unidad: v.unidad,
          agregacion: v.agregacion,
          fuente: v.fuente,
          opcNodeId: v.opcNodeId,
          decimales: v.decimales,
          mayorEsMejor: v.mayorEsMejor,
        })),
      )
      .returning();
    const id = new Map(inserted.map((v) => [v.nombre, v.id]));
    await db
      .insert(historicos)
      .values(
        Object.entries(DIAS).flatMap(([fecha, valores]) =>
          Object.entries(valores).map(([nombre, diario]) => ({ variableId: id.get(nombre)!, fecha, diario })),
        ),
      );
    // The raw records, read back with SQL: every figure below is recomputed from these.
    const result = await db.execute(sql`
      select h.fecha::text as fecha, v.nombre, h.diario
      from historicos h join variables v on v.id = h.variable_id where v.area = 'pta'`);
    filas = (result as unknown as { rows: Fila[] }).rows.map((r) => ({ ...r, diario: Number(r.diario) }));
    const vs = await db.execute(sql`select nombre, minimo, maximo from variables where area = 'pta'`);
    limites = new Map(
      (
        vs as unknown as { rows: { nombre: string; minimo: number | null; maximo: number | null }[] }
      ).rows.map((r) => [r.nombre, { minimo: r.minimo, maximo: r.maximo }]),
    );
    // Any logged-in user reads the PTA (like the other plant screens): a user without a role.
    const username = uniqueName('pta');
    const admin = await s.login();
    await createUser(s, admin.access_token, { username });
    token = (await s.login(username, 'clave-usuario-1')).access_token;
  });

  it('gives each parameter of the day against its limits, flagging the ones outside', async () => {
    const fecha = '2026-02-04';
    const r = await server().gql(DIA, { fecha }, { token });
    expect(r.errors).toBeUndefined();
    const dia = r.data!.ptaDia;
    expect(dia.fecha).toBe(fecha);
    // Every PTA variable but the calculated ones (recomputed from their inputs), in display order.
    expect(
      dia.parametros.map((p: { variable: { nombre: string } }) => p.variable.nombre).slice(0, 4),
    ).toEqual([PTA.afluente, PTA.efluente, PTA.dqoEntrada, PTA.dqoSalida]);
    expect(dia.parametros.some((p: any) => p.variable.nombre === PTA.remocionDqo)).toBe(false);
    let fuera = 0;
    for (const p of dia.parametros) {
      const valor = raw(fecha, p.variable.nombre);
      expect(p.valor).toBe(valor);
      const l = limites.get(p.variable.nombre)!;
      const esperado =
        valor === null
          ? 'SIN_DATO'
          : l.minimo === null && l.maximo === null
            ? 'SIN_LIMITE'
            : (l.minimo !== null && valor < l.minimo) || (l.maximo !== null && valor > l.maximo)
              ? 'NO_CUMPLE'
              : 'CUMPLE';
      expect(p.estado, p.variable.nombre).toBe(esperado);
      if (esperado === 'NO_CUMPLE') fuera += 1;
    }
    const estado = (nombre: string) => dia.parametros.find((p: any) => p.variable.nombre === nombre).estado;
    expect(estado(PTA.dqoSalida)).toBe('NO_CUMPLE');
    expect(estado(PTA.phSalida)).toBe('NO_CUMPLE');
    expect(estado(PTA.temperatura)).toBe('NO_CUMPLE');
    expect(estado(PTA.sstSalida)).toBe('CUMPLE');
    expect(estado(PTA.od)).toBe('SIN_DATO');

    const qIn = raw(fecha, PTA.afluente)!;
    const qOut = raw(fecha, PTA.efluente)!;
    const pares = [
      ['DQO', PTA.dqoEntrada, PTA.dqoSalida],
      ['DBO5', PTA.dboEntrada, PTA.dboSalida],
      ['SST', PTA.sstEntrada, PTA.sstSalida],
    ] as const;
    for (const [clave, entrada, salida] of pares) {
      const rem = dia.remociones.find((x: any) => x.clave === clave);
      const cin = raw(fecha, entrada)!;
      const cout = raw(fecha, salida)!;
      expect(rem.entrada).toBe(cin);
      expect(rem.salida).toBe(cout);
      expect(rem.remocion_pct).toBeCloseTo(((cin - cout) / cin) * 100, 9);
      expect(rem.carga_entrada_kg).toBeCloseTo((qIn * cin) / 1000, 9);
      expect(rem.carga_salida_kg).toBeCloseTo((qOut * cout) / 1000, 9);
      expect(rem.carga_removida_kg).toBeCloseTo((qIn * (cin - cout)) / 1000, 9);
    }
    // The DQO removal is judged against 'Remoción DQO (%)' minimo (90): 2600 → 320 is 87.7 %.
    const dqo = dia.remociones.find((x: any) => x.clave === 'DQO');
    expect(dqo.minimo).toBe(limites.get(PTA.remocionDqo)!.minimo);
    expect(dqo.estado).toBe('NO_CUMPLE');
    expect(dia.remociones.find((x: any) => x.clave === 'SST').estado).toBe('SIN_LIMITE');
    expect(dia.fuera_de_limite).toBe(fuera + 1);
    expect(dia.con_datos).toBe(Object.keys(DIAS[fecha]!).length);
  });

  it('shows a day without records as no data (null), never 0', async () => {
    const r = await server().gql(DIA, { fecha: '2026-02-05' }, { token });
    expect(r.errors).toBeUndefined();
    const dia = r.data!.ptaDia;
    expect(dia.parametros.length).toBeGreaterThan(10);
    expect(dia.parametros.every((p: any) => p.valor === null && p.estado === 'SIN_DATO')).toBe(true);
    expect(dia.remociones.every((x: any) => x.remocion_pct === null && x.carga_entrada_kg === null)).toBe(
      true,
    );
    expect(dia.fuera_de_limite).toBe(0);
    expect(dia.con_datos).toBe(0);
  });

  it('gives each parameter day by day over a range, null where a day has none', async () => {
    const r = await server().gql(TENDENCIA, { desde: '2026-01-09', hasta: '2026-02-04' }, { token });
    expect(r.errors).toBeUndefined();
    const t = r.data!.ptaTendencia;
    expect(t.fechas).toHaveLength(27);
    expect(t.fechas[0]).toBe('2026-01-09');
    expect(t.fechas.at(-1)).toBe('2026-02-04');
    for (const serie of t.series) {
      expect(serie.valores).toHaveLength(27);
      serie.valores.forEach((v: number | null, i: number) =>
        expect(v).toBe(raw(t.fechas[i], serie.variable.nombre)),
      );
    }
  });

  it('totals the month and the year to the date as ratios of the sums, month by month', async () => {
    const fecha = '2026-02-04';
    const r = await server().gql(ACUMULADOS, { fecha }, { token });
    expect(r.errors).toBeUndefined();
    const a = r.data!.ptaAcumulados;

    /** The period's figures recomputed from the raw rows, one by one. */
    const esperado = (desde: string, hasta: string) => {
      const fechas = [...new Set(filas.map((f) => f.fecha))].filter((f) => f >= desde && f <= hasta);
      const sum = (fn: (f: string) => number | null) => {
        const vals = fechas.map(fn).filter((v): v is number => v !== null);
        return vals.length === 0 ? null : vals.reduce((x, y) => x + y, 0);
      };
      const both = (x: string, y: string) => (f: string) =>
        raw(f, x) !== null && raw(f, y) !== null ? raw(f, x) : null;
      const cargas = (
        [
          ['DQO', PTA.dqoEntrada, PTA.dqoSalida],
          ['DBO5', PTA.dboEntrada, PTA.dboSalida],
          ['SST', PTA.sstEntrada, PTA.sstSalida],
        ] as const
      ).map(([clave, cin, cout]) => {
        const completo = (f: string) =>
          raw(f, PTA.afluente) !== null && raw(f, cin) !== null && raw(f, cout) !== null;
        const removida = sum((f) =>
          completo(f) ? (raw(f, PTA.afluente)! * (raw(f, cin)! - raw(f, cout)!)) / 1000 : null,
        );
        const entradaCompletos = sum((f) =>
          completo(f) ? (raw(f, PTA.afluente)! * raw(f, cin)!) / 1000 : null,
        );
        return {
          clave,
          entrada: sum((f) =>
            raw(f, PTA.afluente) !== null && raw(f, cin) !== null
              ? (raw(f, PTA.afluente)! * raw(f, cin)!) / 1000
              : null,
          ),
          salida: sum((f) =>
            raw(f, PTA.efluente) !== null && raw(f, cout) !== null
              ? (raw(f, PTA.efluente)! * raw(f, cout)!) / 1000
              : null,
          ),
          removida,
          pct: removida === null || !entradaCompletos ? null : (removida / entradaCompletos) * 100,
        };
      });
      const dqoRemovidaConLodos = sum((f) =>
        raw(f, PTA.lodos) !== null && raw(f, PTA.dqoEntrada) !== null && raw(f, PTA.dqoSalida) !== null
          ? (raw(f, PTA.afluente)! * (raw(f, PTA.dqoEntrada)! - raw(f, PTA.dqoSalida)!)) / 1000
          : null,
      );
      const lodosConDqo = sum((f) =>
        raw(f, PTA.dqoEntrada) !== null && raw(f, PTA.dqoSalida) !== null ? raw(f, PTA.lodos) : null,
      );
      const energia = sum(both(PTA.energia, PTA.afluente));
      const qConEnergia = sum(both(PTA.afluente, PTA.energia));
      return {
        afluente: sum((f) => raw(f, PTA.afluente)),
        efluente: sum((f) => raw(f, PTA.efluente)),
        lodos: sum((f) => raw(f, PTA.lodos)),
        energia: sum((f) => raw(f, PTA.energia)),
        kwhM3: energia === null || qConEnergia === null ? null : energia / qConEnergia,
        lodosPorKg:
          lodosConDqo === null || dqoRemovidaConLodos === null ? null : lodosConDqo / dqoRemovidaConLodos,
        cargas,
        dias: fechas.filter((f) => raw(f, PTA.afluente) !== null).length,
      };
    };
    const comparar = (got: any, e: ReturnType<typeof esperado>) => {
      const close = (x: number | null, y: number | null) =>
        y === null ? expect(x).toBeNull() : expect(x).toBeCloseTo(y, 6);
      close(got.afluente_m3, e.afluente);
      close(got.efluente_m3, e.efluente);
      close(got.lodos_kg, e.lodos);
      close(got.energia_kwh, e.energia);
      close(got.energia_kwh_m3, e.kwhM3);
      close(got.lodos_kg_por_kg_dqo, e.lodosPorKg);
      expect(got.dias).toBe(e.dias);
      for (const c of e.cargas) {
        const g = got.cargas.find((x: any) => x.clave === c.clave);
        close(g.carga_entrada_kg, c.entrada);
        close(g.carga_salida_kg, c.salida);
        close(g.carga_removida_kg, c.removida);
        close(g.remocion_pct, c.pct);
      }
    };
    expect(a.mes.desde).toBe('2026-02-01');
    expect(a.anio.desde).toBe('2026-01-01');
    comparar(a.mes, esperado('2026-02-01', fecha));
    comparar(a.anio, esperado('2026-01-01', fecha));
    expect(a.meses.map((m: any) => m.nombre_mes)).toEqual(['Enero', 'Febrero']);
    comparar(a.meses[0].totales, esperado('2026-01-01', '2026-01-31'));
    comparar(a.meses[1].totales, esperado('2026-02-01', fecha));
    // The year's removal is not the mean of the months' removals.
    const dqo = (t: any) => t.cargas.find((c: any) => c.clave === 'DQO').remocion_pct;
    expect(dqo(a.anio)).not.toBeCloseTo((dqo(a.meses[0].totales) + dqo(a.meses[1].totales)) / 2, 4);
    // Sludge per kg DQO removed in DOMAIN's range (0.3–0.5 kg SST/kg DQO) for these records.
    expect(a.anio.lodos_kg_por_kg_dqo).toBeGreaterThan(0.3);
    expect(a.anio.lodos_kg_por_kg_dqo).toBeLessThan(0.5);

    // A month without records: its row is all null (shown as "—"), never 0.
    const marzo = await server().gql(ACUMULADOS, { fecha: '2026-03-15' }, { token });
    const m = marzo.data!.ptaAcumulados;
    expect(m.meses).toHaveLength(3);
    expect(m.mes.afluente_m3).toBeNull();
    expect(m.mes.energia_kwh_m3).toBeNull();
    expect(m.mes.dias).toBe(0);
    expect(m.mes.cargas.every((c: any) => c.remocion_pct === null)).toBe(true);
    comparar(m.anio, esperado('2026-01-01', '2026-03-15'));
  });

  it('refuses bad dates and ranges with a Spanish error naming the field, and anonymous requests', async () => {
    const bad = async (query: string, variables: Record<string, unknown>, field: string, text: RegExp) => {
      const r = await server().gql(query, variables, { token });
      const e = r.errors![0]!;
      expect(r.status).toBeLessThan(500);
      expect(r.data).toBeNull();
      expect(e.extensions?.code).toBe('BAD_USER_INPUT');
      expect(e.message, JSON.stringify(r.errors)).toMatch(text);
      expect(e.message).toContain(`"${field}"`);
      // Checked by the service (not by the Date scalar): the field is also in the extensions.
      if (!/Fecha inválida/.test(e.message)) expect(e.extensions?.field).toBe(field);
    };
    await bad(DIA, { fecha: '2026-02-30' }, 'fecha', /Fecha inválida/);
    await bad(DIA, { fecha: '1900-01-01' }, 'fecha', /"fecha" debe estar entre los años/);
    await bad(ACUMULADOS, { fecha: '3000-01-01' }, 'fecha', /"fecha" debe estar entre los años/);
    await bad(TENDENCIA, { desde: '2026-02-04', hasta: '2026-01-01' }, 'desde', /"desde" debe ser anterior/);
    // The longest range the screen offers (180 days) passes the request gate's cost estimate.
    const largo = await server().gql(TENDENCIA, { desde: '2024-01-01', hasta: '2024-06-28' }, { token });
    expect(largo.errors).toBeUndefined();
    expect(largo.data!.ptaTendencia.fechas).toHaveLength(180);
    // The screen's own query (apps/web) over its longest range passes too.
    const web = fs.readFileSync(
      new URL('../../web/src/features/pta/api/pta.graphql', import.meta.url),
      'utf8',
    );
    const pantalla = /query PtaTendencia[\s\S]*?\n}\n/.exec(web)![0];
    const r180 = await server().gql(pantalla, { desde: '2024-01-01', hasta: '2024-06-28' }, { token });
    expect(r180.errors).toBeUndefined();
    expect(r180.data!.ptaTendencia.series.length).toBeGreaterThan(10);
    // Over a year: refused before it runs (the request gate, or the service), naming "hasta".
    const largo2 = await server().gql(TENDENCIA, { desde: '2024-01-01', hasta: '2026-01-01' }, { token });
    expect(largo2.status).toBeLessThan(500);
    expect(largo2.data).toBeNull();
    expect(largo2.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
    expect(largo2.errors![0]!.extensions?.field).toBe('hasta');
    expect(largo2.errors![0]!.message).toMatch(/no puede superar 366 días/);
    const anon = await server().gql(DIA, { fecha: '2026-02-04' });
    expect(anon.status).toBe(401);
    expect(anon.errors![0]!.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
