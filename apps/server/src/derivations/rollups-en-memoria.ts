import { UNIT_CASE_LITRES } from '@planta/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type BulkColumn, joinInserts, unnestInserts } from '../db/bulk.ts';
import { rowsOf } from '../db/rows.ts';
import { FORMATOS, type LecturaMinuto, type MinutoScada, type ProdLinea } from './minutes.ts';

/**
 * The rollups of a production day (rollups.ts) and the air-leak sums (special-kpis.ts) computed
 * here from minute rows the caller holds in memory, instead of by the database from the rows it
 * stored: the demo history simulates each day's minutes before writing them, and on PGlite the
 * minutes CTE alone (three window passes and two sorts over 5,760 rows) costs more than the rest of
 * the day's derivation. The SQL stays the definition: these functions read the minutes exactly as
 * minutes.ts does, and demo-history-memoria.test.ts derives the same days both ways and compares
 * every table. Used only where that holds exactly: days aligned on whole hours (the hourly buckets
 * are then the day's own) and a reference with one product per line and code
 * ({@link ReferenciaMinutos.exacta}).
 */

const HORA = 3_600_000;
/** The air-leak query's window: the line's bottles in the 5 minutes from each flow reading. */
const VENTANA_FUGA = 5 * 60_000;

/** A planned stop (CIP, PLANIFICADO) of a line, by the line's number. */
export interface ParoPlanificado {
  linea: number;
  inicio: number;
  fin: number;
}

interface Formato {
  factor: number;
  litrosBotella: number;
  /** Nominal unit cases per minute of the product (null without a nominal speed). */
  cuMin: number | null;
}

/** What the minutes CTE reads besides the minutes: products, nominal speeds, lines, variables. */
export interface ReferenciaMinutos {
  /** `${linea}:${formato}` → the product; only codes other than 0. */
  formatos: Map<string, Formato>;
  /** Each line's mean nominal unit cases per minute (the `tasa` CTE). */
  tasa: Map<number, number>;
  lineaIdPorNumero: Map<number, number>;
  /** Variables with a line: their line's number, and whether they are its electric meter. */
  variables: Map<number, { nombre: string; lineaId: number; lineaNumero: number; energia: boolean }>;
  /** False when a line lists one code for two products: the SQL join then counts its minutes twice. */
  exacta: boolean;
}

export async function cargarReferenciaMinutos(db: Db): Promise<ReferenciaMinutos> {
  const filas = await rowsOf<{
    numero: number;
    formato: number | null;
    factor: number;
    litros_botella: number;
    cu_min: number | null;
  }>(
    db.execute(sql`
      with f as (${FORMATOS})
      select numero, formato, factor, litros_botella::float8 as litros_botella,
             (velocidad_paquetes_hora * factor / 60)::float8 as cu_min
      from f`),
  );
  const formatos = new Map<string, Formato>();
  const sumas = new Map<number, { suma: number; n: number }>();
  let exacta = true;
  for (const f of filas) {
    if (f.cu_min !== null) {
      const s = sumas.get(f.numero) ?? { suma: 0, n: 0 };
      s.suma += f.cu_min;
      s.n++;
      sumas.set(f.numero, s);
    }
    if (f.formato === null || f.formato === 0) continue;
    const clave = `${f.numero}:${f.formato}`;
    if (formatos.has(clave)) exacta = false;
    formatos.set(clave, { factor: f.factor, litrosBotella: f.litros_botella, cuMin: f.cu_min });
  }
  const tasa = new Map([...sumas].map(([numero, s]) => [numero, s.suma / s.n]));
  const lineas = await rowsOf<{ id: number; numero: number }>(db.execute(sql`select id, numero from lineas`));
  const lineaIdPorNumero = new Map(lineas.map((l) => [l.numero, l.id]));
  const vars = await rowsOf<{
    id: number;
    nombre: string;
    linea_id: number;
    numero: number;
    energia: boolean;
  }>(
    db.execute(sql`
      select v.id, v.nombre, v.linea_id, l.numero,
             (v.area = 'energia' and v.unidad = 'kWh' and v.nombre like 'Energía eléctrica%') as energia
      from variables v join lineas l on l.id = v.linea_id`),
  );
  const variables = new Map(
    vars.map((v) => [
      v.id,
      { nombre: v.nombre, lineaId: v.linea_id, lineaNumero: v.numero, energia: v.energia },
    ]),
  );
  return { formatos, tasa, lineaIdPorNumero, variables, exacta };
}

