import { and, asc, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineas, planificaciones, plantas, variables } from '../../db/schema/index.ts';
import { lineaColumns, plantaColumns } from '../lineas/lineas.repository.ts';
import { unlessDuplicate, type WriteOutcome } from '../../db/unique.ts';
import { toVariable, variableColumns, type VariableRecord } from '../variables/variables.repository.ts';

export interface PlanificacionRecord {
  id: number;
  fecha: string;
  negociado: number;
  aop: number;
  version: number;
  variable: VariableRecord;
}

export interface PlanificacionValues {
  variableId: number;
  fecha: string;
  negociado: number;
  aop: number;
}

function planificacionQuery(db: Db) {
  return db
    .select({
      id: planificaciones.id,
      fecha: planificaciones.fecha,
      negociado: planificaciones.negociado,
      aop: planificaciones.aop,
      version: planificaciones.version,
      variable: variableColumns,
      linea: lineaColumns,
      planta: plantaColumns,
    })
    .from(planificaciones)
    .innerJoin(variables, eq(variables.id, planificaciones.variableId))
    .leftJoin(lineas, eq(lineas.id, variables.lineaId))
    .leftJoin(plantas, eq(plantas.id, lineas.plantaId));
}

type PlanificacionRow = Awaited<ReturnType<typeof planificacionQuery>>[number];

function toPlanificacion(row: PlanificacionRow): PlanificacionRecord {
  const { linea, planta, variable, ...rest } = row;
  return { ...rest, variable: toVariable({ variable, linea, planta }) };
}

/** The only place that builds queries for planificaciones. */
export class PlanificacionesRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: PlanificacionesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new PlanificacionesRepository(tx as unknown as Db)));
  }

  /** The audit's handle: inside `transaction`, the transaction itself. */
  get handle(): Db {
    return this.db;
  }

  async listPlanificaciones(): Promise<PlanificacionRecord[]> {
    const rows = await planificacionQuery(this.db).orderBy(
      desc(planificaciones.fecha),
      asc(variables.nombre),
    );
    return rows.map(toPlanificacion);
  }

  /** The plan; `forUpdate` locks its row until the transaction ends. */
  async findPlanificacion(id: number, forUpdate = false): Promise<PlanificacionRecord | undefined> {
    const query = planificacionQuery(this.db).where(eq(planificaciones.id, id));
    const [row] = forUpdate ? await query.for('update', { of: planificaciones }) : await query;
    return row && toPlanificacion(row);
  }

  /** A variable's plans within [desde, hasta], oldest first, their rows locked until the transaction ends. */
  async planesDelRango(variableId: number, desde: string, hasta: string): Promise<PlanificacionRecord[]> {
    const rows = await planificacionQuery(this.db)
      .where(
        and(
          eq(planificaciones.variableId, variableId),
          gte(planificaciones.fecha, desde),
          lte(planificaciones.fecha, hasta),
        ),
      )
      .orderBy(asc(planificaciones.fecha))
      .for('update', { of: planificaciones });
    return rows.map(toPlanificacion);
  }

  /** The plan of the variable named `nombre` for the month starting on `mes`. */
  async planificacionOf(nombre: string, mes: string): Promise<PlanificacionRecord | undefined> {
    const [row] = await planificacionQuery(this.db).where(
      and(eq(variables.nombre, nombre), eq(planificaciones.fecha, mes)),
    );
    return row && toPlanificacion(row);
  }

  /** Plans of the variable named `nombre` within [desde, hasta], by month number. */
  async planesByMonth(
    nombre: string,
    desde: string,
    hasta: string,
  ): Promise<{ mes: number; negociado: number; aop: number }[]> {
    const mes = sql<number>`extract(month from ${planificaciones.fecha})::int`;
    return this.db
      .select({ mes, negociado: planificaciones.negociado, aop: planificaciones.aop })
      .from(planificaciones)
      .innerJoin(variables, eq(variables.id, planificaciones.variableId))
      .where(
        and(
          eq(variables.nombre, nombre),
          gte(planificaciones.fecha, desde),
          lte(planificaciones.fecha, hasta),
        ),
      )
      .orderBy(asc(planificaciones.fecha));
  }

  async planificacionExists(variableId: number, fecha: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: planificaciones.id })
      .from(planificaciones)
      .where(
        and(
          eq(planificaciones.variableId, variableId),
          eq(planificaciones.fecha, fecha),
          exceptId === undefined ? undefined : ne(planificaciones.id, exceptId),
        ),
      );
    return row !== undefined;
  }

  async insertPlanificacion(values: PlanificacionValues): Promise<number | undefined> {
    const [row] = await this.db
      .insert(planificaciones)
      .values(values)
      .onConflictDoNothing({ target: [planificaciones.variableId, planificaciones.fecha] })
      .returning({ id: planificaciones.id });
    return row?.id;
  }

  /** Writes the values and moves the version on by one. */
  async updatePlanificacion(id: number, values: Partial<PlanificacionValues>): Promise<WriteOutcome> {
    return unlessDuplicate(async () => {
      await this.db
        .update(planificaciones)
        .set({ ...values, version: sql`${planificaciones.version} + 1` })
        .where(eq(planificaciones.id, id));
    });
  }

  async deletePlanificacion(id: number): Promise<boolean> {
    const rows = await this.db
      .delete(planificaciones)
      .where(eq(planificaciones.id, id))
      .returning({ id: planificaciones.id });
    return rows.length > 0;
  }
}
