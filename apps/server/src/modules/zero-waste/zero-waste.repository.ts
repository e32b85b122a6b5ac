import { and, asc, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { zwClasificaciones, zwProyecciones, zwRegistros } from '../../db/schema/index.ts';
import { recomputeAggregates } from '../../derivations/historicos.ts';
import { deriveZeroWasteMonth } from '../../derivations/production-day.ts';
import { CANDADOS } from '../../db/candados.ts';

export interface ClasificacionRecord {
  id: number;
  descripcion: string;
  aprovechable: boolean;
  version: number;
}

/** Σ kg of one month, split by whether the classification is aprovechable. */
export interface MonthTotals {
  month: number;
  aprovechable: number;
  noAprovechable: number;
}

export interface ClasificacionTotal extends ClasificacionRecord {
  kg: number;
}

export interface RegistroRecord {
  id: number;
  mes: string;
  kg: number;
  version: number;
  clasificacion: ClasificacionRecord;
}

export interface ProyeccionRecord {
  id: number;
  anio: number;
  aprovechables: number;
  noAprovechables: number;
  zeroWaste: number;
  version: number;
  clasificacion: ClasificacionRecord;
}

export interface RegistroValues {
  mes: string;
  clasificacionId: number;
  kg: number;
}

export interface ProyeccionValues {
  anio: number;
  clasificacionId: number;
  aprovechables: number;
  noAprovechables: number;
  zeroWaste: number;
}

/** Half-open range of months [from, to), both first days of a month. */
export interface MonthRange {
  from: string;
  to: string;
}

const clasificacionColumns = {
  id: zwClasificaciones.id,
  descripcion: zwClasificaciones.descripcion,
  aprovechable: zwClasificaciones.aprovechable,
  version: zwClasificaciones.version,
};

const registroColumns = {
  id: zwRegistros.id,
  mes: zwRegistros.mes,
  kg: zwRegistros.kg,
  version: zwRegistros.version,
  clasificacion: clasificacionColumns,
};

const inRange = (range: MonthRange) => and(gte(zwRegistros.mes, range.from), lt(zwRegistros.mes, range.to));

export class ZeroWasteRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: ZeroWasteRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new ZeroWasteRepository(tx as unknown as Db)));
  }

  /** Serialises classification writes (the case-insensitive uniqueness check then sees the other's row). */
  async lockClasificaciones(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${CANDADOS.zeroWaste})`);
  }

  /** The database handle (inside a transaction: the transaction), for the audit row. */
  get handle(): Db {
    return this.db;
  }

  clasificaciones(): Promise<ClasificacionRecord[]> {
    return this.db
      .select(clasificacionColumns)
      .from(zwClasificaciones)
      .orderBy(asc(zwClasificaciones.descripcion));
  }

  async findClasificacion(id: number, forUpdate = false): Promise<ClasificacionRecord | undefined> {
    const query = this.db
      .select(clasificacionColumns)
      .from(zwClasificaciones)
      .where(eq(zwClasificaciones.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  /** A classification with this description, ignoring case and surrounding spaces, other than `exceptId`. */
  async findClasificacionByDescripcion(
    descripcion: string,
    exceptId: number | null,
  ): Promise<ClasificacionRecord | undefined> {
    const [row] = await this.db
      .select(clasificacionColumns)
      .from(zwClasificaciones)
      .where(
        and(
          sql`lower(trim(${zwClasificaciones.descripcion})) = lower(${descripcion})`,
          exceptId === null ? undefined : ne(zwClasificaciones.id, exceptId),
        ),
      )
      .limit(1);
    return row;
  }

  async insertClasificacion(values: {
    descripcion: string;
    aprovechable: boolean;
  }): Promise<ClasificacionRecord> {
    const [row] = await this.db.insert(zwClasificaciones).values(values).returning(clasificacionColumns);
    if (!row) throw new Error('insert into zw_clasificaciones returned no row');
    return row;
  }

  async updateClasificacion(
    id: number,
    values: { descripcion: string; aprovechable: boolean },
  ): Promise<ClasificacionRecord> {
    const [row] = await this.db
      .update(zwClasificaciones)
      .set({ ...values, version: sql`${zwClasificaciones.version} + 1` })
      .where(eq(zwClasificaciones.id, id))
      .returning(clasificacionColumns);
    if (!row) throw new Error('zw_clasificaciones row vanished during its update');
    return row;
  }

  async deleteClasificacion(id: number): Promise<void> {
    await this.db.delete(zwClasificaciones).where(eq(zwClasificaciones.id, id));
  }

  /** How many monthly records and projections name the classification. */
  async usoClasificacion(id: number): Promise<{ registros: number; proyecciones: number }> {
    const [r] = await this.db
      .select({ n: count() })
      .from(zwRegistros)
      .where(eq(zwRegistros.clasificacionId, id));
    const [p] = await this.db
      .select({ n: count() })
      .from(zwProyecciones)
      .where(eq(zwProyecciones.clasificacionId, id));
    return { registros: r?.n ?? 0, proyecciones: p?.n ?? 0 };
  }

  /** The months (first days) with kg of the classification. */
  async mesesDeClasificacion(id: number): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ mes: zwRegistros.mes })
      .from(zwRegistros)
      .where(eq(zwRegistros.clasificacionId, id))
      .orderBy(asc(zwRegistros.mes));
    return rows.map((r) => r.mes);
  }

  /** The month's records (mes = its first day), by classification name; locked with `forUpdate`. */
  async registrosDelMes(mes: string, forUpdate = false): Promise<RegistroRecord[]> {
    const query = this.db
      .select(registroColumns)
      .from(zwRegistros)
      .innerJoin(zwClasificaciones, eq(zwClasificaciones.id, zwRegistros.clasificacionId))
      .where(eq(zwRegistros.mes, mes))
      .orderBy(asc(zwClasificaciones.descripcion));
    return forUpdate ? query.for('update', { of: zwRegistros }) : query;
  }

  async findRegistro(
    mes: string,
    clasificacionId: number,
    forUpdate = false,
  ): Promise<RegistroRecord | undefined> {
    const query = this.db
      .select(registroColumns)
      .from(zwRegistros)
      .innerJoin(zwClasificaciones, eq(zwClasificaciones.id, zwRegistros.clasificacionId))
      .where(and(eq(zwRegistros.mes, mes), eq(zwRegistros.clasificacionId, clasificacionId)));
    const [row] = forUpdate ? await query.for('update', { of: zwRegistros }) : await query;
    return row;
  }

  async findProyeccion(
    anio: number,
    clasificacionId: number,
    forUpdate = false,
  ): Promise<ProyeccionRecord | undefined> {
    const query = this.proyeccionQuery().where(
      and(eq(zwProyecciones.anio, anio), eq(zwProyecciones.clasificacionId, clasificacionId)),
    );
    const [row] = forUpdate ? await query.for('update', { of: zwProyecciones }) : await query;
    return row;
  }

  /** Recomputes the month's ZWL variable (historico on its first day) from its records. */
  async deriveZwl(mes: string): Promise<void> {
    // A month whose kg now total 0 has no ZWL: its derived value goes (one entered by hand stays),
    // then deriveZeroWasteMonth writes it again when there is waste, and mensual/anual follow.
    const rows = (await this.db.execute(sql`
      delete from historicos h using variables v
      where v.id = h.variable_id and v.nombre = 'ZWL (%)' and h.fecha = ${mes}::date and not h.diario_manual
        and not exists (select 1 from zw_registros r where r.mes = ${mes}::date and r.kg > 0)
      returning h.variable_id`)) as unknown as { rows: { variable_id: number }[] };
    await deriveZeroWasteMonth(this.db, mes);
    if (rows.rows.length > 0) await recomputeAggregates(this.db, [rows.rows[0]!.variable_id], mes);
  }

  /** Per month of the range (only months with records), the kg sums by aprovechable. */
  monthTotals(range: MonthRange): Promise<MonthTotals[]> {
    const month = sql<number>`extract(month from ${zwRegistros.mes})::int`;
    return this.db
      .select({
        month,
        aprovechable:
          sql<number>`coalesce(sum(${zwRegistros.kg}) filter (where ${zwClasificaciones.aprovechable}), 0)`.mapWith(
            Number,
          ),
        noAprovechable:
          sql<number>`coalesce(sum(${zwRegistros.kg}) filter (where not ${zwClasificaciones.aprovechable}), 0)`.mapWith(
            Number,
          ),
      })
      .from(zwRegistros)
      .innerJoin(zwClasificaciones, eq(zwClasificaciones.id, zwRegistros.clasificacionId))
      .where(inRange(range))
      .groupBy(month)
      .orderBy(month);
  }

  /** Σ kg per classification over the range, heaviest first. */
  totalsByClasificacion(range: MonthRange): Promise<ClasificacionTotal[]> {
    const kg = sql<number>`sum(${zwRegistros.kg})`.mapWith(Number);
    return this.db
      .select({ ...clasificacionColumns, kg })
      .from(zwRegistros)
      .innerJoin(zwClasificaciones, eq(zwClasificaciones.id, zwRegistros.clasificacionId))
      .where(inRange(range))
      .groupBy(zwClasificaciones.id, zwClasificaciones.descripcion, zwClasificaciones.aprovechable)
      .orderBy(desc(kg), asc(zwClasificaciones.descripcion));
  }

  proyecciones(anio: number): Promise<ProyeccionRecord[]> {
    return this.proyeccionQuery()
      .where(eq(zwProyecciones.anio, anio))
      .orderBy(asc(zwClasificaciones.descripcion));
  }

  async upsertRegistro(values: RegistroValues): Promise<RegistroRecord> {
    const [saved] = await this.db
      .insert(zwRegistros)
      .values(values)
      .onConflictDoUpdate({
        target: [zwRegistros.mes, zwRegistros.clasificacionId],
        set: { kg: values.kg, version: sql`${zwRegistros.version} + 1` },
      })
      .returning({ id: zwRegistros.id });
    if (!saved) throw new Error('upsert into zw_registros returned no row');
    const [row] = await this.db
      .select(registroColumns)
      .from(zwRegistros)
      .innerJoin(zwClasificaciones, eq(zwClasificaciones.id, zwRegistros.clasificacionId))
      .where(eq(zwRegistros.id, saved.id));
    if (!row) throw new Error('zw_registros row vanished after upsert');
    return row;
  }

  async upsertProyeccion(values: ProyeccionValues): Promise<ProyeccionRecord> {
    const [saved] = await this.db
      .insert(zwProyecciones)
      .values(values)
      .onConflictDoUpdate({
        target: [zwProyecciones.anio, zwProyecciones.clasificacionId],
        set: {
          aprovechables: values.aprovechables,
          noAprovechables: values.noAprovechables,
          zeroWaste: values.zeroWaste,
          version: sql`${zwProyecciones.version} + 1`,
        },
      })
      .returning({ id: zwProyecciones.id });
    if (!saved) throw new Error('upsert into zw_proyecciones returned no row');
    const [row] = await this.proyeccionQuery().where(eq(zwProyecciones.id, saved.id));
    if (!row) throw new Error('zw_proyecciones row vanished after upsert');
    return row;
  }

  private proyeccionQuery() {
    return this.db
      .select({
        id: zwProyecciones.id,
        anio: zwProyecciones.anio,
        aprovechables: zwProyecciones.aprovechables,
        noAprovechables: zwProyecciones.noAprovechables,
        zeroWaste: zwProyecciones.zeroWaste,
        version: zwProyecciones.version,
        clasificacion: clasificacionColumns,
      })
      .from(zwProyecciones)
      .innerJoin(zwClasificaciones, eq(zwClasificaciones.id, zwProyecciones.clasificacionId));
  }
}
