import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { obzMontos, obzPaquetes } from '../../db/schema/index.ts';

export interface ObzPaqueteRecord {
  id: number;
  nombre: string;
  area: string;
  responsable: string;
}

export interface ObzMontoRecord {
  paqueteId: number;
  month: number;
  presupuesto: number;
  real: number | null;
}

export class ObzRepository {
  constructor(private readonly db: Db) {}

  /** Packages with at least one amount in [from, to), by area and name. */
  paquetesConMontos(from: string, to: string): Promise<ObzPaqueteRecord[]> {
    return this.db
      .selectDistinct({
        id: obzPaquetes.id,
        nombre: obzPaquetes.nombre,
        area: obzPaquetes.area,
        responsable: obzPaquetes.responsable,
      })
      .from(obzPaquetes)
      .innerJoin(obzMontos, eq(obzMontos.paqueteId, obzPaquetes.id))
      .where(and(gte(obzMontos.mes, from), lt(obzMontos.mes, to)))
      .orderBy(asc(obzPaquetes.area), asc(obzPaquetes.nombre), asc(obzPaquetes.id));
  }

  /** Amounts in [from, to), one row per package and month. */
  montos(from: string, to: string): Promise<ObzMontoRecord[]> {
    const month = sql<number>`extract(month from ${obzMontos.mes})::int`;
    return this.db
      .select({
        paqueteId: obzMontos.paqueteId,
        month,
        presupuesto: obzMontos.presupuesto,
        real: obzMontos.real,
      })
      .from(obzMontos)
      .where(and(gte(obzMontos.mes, from), lt(obzMontos.mes, to)))
      .orderBy(asc(obzMontos.paqueteId), asc(obzMontos.mes));
  }
}
