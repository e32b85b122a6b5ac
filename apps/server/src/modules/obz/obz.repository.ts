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

export interface ObzMontoValues {
  paqueteId: number;
  mes: string;
  presupuesto: number;
  real: number | null;
}

const paqueteColumns = {
  id: obzPaquetes.id,
  nombre: obzPaquetes.nombre,
  area: obzPaquetes.area,
  responsable: obzPaquetes.responsable,
};

export class ObzRepository {
  constructor(private readonly db: Db) {}

  /** Every package, by area and name (a short reference list: a dozen in a plant). */
  paquetes(): Promise<ObzPaqueteRecord[]> {
    return this.db
      .select(paqueteColumns)
      .from(obzPaquetes)
      .orderBy(asc(obzPaquetes.area), asc(obzPaquetes.nombre), asc(obzPaquetes.id))
      .limit(1000);
  }

  async findPaquete(id: number): Promise<ObzPaqueteRecord | undefined> {
    const [row] = await this.db.select(paqueteColumns).from(obzPaquetes).where(eq(obzPaquetes.id, id));
    return row;
  }

  /** Inserts or replaces the amounts of a package in a month. */
  async upsertMonto(values: ObzMontoValues): Promise<ObzMontoValues> {
    const [row] = await this.db
      .insert(obzMontos)
      .values(values)
      .onConflictDoUpdate({
        target: [obzMontos.paqueteId, obzMontos.mes],
        set: { presupuesto: values.presupuesto, real: values.real },
      })
      .returning({
        paqueteId: obzMontos.paqueteId,
        mes: obzMontos.mes,
        presupuesto: obzMontos.presupuesto,
        real: obzMontos.real,
      });
    if (!row) throw new Error('upsert into obz_montos returned no row');
    return row;
  }

  /** Packages with at least one amount in [from, to), by area and name. */
  paquetesConMontos(from: string, to: string): Promise<ObzPaqueteRecord[]> {
    return this.db
      .selectDistinct(paqueteColumns)
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
