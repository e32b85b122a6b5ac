import type { ClasePerdida } from '@planta/domain';
import { and, asc, count, desc, eq, gt, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categoriasParo,
  historicos,
  lineas,
  motivosParo,
  operadorLineas,
  paros,
  turnosHorario,
  users,
} from '../../db/schema/index.ts';
import { recomputeAggregates } from '../../derivations/historicos.ts';
import { deriveProductionDay } from '../../derivations/production-day.ts';
import { rowsOf } from '../../db/rows.ts';
import { CANDADOS } from '../../db/candados.ts';
import type { MotivoParoRecord } from '../motivos-paro/motivos-paro.dto.ts';

export type TipoParo = 'FALLA' | 'MICROPARO' | 'CAMBIO_FORMATO' | 'CIP' | 'PLANIFICADO';
export type OrigenParo = 'PLC' | 'MANUAL' | 'DEMO';

export interface LineaRecord {
  id: number;
  numero: number;
  nombre: string;
  sufijo: string;
}

export interface ParoRecord {
  id: number;
  lineaId: number;
  linea: number;
  lineaNombre: string;
  inicio: Date;
  /** Null while the stop lasts. */
  fin: Date | null;
  equipo: string;
  causa: string;
  tipo: TipoParo;
  origen: OrigenParo;
  /** Its own loss class (set with its reason); null: that of its tipo. */
  clase: ClasePerdida | null;
  motivo: MotivoParoRecord | null;
  comentario: string | null;
  codigoFalla: number | null;
  /** Who gave its reason (their name); null: nobody (a fault code, the demo) or no reason. */
  motivoPor: string | null;
  motivoEn: Date | null;
  version: number;
}

/** What giving a stop its reason writes. */
export interface MotivoValues {
  motivoId: number;
  clase: ClasePerdida;
  tipo: TipoParo;
  equipo: string;
  causa: string;
  comentario: string | null;
  motivoUsuarioId: number;
}

/** A shift of the plant as stored ('HH:MM'). */
export interface TurnoRecord {
  numero: number;
  nombre: string;
  inicio: string;
  fin: string;
}

export interface ParoValues {
  lineaId: number;
  inicio: Date;
  fin: Date;
  equipo: string;
  causa: string;
  tipo: TipoParo;
}

/** The MTTR and MTTF variables of a line ('MTTR (min)' + sufijo, 'MTTF (min)' + sufijo). */
export interface MaintenanceVariables {
  mttr: number | undefined;
  mttf: number | undefined;
}

/** One historico row of a line's MTTR or MTTF variable on a day. */
export interface HistoricoRow {
  id: number;
  variableId: number;
  diario: number;
  diarioManual: boolean;
  version: number;
}

export interface ManualRecord {
  lineaId: number;
  linea: number;
  lineaNombre: string;
  fecha: string;
  mttr: number;
  mttf: number;
  version: number;
}

/** Same key as the variables module's historico writes: one writer of a variable's history at a time. */
const HISTORICOS_LOCK = CANDADOS.historicos;
/** Serialises the paro writes of one line (the overlap check then sees the other's row). */
const PAROS_LOCK = CANDADOS.paros;

const paroColumns = {
  id: paros.id,
  lineaId: paros.lineaId,
  linea: lineas.numero,
  lineaNombre: lineas.nombre,
  inicio: paros.inicio,
  fin: paros.fin,
  equipo: paros.equipo,
  causa: paros.causa,
  tipo: paros.tipo,
  origen: paros.origen,
  clase: paros.clase,
  motivo: {
    id: motivosParo.id,
    nombre: motivosParo.nombre,
    categoriaId: motivosParo.categoriaId,
    categoria: categoriasParo.nombre,
    clase: motivosParo.clase,
    lineaIds: motivosParo.lineaIds,
    codigosFalla: motivosParo.codigosFalla,
    version: motivosParo.version,
  },
  comentario: paros.comentario,
  codigoFalla: paros.codigoFalla,
  motivoPor: users.name,
  motivoEn: paros.motivoEn,
  version: paros.version,
};

type ParoRow = Awaited<ReturnType<typeof parosQuery>>[number];

/** A stretch of time [desde, hasta): a range of production days, or one shift of a day. */
export interface Tramo {
  desde: Date;
  hasta: Date;
}

/**
 * inicio within one of the stretches: the outer bounds let the index on inicio narrow the scan;
 * with several stretches (a shift on every day) each row is then checked against them.
 */
