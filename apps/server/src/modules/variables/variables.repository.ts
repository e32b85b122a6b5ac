import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import {
  CacheValidado,
  consultaHuella,
  HUELLA_DE_LAS_FILAS,
  HUELLA_TEXTO,
  huellaDe,
} from '../../db/cache-validado.ts';
import { consultaPreparada } from '../../db/preparadas.ts';
import { leerLista, lista, listaDeTextos, listaTexto } from '../../db/listas.ts';
import type { Db } from '../../db/client.ts';
import { historicos, lineas, metas, plantas, variables } from '../../db/schema/index.ts';
import { recomputeAggregates } from '../../derivations/historicos.ts';
import {
  type LineaRecord,
  type LineaRow,
  lineaColumns,
  type PlantaRecord,
  plantaColumns,
  toLinea,
} from '../lineas/lineas.repository.ts';
import { unlessDuplicate, type WriteOutcome } from '../../db/unique.ts';
import { CANDADOS } from '../../db/candados.ts';
import { rowsOf } from '../../db/rows.ts';

/** Advisory-lock namespace serialising historico writes per variable (see lockVariableHistory). */
const HISTORICOS_LOCK = CANDADOS.historicos;

export interface VariableRecord {
  id: number;
  nombre: string;
  estado: number;
  nivel: 'GLOBAL' | 'INDIVIDUAL';
  minimo: number | null;
  maximo: number | null;
  area: string;
  unidad: string;
  agregacion: 'SUMA' | 'PROMEDIO' | 'ULTIMO';
  fuente: 'MANUAL' | 'OPC' | 'CALCULADA';
  opcNodeId: string | null;
  decimales: number;
  /** Higher values are better (production, yields); false for consumptions, ratios, MTTR. */
  mayorEsMejor: boolean;
  version: number;
  linea: LineaRecord | null;
}

/** The editable fields of a variable (configuration screen); opcNodeId is the lineas/OPC screen's. */
export interface VariableValues {
  nombre: string;
  nivel: 'GLOBAL' | 'INDIVIDUAL';
  minimo: number | null;
  maximo: number | null;
  lineaId: number | null;
  area: string;
  unidad: string;
  agregacion: 'SUMA' | 'PROMEDIO' | 'ULTIMO';
  fuente: 'MANUAL' | 'OPC' | 'CALCULADA';
  decimales: number;
  mayorEsMejor: boolean;
}

export interface HistoricoRecord {
  id: number;
  fecha: string;
  diario: number;
  mensual: number | null;
  anual: number | null;
  meta: number | null;
  /** Entered by hand: the derivations from readings never overwrite it. */
  diarioManual: boolean;
  /** mensual / anual entered by hand: kept when later writes re-derive the running figures. */
  mensualManual: boolean;
  anualManual: boolean;
  version: number;
  variable: VariableRecord;
}

export interface MetaRecord {
  id: number;
  fecha: string;
  valor: number;
  version: number;
  variable: VariableRecord;
}

export interface HistoricoValues {
  fecha: string;
  diario: number;
  mensual: number | null;
  anual: number | null;
  meta: number | null;
  diarioManual: boolean;
  mensualManual: boolean;
  anualManual: boolean;
}

// ---------------------------------------------------------------- shared selections

/** Columns of a variable (without its line); planificaciones' joins select these too. */
export const variableColumns = {
  id: variables.id,
  nombre: variables.nombre,
  estado: variables.estado,
  nivel: variables.nivel,
  minimo: variables.minimo,
  maximo: variables.maximo,
  area: variables.area,
  unidad: variables.unidad,
  agregacion: variables.agregacion,
  fuente: variables.fuente,
  opcNodeId: variables.opcNodeId,
  decimales: variables.decimales,
  mayorEsMejor: variables.mayorEsMejor,
  version: variables.version,
};

type VariableRow = Omit<VariableRecord, 'linea'>;

/** A joined variable row (variable, its line and the line's plant) as a VariableRecord. */
export function toVariable(row: {
  variable: VariableRow;
  linea: LineaRow;
  planta: PlantaRecord | null;
}): VariableRecord {
  return { ...row.variable, linea: toLinea(row.linea, row.planta) };
}