/** One production day's minutes, as the database would hold them once the history is complete. */
export interface MinutosDelDia {
  start: Date;
  end: Date;
  /** The day's minute rows ([start, end)), in any order. */
  scada: readonly MinutoScada[];
  /** Minute rows from `end` on (the next day's first minutes): the air-leak window reaches them. */
  siguientes: readonly MinutoScada[];
  /** The day's readings ([start, end)). */
  lecturas: readonly LecturaMinuto[];
  /** Planned stops of any day that overlap [start, end). */
  plan: readonly ParoPlanificado[];
}

export interface FilaScadaHora {
  linea: number;
  fecha: number;
  botellas: number;
  botellasLlenas: number;
  paquetes: number;
  minutosMarcha: number;
  velocidadSuma: number;
  minutos: number;
  formato: number;
}

export interface FilaContadorHora {
  lineaId: number;
  fecha: number;
  energia: number;
  eficiencia: number;
  kpiEnergia: number;
  formato: number;
}

export interface FilaAgregada {
  variableId: number;
  suma: number;
  minimo: number;
  maximo: number;
  conteo: number;
  ultimo: number;
}

/** What rollups.ts writes and returns for a whole day, and the day's air-leak sums. */
export interface RollupsDelDia {
  scadaHora: FilaScadaHora[];
  contadoresHora: FilaContadorHora[];
  lecturasHora: Array<FilaAgregada & { fecha: number }>;
  lecturasDia: FilaAgregada[];
  prodDia: ProdLinea[];
  /** special-kpis.ts's sums for the flow variable named so: mean flow while idle, and overall. */
  fugas(nombreFlujo: string): { idle: number | null; todo: number | null };
}

/** True when the day's buckets are whole hours, the case where these rollups equal the SQL's. */
export function diaEnHorasEnteras(start: Date, end: Date): boolean {
  return start.getTime() % HORA === 0 && end.getTime() % HORA === 0;
}

/** A minute as the `mm` CTE of minutes.ts sees it. */
interface Minuto extends MinutoScada {
  hora: number;
  marcha: boolean;
  paroPlan: boolean;
  buenoCu: number;
  totalCu: number;
  litros: number;
  tasaCu: number;
  nominalCu: number;
}

const porLinea = <T extends { linea: number; t: number }>(filas: readonly T[]): Map<number, T[]> => {
  const m = new Map<number, T[]>();
  for (const f of filas) {
    const l = m.get(f.linea);
    if (l) l.push(f);
    else m.set(f.linea, [f]);
  }
  for (const l of m.values()) l.sort((a, b) => a.t - b.t);
  return m;
};

/** minutes.ts `minutesCte`: each minute's product carried forward, run, planned stop, unit cases. */
function minutos(ref: ReferenciaMinutos, dia: MinutosDelDia): Map<number, Minuto[]> {
  const plan = porLinea(dia.plan.map((p) => ({ ...p, t: p.inicio })));
  const resultado = new Map<number, Minuto[]>();
  for (const [linea, filas] of porLinea(dia.scada)) {
    const paros = plan.get(linea) ?? [];
    const primero = filas.find((f) => f.formato !== 0)?.formato ?? null;
    const tasaLinea = ref.tasa.get(linea) ?? null;
    let actual: number | null = null;
    const lista: Minuto[] = [];
    for (const f of filas) {
      if (f.formato !== 0) actual = f.formato;
      const formato = f.formato !== 0 ? f.formato : (actual ?? primero ?? 0);
      const producto = formato === 0 ? undefined : ref.formatos.get(`${linea}:${formato}`);
      const marcha = f.velocidad > 0 || f.paquetes > 0 || f.botellas > 0 || f.botellasLlenas > 0;
      const buenoCu = f.paquetes * (producto?.factor ?? 0);
      const totalCu = (f.botellas * (producto?.litrosBotella ?? 0)) / UNIT_CASE_LITRES;
      const tasaCu = producto?.cuMin ?? tasaLinea ?? 0;
      // Every field named: a spread of the model's row into a wider object costs ≈ 15× more on V8.
      lista.push({
        linea: f.linea,
        t: f.t,
        velocidad: f.velocidad,
        botellas: f.botellas,
        botellasLlenas: f.botellasLlenas,
        paquetes: f.paquetes,
        formato,
        hora: Math.floor(f.t / HORA) * HORA,
        marcha,
        paroPlan: paros.some((p) => f.t >= p.inicio && f.t < p.fin),
        buenoCu,
        totalCu,
        litros: f.botellasLlenas * (producto?.litrosBotella ?? 0),
        tasaCu,
        nominalCu: marcha ? Math.max(tasaCu, totalCu, buenoCu) : 0,
      });
    }
    resultado.set(linea, lista);
  }
  return resultado;
}