function enTramos(tramos: readonly Tramo[]) {
  const desde = tramos[0]!.desde;
  const hasta = tramos[tramos.length - 1]!.hasta;
  return and(
    gte(paros.inicio, desde),
    lt(paros.inicio, hasta),
    tramos.length === 1
      ? undefined
      : sql`exists (select 1 from unnest(${sql.param(tramos.map((t) => t.desde.toISOString()))}::timestamptz[],
          ${sql.param(tramos.map((t) => t.hasta.toISOString()))}::timestamptz[]) as t(desde, hasta)
          where ${paros.inicio} >= t.desde and ${paros.inicio} < t.hasta)`,
  );
}

/**
 * A row as the service reads it. Drizzle gives a left-joined nested object of two tables (the
 * reason and its category) as an object of nulls, not null: no reason id, no reason.
 */
function toParo(row: ParoRow): ParoRecord {
  const { motivo, ...paro } = row;
  return {
    ...paro,
    motivo: motivo.id === null ? null : (motivo as MotivoParoRecord),
  };
}

/** The paros with their line, and their reason with its category when they have one. */
function parosQuery(db: Db) {
  return db
    .select(paroColumns)
    .from(paros)
    .innerJoin(lineas, eq(lineas.id, paros.lineaId))
    .leftJoin(motivosParo, eq(motivosParo.id, paros.motivoId))
    .leftJoin(categoriasParo, eq(categoriasParo.id, motivosParo.categoriaId))
    .leftJoin(users, eq(users.id, paros.motivoUsuarioId));
}