/** select … from variables left join its line and the line's plant; callers add where/order. */
function variableQuery(db: Db) {
  return db
    .select({ variable: variableColumns, linea: lineaColumns, planta: plantaColumns })
    .from(variables)
    .leftJoin(lineas, eq(lineas.id, variables.lineaId))
    .leftJoin(plantas, eq(plantas.id, lineas.plantaId));
}

/** A historico's own values (HistoricoRecord without its variable). */
const historicoValueColumns = {
  id: historicos.id,
  fecha: historicos.fecha,
  diario: historicos.diario,
  mensual: historicos.mensual,
  anual: historicos.anual,
  meta: historicos.meta,
  diarioManual: historicos.diarioManual,
  mensualManual: historicos.mensualManual,
  anualManual: historicos.anualManual,
  version: historicos.version,
};

/** historicosDe's one row: each column's values joined by commas (db/listas.ts), and the fingerprints. */
type ColumnasHistoricos = Record<
  | 'id'
  | 'fecha'
  | 'diario'
  | 'mensual'
  | 'anual'
  | 'meta'
  | 'diario_manual'
  | 'mensual_manual'
  | 'anual_manual'
  | 'version'
  | 'variable_id',
  string | null
> & { huella: string; resto: string };

/** seriesDe's one row: the variable, the day (from `desde`) and the three figures a trend draws, as lists. */
type ColumnasSeries = Record<'variable_id' | 'dia' | 'diario' | 'mensual' | 'meta', string | null> & {
  huella: string | null;
  resto: string;
};

/**
 * seriesDe's statement ($1 the variables' ids, ascending; $2 and $3 the dates; $4 their names): each
 * variable's days read in order by the (variable_id, fecha) index, one variable after another (no
 * sort), joined into lists; the day as its distance from $2 (an integer: no date formatting per
 * row). With the fingerprint of the rows it read, of the variables with these names, and of every
 * line and plant (`resto`: the same as `lecturaDiaria`'s, checked by `consultaHuella` on later reads).
 */
function seriesTexto(conHuella: boolean): string {
  const huella = (tabla: string, donde: string) => `(select ${HUELLA_TEXTO} from ${tabla} where ${donde})`;
  const resto = `${huella('variables', 'nombre = any($4::text[])')} || '/' || ${huella('lineas', 'true')} || '/' || ${huella('plantas', 'true')}`;
  return `with r as (select ${resto} as resto)
    select ${listaTexto('h.variable_id')} as variable_id, ${listaTexto('h.fecha - $2::date')} as dia,
           ${listaTexto('h.diario')} as diario, ${listaTexto('h.mensual')} as mensual,
           ${listaTexto('h.meta')} as meta,
           ${conHuella ? `${HUELLA_TEXTO} || '/' || (select resto from r)` : 'null'} as huella,
           (select resto from r) as resto
    from unnest($1::int[]) v(id)
    cross join lateral (
      select variable_id, fecha, diario, mensual, meta, xmin
      from historicos
      where variable_id = v.id and fecha >= $2::date and fecha <= $3::date
      order by fecha
    ) h`;
}
const SERIES = seriesTexto(false);
const SERIES_CON_HUELLA = seriesTexto(true);

/**
 * A variable's daily values between two dates as columns: the i-th item of each list is one day,
 * `dia[i]` days after `desde` (the dates themselves are written only for a client that asks them:
 * `fechasDesde` of @planta/domain).
 */
export interface SerieHistorica {
  variable: VariableRecord;
  desde: string;
  dia: readonly number[];
  diario: readonly number[];
  mensual: readonly (number | null)[];
  meta: readonly (number | null)[];
}

/** The variables' ids in order. */
const idsDe = (vs: readonly VariableRecord[]) => vs.map((v) => v.id).sort((a, b) => a - b);

/**
 * What a read of daily values between two dates shares (historicosDe, seriesDe): the rows'
 * condition (`deHistoricos`: which variables' rows) and the fingerprints of the variables asked
 * (`deVariables`, the same ones as a condition on their table) and of every line and plant (a
 * handful of rows; renaming one is rare), each table on its own, which the embedded database
 * answers faster than a join.
 */