/** minutes.ts `PRODUCTO_HORA`: the product that made the most packs in the hour, else ran longest. */
function productoDeLaHora(filas: readonly Minuto[]): number {
  const porFormato = new Map<number, { paquetes: number; minutos: number }>();
  for (const f of filas) {
    const p = porFormato.get(f.formato) ?? { paquetes: 0, minutos: 0 };
    p.paquetes += f.paquetes;
    p.minutos++;
    porFormato.set(f.formato, p);
  }
  const orden = [...porFormato].sort(
    ([fa, a], [fb, b]) =>
      Number(fa === 0) - Number(fb === 0) || b.paquetes - a.paquetes || b.minutos - a.minutos || fa - fb,
  );
  return orden[0]![0];
}

function agrupar<T, K>(filas: Iterable<T>, clave: (f: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const f of filas) {
    const k = clave(f);
    const l = m.get(k);
    if (l) l.push(f);
    else m.set(k, [f]);
  }
  return m;
}

function agregado(variableId: number, filas: readonly { t: number; valor: number }[]): FilaAgregada {
  let suma = 0;
  let minimo = Infinity;
  let maximo = -Infinity;
  let ultimo = filas[0]!;
  for (const f of filas) {
    suma += f.valor;
    if (f.valor < minimo) minimo = f.valor;
    if (f.valor > maximo) maximo = f.valor;
    if (f.t > ultimo.t) ultimo = f;
  }
  return { variableId, suma, minimo, maximo, conteo: filas.length, ultimo: ultimo.valor };
}