/** The only place that builds queries for paros and the hand-entered MTTR/MTTF. */
export class ParosRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: ParosRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new ParosRepository(tx as unknown as Db)));
  }

  get handle(): Db {
    return this.db;
  }

  async lockLinea(lineaId: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${PAROS_LOCK}::int, ${lineaId}::int)`);
  }

  async lockVariables(variableIds: readonly number[]): Promise<void> {
    for (const id of [...variableIds].sort((a, b) => a - b)) {
      await this.db.execute(sql`select pg_advisory_xact_lock(${HISTORICOS_LOCK}::int, ${id}::int)`);
    }
  }

  /** A production line (numero > 0). */
  async findLinea(id: number): Promise<LineaRecord | undefined> {
    const [row] = await this.db
      .select({ id: lineas.id, numero: lineas.numero, nombre: lineas.nombre, sufijo: lineas.sufijo })
      .from(lineas)
      .where(and(eq(lineas.id, id), gt(lineas.numero, 0)));
    return row;
  }

  async findParo(id: number, forUpdate = false): Promise<ParoRecord | undefined> {
    const query = parosQuery(this.db).where(eq(paros.id, id));
    const [row] = forUpdate ? await query.for('update', { of: paros }) : await query;
    return row && toParo(row);
  }

  /** The first paro of the line that overlaps [inicio, fin), other than `exceptId`. */
  async overlapping(
    lineaId: number,
    inicio: Date,
    fin: Date,
    exceptId: number | null,
  ): Promise<ParoRecord | undefined> {
    const [row] = await parosQuery(this.db)
      .where(
        and(
          eq(paros.lineaId, lineaId),
          lt(paros.inicio, fin),
          // An open stop lasts until further notice.
          sql`coalesce(${paros.fin}, 'infinity'::timestamptz) > ${inicio.toISOString()}::timestamptz`,
          exceptId === null ? undefined : ne(paros.id, exceptId),
        ),
      )
      .orderBy(paros.inicio)
      .limit(1);
    return row && toParo(row);
  }

  async insertParo(values: ParoValues): Promise<number> {
    const [row] = await this.db.insert(paros).values(values).returning({ id: paros.id });
    if (!row) throw new Error('insert into paros returned no row');
    return row.id;
  }

  async updateParo(id: number, values: ParoValues): Promise<void> {
    await this.db
      .update(paros)
      .set({ ...values, version: sql`${paros.version} + 1` })
      .where(eq(paros.id, id));
  }

  async deleteParo(id: number): Promise<void> {
    await this.db.delete(paros).where(eq(paros.id, id));
  }

  /** The paros that start within [start, end), of one line or all, newest first, and how many there are. */
  async listParos(
    start: Date,
    end: Date,
    lineaId: number | null,
    offset: number,
    limit: number,
  ): Promise<{ total: number; items: ParoRecord[] }> {
    const where = and(
      gte(paros.inicio, start),
      lt(paros.inicio, end),
      lineaId === null ? undefined : eq(paros.lineaId, lineaId),
    );
    const [total] = await this.db.select({ n: count() }).from(paros).where(where);
    const items = await parosQuery(this.db)
      .where(where)
      .orderBy(desc(paros.inicio), desc(paros.id))
      .offset(offset)
      .limit(limit);
    return { total: total?.n ?? 0, items: items.map(toParo) };
  }

  /**
   * The stops of a line that start within [desde, hasta), and those still open that started
   * before (an operator sees the stop in course whatever shift it began in), newest first.
   */
  async parosTurno(lineaId: number, desde: Date, hasta: Date, limit: number): Promise<ParoRecord[]> {
    const rows = await parosQuery(this.db)
      .where(
        and(
          eq(paros.lineaId, lineaId),
          lt(paros.inicio, hasta),
          or(gte(paros.inicio, desde), isNull(paros.fin)),
        ),
      )
      .orderBy(desc(paros.inicio), desc(paros.id))
      .limit(limit);
    return rows.map(toParo);
  }

  /**
   * The stops that start within one of `tramos` (ascending, not overlapping), of one line or all,
   * oldest first, after the (inicio, id) `despues` when given: one page of a walk over a range.
   */
  async parosEnTramos(
    tramos: readonly Tramo[],
    lineaId: number | null,
    despues: { inicio: Date; id: number } | null,
    limit: number,
  ): Promise<ParoRecord[]> {
    if (tramos.length === 0) return [];
    const rows = await parosQuery(this.db)
      .where(
        and(
          enTramos(tramos),
          lineaId === null ? undefined : eq(paros.lineaId, lineaId),
          despues
            ? sql`(${paros.inicio}, ${paros.id}) > (${despues.inicio.toISOString()}::timestamptz, ${despues.id}::bigint)`
            : undefined,
        ),
      )
      .orderBy(asc(paros.inicio), asc(paros.id))
      .limit(limit);
    return rows.map(toParo);
  }

  /** How many stops start within one of `tramos`, of one line or all. */
  async contarEnTramos(tramos: readonly Tramo[], lineaId: number | null): Promise<number> {
    if (tramos.length === 0) return 0;
    const [row] = await this.db
      .select({ n: count() })
      .from(paros)
      .where(and(enTramos(tramos), lineaId === null ? undefined : eq(paros.lineaId, lineaId)));
    return row?.n ?? 0;
  }

  /** The plant's shifts in the order of the production day. */
  turnos(): Promise<TurnoRecord[]> {
    return this.db
      .select({
        numero: turnosHorario.numero,
        nombre: turnosHorario.nombre,
        inicio: sql<string>`to_char(${turnosHorario.inicio}, 'HH24:MI')`,
        fin: sql<string>`to_char(${turnosHorario.fin}, 'HH24:MI')`,
      })
      .from(turnosHorario)
      .orderBy(asc(turnosHorario.numero));
  }

  /** A stop reason with its category's name (what a stop is given). */
  async findMotivo(id: number): Promise<MotivoParoRecord | undefined> {
    const [row] = await this.db
      .select(paroColumns.motivo)
      .from(motivosParo)
      .innerJoin(categoriasParo, eq(categoriasParo.id, motivosParo.categoriaId))
      .where(eq(motivosParo.id, id));
    return row as MotivoParoRecord | undefined;
  }

  /** Whether the line is one of the operator's. */
  async esLineaDeOperador(userId: number, lineaId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ lineaId: operadorLineas.lineaId })
      .from(operadorLineas)
      .where(and(eq(operadorLineas.userId, userId), eq(operadorLineas.lineaId, lineaId)));
    return row !== undefined;
  }

  /** Gives the stop its reason: who and when, its class, tipo, texts; version + 1. */
  async asignarMotivo(id: number, values: MotivoValues): Promise<void> {
    await this.db
      .update(paros)
      .set({ ...values, motivoEn: sql`now()`, version: sql`${paros.version} + 1` })
      .where(eq(paros.id, id));
  }

  /** Ends the stop at `en` (its first part keeps everything else); version + 1. */
  async acortar(id: number, en: Date): Promise<void> {
    await this.db
      .update(paros)
      .set({ fin: en, version: sql`${paros.version} + 1` })
      .where(eq(paros.id, id));
  }

  /** The second part of a split stop: [inicio, fin) without a reason, keeping line, origin, tipo and code. */
  async insertParte(
    de: ParoRecord,
    parte: { inicio: Date; fin: Date | null; equipo: string; causa: string },
  ): Promise<number> {
    const [row] = await this.db
      .insert(paros)
      .values({
        lineaId: de.lineaId,
        inicio: parte.inicio,
        fin: parte.fin,
        equipo: parte.equipo,
        causa: parte.causa,
        tipo: de.tipo,
        origen: de.origen,
        codigoFalla: de.codigoFalla,
      })
      .returning({ id: paros.id });
    if (!row) throw new Error('insert into paros returned no row');
    return row.id;
  }

  // ------------------------------------------------------------ derivations

  async maintenanceVariables(linea: LineaRecord): Promise<MaintenanceVariables> {
    const rows = await rowsOf<{ id: number; nombre: string }>(
      this.db.execute(sql`select id, nombre from variables
        where nombre in (${`MTTR (min)${linea.sufijo}`}, ${`MTTF (min)${linea.sufijo}`})`),
    );
    const byName = new Map(rows.map((r) => [r.nombre, r.id]));
    return { mttr: byName.get(`MTTR (min)${linea.sufijo}`), mttf: byName.get(`MTTF (min)${linea.sufijo}`) };
  }

  /**
   * Re-derives production days after a paro changed: the derived (not hand-entered) MTTR/MTTF rows
   * of the day are cleared first, so a day left without failures does not keep the old figures,
   * then deriveProductionDay computes the day again and mensual/anual follow.
   */
  async rederive(fechas: readonly string[], variableIds: readonly number[], timeZone: string): Promise<void> {
    const days = [...new Set(fechas)].sort();
    if (days.length === 0) return;
    await this.lockVariables(variableIds);
    for (const fecha of days) {
      if (variableIds.length > 0) {
        await this.db.execute(sql`delete from historicos
          where variable_id = any(${sql.param([...variableIds])}::int[]) and fecha = ${fecha}::date
            and not diario_manual`);
      }
      await deriveProductionDay(this.db, fecha, timeZone);
    }
    await recomputeAggregates(this.db, variableIds, days[0]!);
  }

  async recomputeAggregates(variableIds: readonly number[], desde: string): Promise<void> {
    await recomputeAggregates(this.db, variableIds, desde);
  }

  /** The day's historicos of these variables, locked for the write. */
  async historicosDelDia(variableIds: readonly number[], fecha: string): Promise<HistoricoRow[]> {
    if (variableIds.length === 0) return [];
    return this.db
      .select({
        id: historicos.id,
        variableId: historicos.variableId,
        diario: historicos.diario,
        diarioManual: historicos.diarioManual,
        version: historicos.version,
      })
      .from(historicos)
      .where(
        and(
          sql`${historicos.variableId} = any(${sql.param([...variableIds])}::int[])`,
          eq(historicos.fecha, fecha),
        ),
      )
      .for('update');
  }

  /** Whether the line has FALLA paros in [start, end) (what its MTTR/MTTF would be derived from). */
  async hasFailures(lineaId: number, start: Date, end: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: paros.id })
      .from(paros)
      .where(
        and(
          eq(paros.lineaId, lineaId),
          eq(paros.tipo, 'FALLA'),
          lt(paros.inicio, end),
          sql`coalesce(${paros.fin}, 'infinity'::timestamptz) > ${start.toISOString()}::timestamptz`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Writes a hand-entered daily value (diario_manual), bumping the row's version. */
  async writeManual(variableId: number, fecha: string, valor: number): Promise<void> {
    await this.db.execute(sql`
      insert into historicos (variable_id, fecha, diario, diario_manual, meta)
      values (${variableId}, ${fecha}::date, ${valor}, true,
              (select valor from metas where variable_id = ${variableId} and fecha = ${fecha}::date))
      on conflict (variable_id, fecha) do update set diario = excluded.diario, diario_manual = true,
        numerador = null, denominador = null, version = historicos.version + 1`);
  }

  async deleteHistoricos(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.execute(sql`delete from historicos where id = any(${sql.param([...ids])}::bigint[])`);
  }

  /**
   * The hand-entered MTTR/MTTF over [desde, hasta] (or of one line and day): one entry per line and
   * day that has both variables' rows marked diario_manual. Version: the MTTR row's (both move together).
   */
  async manuales(desde: string, hasta: string, lineaId: number | null = null): Promise<ManualRecord[]> {
    return rowsOf<ManualRecord>(
      this.db.execute(sql`
        select l.id as "lineaId", l.numero as "linea", l.nombre as "lineaNombre", r.fecha::text as "fecha",
               r.diario::float8 as "mttr", f.diario::float8 as "mttf", r.version as "version"
        from lineas l
        join variables vr on vr.nombre = 'MTTR (min)' || l.sufijo
        join variables vf on vf.nombre = 'MTTF (min)' || l.sufijo
        join historicos r on r.variable_id = vr.id and r.diario_manual
        join historicos f on f.variable_id = vf.id and f.fecha = r.fecha and f.diario_manual
        where l.numero > 0 and r.fecha between ${desde}::date and ${hasta}::date
          and (${lineaId}::int is null or l.id = ${lineaId}::int)
        order by r.fecha desc, l.numero`),
    );
  }
}