function lecturaDiaria(deHistoricos: SQL, deVariables: SQL, desde: string, hasta: string) {
  const dias = and(deHistoricos, gte(historicos.fecha, desde), lte(historicos.fecha, hasta))!;
  const resto = [
    huellaDe(sql`${variables}`, deVariables),
    huellaDe(sql`${lineas}`, sql`true`),
    huellaDe(sql`${plantas}`, sql`true`),
  ];
  return { dias, resto };
}

function historicoQuery(db: Db) {
  return db
    .select({
      ...historicoValueColumns,
      variable: variableColumns,
      linea: lineaColumns,
      planta: plantaColumns,
    })
    .from(historicos)
    .innerJoin(variables, eq(variables.id, historicos.variableId))
    .leftJoin(lineas, eq(lineas.id, variables.lineaId))
    .leftJoin(plantas, eq(plantas.id, lineas.plantaId));
}

type HistoricoRow = Awaited<ReturnType<typeof historicoQuery>>[number];

function toHistorico(row: HistoricoRow): HistoricoRecord {
  const { linea, planta, variable, ...rest } = row;
  return { ...rest, variable: toVariable({ variable, linea, planta }) };
}

function metaQuery(db: Db) {
  return db
    .select({
      id: metas.id,
      fecha: metas.fecha,
      valor: metas.valor,
      version: metas.version,
      variable: variableColumns,
      linea: lineaColumns,
      planta: plantaColumns,
    })
    .from(metas)
    .innerJoin(variables, eq(variables.id, metas.variableId))
    .leftJoin(lineas, eq(lineas.id, variables.lineaId))
    .leftJoin(plantas, eq(plantas.id, lineas.plantaId));
}

type MetaRow = Awaited<ReturnType<typeof metaQuery>>[number];

function toMeta(row: MetaRow): MetaRecord {
  const { linea, planta, variable, ...rest } = row;
  return { ...rest, variable: toVariable({ variable, linea, planta }) };
}

// ---------------------------------------------------------------- repository