/** The day's rollups as rollupLecturas, rollupHoras and the air-leak query compute them. */
export function rollupsDelDia(ref: ReferenciaMinutos, dia: MinutosDelDia): RollupsDelDia {
  // lecturas_hora, then lecturas_dia from those hours (rollupLecturas).
  const lecturasHora: RollupsDelDia['lecturasHora'] = [];
  const porVariable = agrupar(dia.lecturas, (l) => l.variableId);
  const lecturasDia: FilaAgregada[] = [];
  const kwh = new Map<string, number>();
  for (const [variableId, filas] of porVariable) {
    const horas = agrupar(filas, (l) => Math.floor(l.t / HORA) * HORA);
    const deLaVariable = [...horas].map(([fecha, h]) => ({ ...agregado(variableId, h), fecha }));
    lecturasHora.push(...deLaVariable);
    // lecturas_dia sums the hours: the day's sum, extremes and count, the last hour's last value.
    lecturasDia.push({
      variableId,
      suma: deLaVariable.reduce((s, h) => s + h.suma, 0),
      minimo: Math.min(...deLaVariable.map((h) => h.minimo)),
      maximo: Math.max(...deLaVariable.map((h) => h.maximo)),
      conteo: deLaVariable.reduce((n, h) => n + h.conteo, 0),
      ultimo: deLaVariable.reduce((a, h) => (h.fecha > a.fecha ? h : a)).ultimo,
    });
    const variable = ref.variables.get(variableId);
    if (variable?.energia) {
      for (const h of deLaVariable) {
        const clave = `${variable.lineaId}:${h.fecha}`;
        kwh.set(clave, (kwh.get(clave) ?? 0) + h.suma);
      }
    }
  }

  // scada_hora, contadores_hora and the lines' sums (rollupHoras).
  const scadaHora: FilaScadaHora[] = [];
  const contadoresHora: FilaContadorHora[] = [];
  const prodDia: ProdLinea[] = [];
  const mm = minutos(ref, dia);
  for (const [linea, filas] of mm) {
    const lineaId = ref.lineaIdPorNumero.get(linea);
    for (const [hora, h] of agrupar(filas, (f) => f.hora)) {
      const formato = productoDeLaHora(h);
      let botellas = 0;
      let llenas = 0;
      let paquetes = 0;
      let marcha = 0;
      let velocidad = 0;
      let cu = 0;
      let litros = 0;
      let capacidad = 0;
      for (const f of h) {
        botellas += f.botellas;
        llenas += f.botellasLlenas;
        paquetes += f.paquetes;
        if (f.velocidad > 0) marcha++;
        velocidad += f.velocidad;
        cu += f.buenoCu;
        litros += f.litros;
        capacidad += f.marcha ? f.nominalCu : f.paroPlan ? 0 : f.tasaCu;
      }
      scadaHora.push({
        linea,
        fecha: hora,
        botellas,
        botellasLlenas: llenas,
        paquetes,
        minutosMarcha: marcha,
        velocidadSuma: velocidad,
        minutos: h.length,
        formato,
      });
      if (lineaId === undefined) continue;
      const energia = kwh.get(`${lineaId}:${hora}`);
      contadoresHora.push({
        lineaId,
        fecha: hora,
        energia: energia ?? 0,
        eficiencia: capacidad === 0 ? 0 : Math.min(100, (cu / capacidad) * 100),
        kpiEnergia: energia === undefined || litros === 0 ? 0 : energia / litros,
        formato,
      });
    }
    let parado = 0;
    let nParado = 0;
    const prod: ProdLinea = {
      linea,
      bueno_cu: 0,
      total_cu: 0,
      litros: 0,
      nominal_cu: 0,
      marcha: 0,
      marcha_en_paro: 0,
      tasa_parado: null,
      botellas: 0,
      llenas: 0,
    };
    for (const f of filas) {
      prod.bueno_cu += f.buenoCu;
      prod.total_cu += f.totalCu;
      prod.litros += f.litros;
      prod.nominal_cu += f.nominalCu;
      if (f.marcha) prod.marcha++;
      if (f.marcha && f.paroPlan) prod.marcha_en_paro++;
      if (!f.marcha && f.tasaCu > 0) {
        parado += f.tasaCu;
        nParado++;
      }
      prod.botellas += f.botellas;
      prod.llenas += f.botellasLlenas;
    }
    prod.tasa_parado = nParado === 0 ? null : parado / nParado;
    prodDia.push(prod);
  }

  // The air-leak query's sums: each flow reading of the day, idle when its line counted no bottle
  // in the 5 minutes from it (the next day's first minutes included).
  const botellas = porLinea([...dia.scada, ...dia.siguientes]);
  const fugas = (nombreFlujo: string) => {
    let todo = 0;
    let idle = 0;
    let n = 0;
    let nIdle = 0;
    for (const [variableId, filas] of porVariable) {
      const variable = ref.variables.get(variableId);
      if (variable?.nombre !== nombreFlujo) continue;
      const minutosLinea = botellas.get(variable.lineaNumero) ?? [];
      for (const l of filas) {
        let suma = 0;
        let alguno = false;
        // Binary search for the first minute at or after the reading.
        let lo = 0;
        let hi = minutosLinea.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (minutosLinea[mid]!.t < l.t) lo = mid + 1;
          else hi = mid;
        }
        for (let i = lo; i < minutosLinea.length && minutosLinea[i]!.t < l.t + VENTANA_FUGA; i++) {
          suma += minutosLinea[i]!.botellas;
          alguno = true;
        }
        todo += l.valor;
        n++;
        if (!alguno || suma === 0) {
          idle += l.valor;
          nIdle++;
        }
      }
    }
    return { idle: nIdle === 0 ? null : idle / nIdle, todo: n === 0 ? null : todo / n };
  };
  return { scadaHora, contadoresHora, lecturasHora, lecturasDia, prodDia, fugas };
}

const instante = (t: number) => new Date(t).toISOString();

/** A day's rollups ready for deriveProductionDay: their upserts as one statement, the lines' sums, the air leaks. */
export interface RollupsPreparados {
  escritura: SQL | null;
  prodDia: ProdLinea[];
  fugas: RollupsDelDia['fugas'];
}

