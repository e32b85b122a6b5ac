import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { zwClasificaciones, zwProyecciones, zwRegistros } from '../../db/schema/index.ts';

export interface ClasificacionRecord {
  id: number;
  descripcion: string;
  aprovechable: boolean;
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
  clasificacion: ClasificacionRecord;
}

export interface ProyeccionRecord {
  id: number;
  anio: number;
  aprovechables: number;
  noAprovechables: number;
  zeroWaste: number;
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
};

const inRange = (range: MonthRange) => and(gte(zwRegistros.mes, range.from), lt(zwRegistros.mes, range.to));

export class ZeroWasteRepository {
  constructor(private readonly db: Db) {}

  clasificaciones(): Promise<ClasificacionRecord[]> {
    return this.db
      .select(clasificacionColumns)
      .from(zwClasificaciones)
      .orderBy(asc(zwClasificaciones.descripcion));
  }

  async findClasificacion(id: number): Promise<ClasificacionRecord | undefined> {
    const [row] = await this.db
      .select(clasificacionColumns)
      .from(zwClasificaciones)
      .where(eq(zwClasificaciones.id, id));
    return row;
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
      .onConflictDoUpdate({ target: [zwRegistros.mes, zwRegistros.clasificacionId], set: { kg: values.kg } })
      .returning({ id: zwRegistros.id });
    if (!saved) throw new Error('upsert into zw_registros returned no row');
    const [row] = await this.db
      .select({
        id: zwRegistros.id,
        mes: zwRegistros.mes,
        kg: zwRegistros.kg,
        clasificacion: clasificacionColumns,
      })
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
        clasificacion: clasificacionColumns,
      })
      .from(zwProyecciones)
      .innerJoin(zwClasificaciones, eq(zwClasificaciones.id, zwProyecciones.clasificacionId));
  }
}