/** The only place that builds queries for variables, historicos and metas. */
export class VariablesRepository {
  /** Daily values already read, served again while their rows are unchanged (db/cache-validado.ts). */
  private readonly diarios = new CacheValidado<{
    variables: readonly VariableRecord[];
    filas: readonly HistoricoRecord[];
  }>((v) => v.filas.length + v.variables.length);
  /** The trends' columns (seriesDe), served again while their rows are unchanged. */
  private readonly series = new CacheValidado<readonly SerieHistorica[]>((v) =>
    v.reduce((n, serie) => n + serie.dia.length + 1, 0),
  );
  /** The variables of historicosDe by their ids, kept under their own, lines' and plants' fingerprint. */
  private readonly variablesPorIds = new CacheValidado<readonly VariableRecord[]>((v) => v.length, 10_000);
  /** The variables of seriesDe by their names, kept the same way. */
  private readonly variablesPorNombres = new CacheValidado<readonly VariableRecord[]>(
    (v) => v.length,
    10_000,
  );

  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: VariablesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new VariablesRepository(tx as unknown as Db)));
  }

  /**
   * Serialises historico writes of one variable until the transaction ends, so two concurrent
   * writes cannot each recompute mensual/anual without seeing the other's day.
   */
  async lockVariableHistory(variableId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${HISTORICOS_LOCK}::int, ${variableId}::int)`);
  }

  recomputeAggregates(variableIds: readonly number[], desde: string, exceptIds: readonly number[] = []) {
    return recomputeAggregates(this.db, variableIds, desde, exceptIds);
  }

  // ------------------------------------------------------------ variables

  async listVariables(estado: number): Promise<VariableRecord[]> {
    const rows = await variableQuery(this.db)
      .where(eq(variables.estado, estado))
      .orderBy(asc(variables.nombre));
    return rows.map(toVariable);
  }

  async findVariable(id: number): Promise<VariableRecord | undefined> {
    const [row] = await variableQuery(this.db).where(eq(variables.id, id));
    return row && toVariable(row);
  }

  async findVariableByNombre(nombre: string): Promise<VariableRecord | undefined> {
    const [row] = await variableQuery(this.db).where(eq(variables.nombre, nombre));
    return row && toVariable(row);
  }

  /** The variables with these names (any estado), by nombre; unknown names are skipped. */
  async variablesByNombres(nombres: readonly string[]): Promise<VariableRecord[]> {
    if (nombres.length === 0) return [];
    const rows = await variableQuery(this.db)
      .where(inArray(variables.nombre, [...nombres]))
      .orderBy(asc(variables.nombre));
    return rows.map(toVariable);
  }

  /** The variables with these ids (any estado); unknown ids are skipped. */
  async variablesByIds(ids: readonly number[]): Promise<VariableRecord[]> {
    if (ids.length === 0) return [];
    const rows = await variableQuery(this.db).where(inArray(variables.id, [...ids]));
    return rows.map(toVariable);
  }

  /** Every variable, active or not, by nombre (the configuration screen's list). */
  async allVariables(): Promise<VariableRecord[]> {
    const rows = await variableQuery(this.db).orderBy(asc(variables.nombre));
    return rows.map(toVariable);
  }

  /** Locks the variable's row until the transaction ends (an update or estado change). */
  async lockVariable(id: number): Promise<void> {
    await this.db.select({ id: variables.id }).from(variables).where(eq(variables.id, id)).for('update');
  }

  async nombreTaken(nombre: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: variables.id })
      .from(variables)
      .where(
        and(
          sql`lower(${variables.nombre}) = lower(${nombre})`,
          exceptId === undefined ? undefined : ne(variables.id, exceptId),
        ),
      );
    return row !== undefined;
  }

  async lineaExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: lineas.id }).from(lineas).where(eq(lineas.id, id));
    return row !== undefined;
  }

  /** The new variable's id, or 'duplicate' when its nombre is taken. */
  async insertVariable(values: VariableValues): Promise<number | 'duplicate'> {
    let newId = 0;
    const outcome = await unlessDuplicate(async () => {
      const [row] = await this.db.insert(variables).values(values).returning({ id: variables.id });
      newId = row!.id;
    });
    return outcome === 'duplicate' ? outcome : newId;
  }

  /** Replaces the editable fields and bumps the version. */
  async updateVariable(id: number, values: VariableValues): Promise<WriteOutcome> {
    return unlessDuplicate(async () => {
      await this.db
        .update(variables)
        .set({ ...values, version: sql`${variables.version} + 1` })
        .where(eq(variables.id, id));
    });
  }

  async setVariableEstado(id: number, estado: number): Promise<void> {
    await this.db
      .update(variables)
      .set({ estado, version: sql`${variables.version} + 1` })
      .where(eq(variables.id, id));
  }

  // ------------------------------------------------------------ historicos (reads)

  async historicosByNombres(nombres: readonly string[], fecha: string): Promise<HistoricoRecord[]> {
    if (nombres.length === 0) return [];
    const rows = await historicoQuery(this.db)
      .where(and(inArray(variables.nombre, [...nombres]), eq(historicos.fecha, fecha)))
      .orderBy(asc(variables.nombre));
    return rows.map(toHistorico);
  }

  /**
   * The variables with these ids (any estado) and their daily rows between two dates, by fecha then
   * variable. Each row carries its variable's one record (a year of 10 variables makes no join nor
   * variable, line and plant objects per row). Served from memory while neither the rows nor the
   * variables, their lines and plants changed (db/cache-validado.ts). A first read is one statement:
   * the rows with their `xmin` (their fingerprint), and as a column the fingerprint of the
   * variables, lines and plants, whose records are kept apart (`variablesPorIds`) under it.
   */
  historicosDe(
    ids: readonly number[],
    desde: string,
    hasta: string,
  ): Promise<{ variables: readonly VariableRecord[]; filas: readonly HistoricoRecord[] }> {
    const orden = [...new Set(ids)].sort((a, b) => a - b);
    if (orden.length === 0) return Promise.resolve({ variables: [], filas: [] });
    const { dias, resto } = lecturaDiaria(
      inArray(historicos.variableId, orden),
      inArray(variables.id, orden),
      desde,
      hasta,
    );
    const clave = orden.join(',');
    return this.diarios.leer(
      this.db,
      `${clave}|${desde}|${hasta}`,
      consultaHuella(huellaDe(sql`${historicos}`, dias), ...resto),
      async (conHuella) => {
        // One row of columns (db/listas.ts) with both fingerprints: the rows' from the same scan
        // (`conHuella`: kept), the variables', lines' and plants' as a column (uncorrelated:
        // computed once).
        const [fila] = await rowsOf<ColumnasHistoricos>(
          this.db.execute(sql`
            select ${lista(sql`id`)} as id, ${listaDeTextos(sql`to_char(fecha, 'YYYY-MM-DD')`)} as fecha,
                   ${lista(sql`diario`)} as diario, ${lista(sql`mensual`)} as mensual,
                   ${lista(sql`anual`)} as anual, ${lista(sql`meta`)} as meta,
                   ${lista(sql`diario_manual`)} as diario_manual, ${lista(sql`mensual_manual`)} as mensual_manual,
                   ${lista(sql`anual_manual`)} as anual_manual, ${lista(sql`version`)} as version,
                   ${lista(sql`variable_id`)} as variable_id,
                   ${conHuella ? sql`${HUELLA_DE_LAS_FILAS} || '/' || ${sql.join(resto, sql` || '/' || `)}` : sql`null`} as huella,
                   ${sql.join(resto, sql` || '/' || `)} as resto
            from (
              select id, fecha, diario, mensual, anual, meta, diario_manual, mensual_manual, anual_manual,
                     version, variable_id, xmin
              from ${historicos}
              where ${dias}
              order by fecha, variable_id
            ) s`),
        );
        const found = fila
          ? await this.variablesPorIds.conFirma(clave, fila.resto, () => this.variablesByIds(orden))
          : await this.variablesByIds(orden);
        const byId = new Map(found.map((v) => [v.id, v]));
        const id = leerLista(fila?.id);
        const fecha = leerLista<string>(fila?.fecha);
        const diario = leerLista(fila?.diario);
        const mensual = leerLista<number | null>(fila?.mensual);
        const anual = leerLista<number | null>(fila?.anual);
        const meta = leerLista<number | null>(fila?.meta);
        const diarioManual = leerLista<boolean>(fila?.diario_manual);
        const mensualManual = leerLista<boolean>(fila?.mensual_manual);
        const anualManual = leerLista<boolean>(fila?.anual_manual);
        const version = leerLista(fila?.version);
        const variableId = leerLista(fila?.variable_id);
        const filas: HistoricoRecord[] = id.map((_, i) => ({
          id: id[i]!,
          fecha: fecha[i]!,
          diario: diario[i]!,
          mensual: mensual[i]!,
          anual: anual[i]!,
          meta: meta[i]!,
          diarioManual: diarioManual[i]!,
          mensualManual: mensualManual[i]!,
          anualManual: anualManual[i]!,
          version: version[i]!,
          variable: byId.get(variableId[i]!)!,
        }));
        return { valor: { variables: found, filas }, firma: fila?.huella ?? null };
      },
    );
  }

  /**
   * The daily values between two dates of the variables with these names (any estado; unknown
   * names are skipped), as columns by fecha (a dashboard's trends: the dates and the three figures
   * a chart draws — the day's, the month's and the target —, no row objects). One statement reads
   * the rows of the ids the names had when last read, ordered by variable then fecha so that each
   * variable's days are one run of the lists, with the fingerprint of the variables that have these
   * names now. Kept in memory while neither the rows nor those variables (one created, renamed or
   * changed), their lines and plants changed.
   */
  seriesDe(nombres: readonly string[], desde: string, hasta: string): Promise<readonly SerieHistorica[]> {
    const orden = [...new Set(nombres)].sort();
    if (orden.length === 0) return Promise.resolve([]);
    const clave = JSON.stringify(orden);
    const conNombre = inArray(variables.nombre, orden);
    // The rows are read by the ids these names had when last read (by index: a subquery on the
    // names makes PostgreSQL scan the whole table); the statement's fingerprint of the variables
    // with these names then says whether they still are those, else it reads again.
    const lectura = (ids: readonly number[]) =>
      lecturaDiaria(inArray(historicos.variableId, [...ids]), conNombre, desde, hasta);
    const leer = (ids: readonly number[], conHuella: boolean) =>
      consultaPreparada<ColumnasSeries>(this.db, conHuella ? SERIES_CON_HUELLA : SERIES, [
        ids,
        desde,
        hasta,
        orden,
      ]).then(([fila]) => fila);
    return this.idsConocidos(clave, orden).then((conocidos) => {
      const { dias, resto } = lectura(conocidos);
      return this.series.leer(
        this.db,
        `${clave}|${desde}|${hasta}`,
        consultaHuella(huellaDe(sql`${historicos}`, dias), ...resto),
        async (conHuella) => {
          // A name created, renamed or removed since the ids were known: read again with its new ones.
          let ids: readonly number[];
          let siguientes = conocidos;
          let fila: ColumnasSeries | undefined;
          let found: readonly VariableRecord[];
          do {
            ids = siguientes;
            fila = await leer(ids, conHuella);
            const resto = fila?.resto;
            found = resto
              ? await this.variablesPorNombres.conFirma(clave, resto, () => this.variablesByNombres(orden))
              : await this.variablesByNombres(orden);
            siguientes = idsDe(found);
          } while (siguientes.join() !== ids.join());
          const variableId = leerLista(fila?.variable_id);
          const dia = leerLista(fila?.dia);
          const diario = leerLista(fila?.diario);
          const mensual = leerLista<number | null>(fila?.mensual);
          const meta = leerLista<number | null>(fila?.meta);
          // Where each variable's run of days begins and ends in the lists.
          const tramos = new Map<number, [number, number]>();
          for (let i = 0; i < variableId.length; i++) {
            const tramo = tramos.get(variableId[i]!);
            if (tramo) tramo[1] = i + 1;
            else tramos.set(variableId[i]!, [i, i + 1]);
          }
          const series = found.map((variable): SerieHistorica => {
            const [a, b] = tramos.get(variable.id) ?? [0, 0];
            return Object.freeze({
              variable,
              desde,
              dia: Object.freeze(dia.slice(a, b)),
              diario: Object.freeze(diario.slice(a, b)),
              mensual: Object.freeze(mensual.slice(a, b)),
              meta: Object.freeze(meta.slice(a, b)),
            });
          });
          return { valor: Object.freeze(series), firma: fila?.huella ?? null };
        },
      );
    });
  }

  /** The ids of the variables with these names as last read (read now the first time). */
  private async idsConocidos(clave: string, orden: readonly string[]): Promise<readonly number[]> {
    return idsDe(this.variablesPorNombres.ultimo(clave) ?? (await this.variablesByNombres(orden)));
  }

  async findHistorico(id: number): Promise<HistoricoRecord | undefined> {
    const [row] = await historicoQuery(this.db).where(eq(historicos.id, id));
    return row && toHistorico(row);
  }

  /** The historico's row locked until the transaction ends (its current version and values). */
  async lockHistorico(id: number): Promise<HistoricoRecord | undefined> {
    await this.db.select({ id: historicos.id }).from(historicos).where(eq(historicos.id, id)).for('update');
    return this.findHistorico(id);
  }

  /**
   * Each variable's latest historico from desde to hasta: its mensual and anual are the month and
   * the year to date as of that day (nothing was added since).
   */
  async latestHistoricos(
    variableIds: readonly number[],
    desde: string,
    hasta: string,
  ): Promise<
    { variableId: number; fecha: string; diario: number; mensual: number | null; anual: number | null }[]
  > {
    if (variableIds.length === 0) return [];
    return this.db
      .selectDistinctOn([historicos.variableId], {
        variableId: historicos.variableId,
        fecha: historicos.fecha,
        diario: historicos.diario,
        mensual: historicos.mensual,
        anual: historicos.anual,
      })
      .from(historicos)
      .where(
        and(
          inArray(historicos.variableId, [...variableIds]),
          gte(historicos.fecha, desde),
          lte(historicos.fecha, hasta),
        ),
      )
      .orderBy(asc(historicos.variableId), desc(historicos.fecha));
  }

  /**
   * Each day's target of the variables from desde to hasta, by variable and fecha: the
   * historico's own meta, else the metas row of that date (as in dailyValues). Days without
   * either are left out.
   */
  async dailyMetas(
    variableIds: readonly number[],
    desde: string,
    hasta: string,
  ): Promise<{ variableId: number; fecha: string; meta: number }[]> {
    if (variableIds.length === 0) return [];
    const [fromHistoricos, fromMetas] = await Promise.all([
      this.db
        .select({ variableId: historicos.variableId, fecha: historicos.fecha, meta: historicos.meta })
        .from(historicos)
        .where(
          and(
            inArray(historicos.variableId, [...variableIds]),
            gte(historicos.fecha, desde),
            lte(historicos.fecha, hasta),
            isNotNull(historicos.meta),
          ),
        ),
      this.db
        .select({ variableId: metas.variableId, fecha: metas.fecha, meta: metas.valor })
        .from(metas)
        .where(
          and(inArray(metas.variableId, [...variableIds]), gte(metas.fecha, desde), lte(metas.fecha, hasta)),
        ),
    ]);
    const byDay = new Map<string, { variableId: number; fecha: string; meta: number }>();
    for (const row of fromMetas) byDay.set(`${row.variableId}|${row.fecha}`, row);
    for (const row of fromHistoricos) {
      if (row.meta !== null) byDay.set(`${row.variableId}|${row.fecha}`, { ...row, meta: row.meta });
    }
    return [...byDay.values()].sort((a, b) =>
      a.variableId !== b.variableId
        ? a.variableId - b.variableId
        : a.fecha < b.fecha
          ? -1
          : a.fecha > b.fecha
            ? 1
            : 0,
    );
  }

  /** The last date whose diario is above 0, or null. */
  async lastDateWithDiario(nombre: string): Promise<string | null> {
    const [row] = await this.db
      .select({ fecha: sql<string | null>`max(${historicos.fecha})::text` })
      .from(historicos)
      .innerJoin(variables, eq(variables.id, historicos.variableId))
      .where(and(eq(variables.nombre, nombre), gt(historicos.diario, 0)));
    return row?.fecha ?? null;
  }

  /** Daily value and target of a variable; the target is the day's own, else the metas row of that date. */
  async dailyValues(
    nombre: string,
    desde: string,
    hasta: string,
  ): Promise<{ fecha: string; diario: number; meta: number | null }[]> {
    return this.db
      .select({
        fecha: historicos.fecha,
        diario: historicos.diario,
        meta: sql<number | null>`coalesce(${historicos.meta}, ${metas.valor})`,
      })
      .from(historicos)
      .innerJoin(variables, eq(variables.id, historicos.variableId))
      .leftJoin(metas, and(eq(metas.variableId, historicos.variableId), eq(metas.fecha, historicos.fecha)))
      .where(and(eq(variables.nombre, nombre), gte(historicos.fecha, desde), lte(historicos.fecha, hasta)))
      .orderBy(asc(historicos.fecha));
  }

  /**
   * Month to date of a variable up to `fecha`: the mensual of the last row of the month on or
   * before fecha, and the plain sum of diario over the same days (for rows without mensual).
   */
  async monthToDate(
    nombre: string,
    desde: string,
    fecha: string,
  ): Promise<{ mensual: number | null; sumaDiario: number | null; filas: number }> {
    const where = and(
      eq(variables.nombre, nombre),
      gte(historicos.fecha, desde),
      lte(historicos.fecha, fecha),
    );
    const [last] = await this.db
      .select({ mensual: historicos.mensual })
      .from(historicos)
      .innerJoin(variables, eq(variables.id, historicos.variableId))
      .where(where)
      .orderBy(desc(historicos.fecha))
      .limit(1);
    const [sum] = await this.db
      .select({
        suma: sql<number | null>`sum(${historicos.diario})::float8`,
        filas: sql<number>`count(*)::int`,
      })
      .from(historicos)
      .innerJoin(variables, eq(variables.id, historicos.variableId))
      .where(where);
    return { mensual: last?.mensual ?? null, sumaDiario: sum?.suma ?? null, filas: sum?.filas ?? 0 };
  }

  /** Σ diario per month (1–12) of a variable within [desde, hasta]; months without rows are absent. */
  async monthlySums(nombre: string, desde: string, hasta: string): Promise<{ mes: number; real: number }[]> {
    const mes = sql<number>`extract(month from ${historicos.fecha})::int`;
    return this.db
      .select({ mes, real: sql<number>`sum(${historicos.diario})::float8` })
      .from(historicos)
      .innerJoin(variables, eq(variables.id, historicos.variableId))
      .where(and(eq(variables.nombre, nombre), gte(historicos.fecha, desde), lte(historicos.fecha, hasta)))
      .groupBy(mes)
      .orderBy(mes);
  }

  // ------------------------------------------------------------ historicos (writes)

  async historicoAt(variableId: number, fecha: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: historicos.id })
      .from(historicos)
      .where(
        and(
          eq(historicos.variableId, variableId),
          eq(historicos.fecha, fecha),
          exceptId === undefined ? undefined : ne(historicos.id, exceptId),
        ),
      );
    return row !== undefined;
  }

  /** The new row's id, or undefined when the variable already has a row on that date. */
  async insertHistorico(variableId: number, values: HistoricoValues): Promise<number | undefined> {
    const [row] = await this.db
      .insert(historicos)
      .values({ variableId, ...values })
      .onConflictDoNothing({ target: [historicos.variableId, historicos.fecha] })
      .returning({ id: historicos.id });
    return row?.id;
  }

  /**
   * Replaces a row's values. numerador follows diario (numerador = diario × denominador), so the
   * ratio-of-sums derivation of PROMEDIO variables stays consistent after a hand edit.
   */
  async updateHistorico(id: number, values: HistoricoValues): Promise<WriteOutcome> {
    return unlessDuplicate(async () => {
      await this.db
        .update(historicos)
        .set({
          ...values,
          numerador: sql`${values.diario}::float8 * ${historicos.denominador}`,
          version: sql`${historicos.version} + 1`,
        })
        .where(eq(historicos.id, id));
    });
  }

  // ------------------------------------------------------------ metas

  async metasOfYear(variableId: number, desde: string, hasta: string): Promise<MetaRecord[]> {
    const rows = await metaQuery(this.db)
      .where(and(eq(metas.variableId, variableId), gte(metas.fecha, desde), lte(metas.fecha, hasta)))
      .orderBy(asc(metas.fecha));
    return rows.map(toMeta);
  }

  /** The variable's meta on that date, locked until the transaction ends. */
  async lockMetaAt(variableId: number, fecha: string): Promise<MetaRecord | undefined> {
    const [row] = await this.db
      .select({ id: metas.id })
      .from(metas)
      .where(and(eq(metas.variableId, variableId), eq(metas.fecha, fecha)))
      .for('update');
    return row && this.findMeta(row.id);
  }

  async lockMeta(id: number): Promise<MetaRecord | undefined> {
    await this.db.select({ id: metas.id }).from(metas).where(eq(metas.id, id)).for('update');
    return this.findMeta(id);
  }

  /** Insert or, when the variable already has a meta on that date, replace its valor (version + 1). */
  async upsertMeta(variableId: number, fecha: string, valor: number): Promise<number> {
    const [row] = await this.db
      .insert(metas)
      .values({ variableId, fecha, valor })
      .onConflictDoUpdate({
        target: [metas.variableId, metas.fecha],
        set: { valor, version: sql`${metas.version} + 1` },
      })
      .returning({ id: metas.id });
    if (!row) throw new Error('upsert into metas returned no row');
    return row.id;
  }

  async deleteMeta(id: number): Promise<void> {
    await this.db.delete(metas).where(eq(metas.id, id));
  }

  /** The Db handle (the transaction inside transaction()), for the audit row of the same write. */
  get handle(): Db {
    return this.db;
  }

  async findMeta(id: number): Promise<MetaRecord | undefined> {
    const [row] = await metaQuery(this.db).where(eq(metas.id, id));
    return row && toMeta(row);
  }
}