export function prepararRollups(
  ref: ReferenciaMinutos,
  dia: MinutosDelDia,
  fecha: string,
): RollupsPreparados {
  const r = rollupsDelDia(ref, dia);
  return { escritura: joinInserts(insercionesRollups(r, fecha)), prodDia: r.prodDia, fugas: r.fugas };
}

/** The columns of lecturas_hora and lecturas_dia, with the one that tells their `fecha`. */
const columnasRollup = <R extends FilaAgregada>(fecha: BulkColumn<R>): BulkColumn<R>[] => [
  { name: 'variable_id', type: 'int', value: (r) => r.variableId },
  fecha,
  { name: 'suma', type: 'float8', value: (r) => r.suma },
  { name: 'minimo', type: 'float8', value: (r) => r.minimo },
  { name: 'maximo', type: 'float8', value: (r) => r.maximo },
  { name: 'conteo', type: 'int', value: (r) => r.conteo },
  { name: 'ultimo', type: 'float8', value: (r) => r.ultimo },
];

const ACTUALIZAR_ROLLUP = `on conflict (variable_id, fecha) do update set suma = excluded.suma, minimo = excluded.minimo,
  maximo = excluded.maximo, conteo = excluded.conteo, ultimo = excluded.ultimo`;

/**
 * The INSERTs of a day's rollups (built, not run), each an upsert as rollups.ts writes it: run
 * them (or join them with joinInserts) in place of rollupLecturas and rollupHoras.
 */
export function insercionesRollups(r: RollupsDelDia, fecha: string): SQL[] {
  return [
    ...unnestInserts(
      'lecturas_hora',
      columnasRollup<FilaAgregada & { fecha: number }>({
        name: 'fecha',
        type: 'timestamptz',
        value: (f) => instante(f.fecha),
      }),
      r.lecturasHora,
      ACTUALIZAR_ROLLUP,
    ),
    ...unnestInserts(
      'lecturas_dia',
      columnasRollup({ name: 'fecha', type: 'date', value: () => fecha }),
      r.lecturasDia,
      ACTUALIZAR_ROLLUP,
    ),
    ...unnestInserts(
      'scada_hora',
      [
        { name: 'linea', type: 'smallint', value: (f) => f.linea },
        { name: 'fecha', type: 'timestamptz', value: (f) => instante(f.fecha) },
        { name: 'botellas', type: 'int', value: (f) => f.botellas },
        { name: 'botellas_llenas', type: 'int', value: (f) => f.botellasLlenas },
        { name: 'paquetes', type: 'int', value: (f) => f.paquetes },
        { name: 'minutos_marcha', type: 'smallint', value: (f) => f.minutosMarcha },
        { name: 'velocidad_suma', type: 'float8', value: (f) => f.velocidadSuma },
        { name: 'minutos', type: 'smallint', value: (f) => f.minutos },
        { name: 'formato', type: 'int', value: (f) => f.formato },
      ],
      r.scadaHora,
      `on conflict (linea, fecha) do update set
        botellas = excluded.botellas, botellas_llenas = excluded.botellas_llenas, paquetes = excluded.paquetes,
        minutos_marcha = excluded.minutos_marcha, velocidad_suma = excluded.velocidad_suma,
        minutos = excluded.minutos, formato = excluded.formato`,
    ),
    ...unnestInserts(
      'contadores_hora',
      [
        { name: 'linea_id', type: 'int', value: (f) => f.lineaId },
        { name: 'fecha', type: 'timestamptz', value: (f) => instante(f.fecha) },
        { name: 'energia', type: 'float8', value: (f) => f.energia },
        { name: 'eficiencia', type: 'float8', value: (f) => f.eficiencia },
        { name: 'kpi_energia', type: 'float8', value: (f) => f.kpiEnergia },
        { name: 'formato', type: 'int', value: (f) => f.formato },
      ],
      r.contadoresHora,
      `on conflict (linea_id, fecha) do update set energia = excluded.energia, eficiencia = excluded.eficiencia,
        kpi_energia = excluded.kpi_energia, formato = excluded.formato`,
    ),
  ];
}
