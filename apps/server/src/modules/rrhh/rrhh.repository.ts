import { and, asc, countDistinct, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { asistencias, empleados, horasExtra, presupuestosHorasExtra } from '../../db/schema/index.ts';

export interface EmpleadoRecord {
  id: number;
  codigo: string;
  nombre: string;
  area: string;
  puesto: string;
  activo: boolean;
}

export type TipoHoraExtra = 'DOBLE' | 'TRIPLE';
export type EstadoAsistencia = 'PRESENTE' | 'FALTA' | 'VACACIONES' | 'INCAPACIDAD' | 'PERMISO';

/** Inclusive range of dates (YYYY-MM-DD). */
export interface DateRange {
  desde: string;
  hasta: string;
}

export interface OvertimeDayTotal {
  fecha: string;
  area: string;
  tipo: TipoHoraExtra;
  horas: number;
}

export interface OvertimeBudget {
  area: string;
  /** First day of the month. */
  mes: string;
  horas: number;
}

export interface OvertimeRecord {
  id: number;
  fecha: string;
  horas: number;
  tipo: TipoHoraExtra;
  motivo: string;
  empleado: EmpleadoRecord;
}

export interface AttendanceCount {
  estado: EstadoAsistencia;
  n: number;
}

const empleadoColumns = {
  id: empleados.id,
  codigo: empleados.codigo,
  nombre: empleados.nombre,
  area: empleados.area,
  puesto: empleados.puesto,
  activo: empleados.activo,
};

export interface OvertimeEmployeeTotal {
  empleado: EmpleadoRecord;
  horas: number;
  horas_dobles: number;
  horas_triples: number;
  dias: number;
}

export interface AbsenceRecord {
  fecha: string;
  estado: EstadoAsistencia;
  empleado: EmpleadoRecord;
}

const count = sql<number>`count(*)::int`.mapWith(Number);
const sumHoras = (tipo?: TipoHoraExtra) =>
  (tipo
    ? sql<number>`coalesce(sum(${horasExtra.horas}) filter (where ${horasExtra.tipo} = ${tipo}), 0)`
    : sql<number>`coalesce(sum(${horasExtra.horas}), 0)`
  ).mapWith(Number);

export class RrhhRepository {
  constructor(private readonly db: Db) {}

  empleados(activo?: boolean): Promise<EmpleadoRecord[]> {
    return this.db
      .select(empleadoColumns)
      .from(empleados)
      .where(activo === undefined ? undefined : eq(empleados.activo, activo))
      .orderBy(asc(empleados.area), asc(empleados.nombre), asc(empleados.codigo));
  }

  /** Σ overtime hours per day, area (of the employee) and type. */
  overtimeByDay(range: DateRange, area?: string): Promise<OvertimeDayTotal[]> {
    return this.db
      .select({
        fecha: horasExtra.fecha,
        area: empleados.area,
        tipo: horasExtra.tipo,
        horas: sql<number>`sum(${horasExtra.horas})`.mapWith(Number),
      })
      .from(horasExtra)
      .innerJoin(empleados, eq(empleados.id, horasExtra.empleadoId))
      .where(
        and(
          gte(horasExtra.fecha, range.desde),
          lte(horasExtra.fecha, range.hasta),
          area === undefined ? undefined : eq(empleados.area, area),
        ),
      )
      .groupBy(horasExtra.fecha, empleados.area, horasExtra.tipo)
      .orderBy(asc(horasExtra.fecha), asc(empleados.area));
  }

  /** Monthly overtime budgets whose month starts in [fromMonth, toMonth] (first days of months). */
  budgets(fromMonth: string, toMonth: string, area?: string): Promise<OvertimeBudget[]> {
    return this.db
      .select({
        area: presupuestosHorasExtra.area,
        mes: presupuestosHorasExtra.mes,
        horas: presupuestosHorasExtra.horas,
      })
      .from(presupuestosHorasExtra)
      .where(
        and(
          gte(presupuestosHorasExtra.mes, fromMonth),
          lte(presupuestosHorasExtra.mes, toMonth),
          area === undefined ? undefined : eq(presupuestosHorasExtra.area, area),
        ),
      )
      .orderBy(asc(presupuestosHorasExtra.mes), asc(presupuestosHorasExtra.area));
  }

  overtimeDetail(range: DateRange, area?: string): Promise<OvertimeRecord[]> {
    return this.db
      .select({
        id: horasExtra.id,
        fecha: horasExtra.fecha,
        horas: horasExtra.horas,
        tipo: horasExtra.tipo,
        motivo: horasExtra.motivo,
        empleado: empleadoColumns,
      })
      .from(horasExtra)
      .innerJoin(empleados, eq(empleados.id, horasExtra.empleadoId))
      .where(
        and(
          gte(horasExtra.fecha, range.desde),
          lte(horasExtra.fecha, range.hasta),
          area === undefined ? undefined : eq(empleados.area, area),
        ),
      )
      .orderBy(asc(horasExtra.fecha), asc(empleados.area), asc(empleados.codigo), asc(horasExtra.tipo));
  }

  /** Attendance rows of one day, counted per area (of the employee) and state. */
  attendanceByArea(fecha: string): Promise<(AttendanceCount & { area: string })[]> {
    return this.db
      .select({ area: empleados.area, estado: asistencias.estado, n: count })
      .from(asistencias)
      .innerJoin(empleados, eq(empleados.id, asistencias.empleadoId))
      .where(eq(asistencias.fecha, fecha))
      .groupBy(empleados.area, asistencias.estado)
      .orderBy(asc(empleados.area));
  }

  /** Attendance rows counted per day and state over a range, for one area or all. */
  attendanceByDay(range: DateRange, area?: string): Promise<(AttendanceCount & { fecha: string })[]> {
    return this.db
      .select({ fecha: asistencias.fecha, estado: asistencias.estado, n: count })
      .from(asistencias)
      .innerJoin(empleados, eq(empleados.id, asistencias.empleadoId))
      .where(
        and(
          gte(asistencias.fecha, range.desde),
          lte(asistencias.fecha, range.hasta),
          area === undefined ? undefined : eq(empleados.area, area),
        ),
      )
      .groupBy(asistencias.fecha, asistencias.estado)
      .orderBy(asc(asistencias.fecha));
  }

  /** The areas that have employees, alphabetical. */
  async areas(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ area: empleados.area })
      .from(empleados)
      .orderBy(asc(empleados.area));
    return rows.map((r) => r.area);
  }

  /** Days present (attendance PRESENTE) per day and area of the employee. */
  presentByDayArea(range: DateRange, area?: string): Promise<{ fecha: string; area: string; n: number }[]> {
    return this.db
      .select({ fecha: asistencias.fecha, area: empleados.area, n: count })
      .from(asistencias)
      .innerJoin(empleados, eq(empleados.id, asistencias.empleadoId))
      .where(
        and(
          eq(asistencias.estado, 'PRESENTE'),
          gte(asistencias.fecha, range.desde),
          lte(asistencias.fecha, range.hasta),
          area === undefined ? undefined : eq(empleados.area, area),
        ),
      )
      .groupBy(asistencias.fecha, empleados.area)
      .orderBy(asc(asistencias.fecha), asc(empleados.area));
  }

  /** Employees with overtime in the range: the `limit` with the most hours (ties by code). */
  overtimeByEmployee(
    range: DateRange,
    area: string | undefined,
    limit: number,
  ): Promise<OvertimeEmployeeTotal[]> {
    const horas = sumHoras();
    return this.db
      .select({
        empleado: empleadoColumns,
        horas,
        horas_dobles: sumHoras('DOBLE'),
        horas_triples: sumHoras('TRIPLE'),
        dias: countDistinct(horasExtra.fecha).mapWith(Number),
      })
      .from(horasExtra)
      .innerJoin(empleados, eq(empleados.id, horasExtra.empleadoId))
      .where(this.overtimeWhere(range, area))
      .groupBy(empleados.id)
      .orderBy(desc(horas), asc(empleados.codigo))
      .limit(limit);
  }

  /** Employees with overtime in the range. */
  async overtimeEmployeeCount(range: DateRange, area?: string): Promise<number> {
    const [row] = await this.db
      .select({ n: countDistinct(horasExtra.empleadoId).mapWith(Number) })
      .from(horasExtra)
      .innerJoin(empleados, eq(empleados.id, horasExtra.empleadoId))
      .where(this.overtimeWhere(range, area));
    return row?.n ?? 0;
  }

  /** How often each reason was given, per employee, in the range (most frequent first). */
  overtimeReasons(
    range: DateRange,
    empleadoIds: number[],
  ): Promise<{ empleadoId: number; motivo: string; n: number }[]> {
    if (empleadoIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({ empleadoId: horasExtra.empleadoId, motivo: horasExtra.motivo, n: count })
      .from(horasExtra)
      .where(this.overtimeWhere(range, undefined, empleadoIds))
      .groupBy(horasExtra.empleadoId, horasExtra.motivo)
      .orderBy(asc(horasExtra.empleadoId), desc(count), asc(horasExtra.motivo));
  }

  /** Everyone not present on the day, by area and name. */
  absences(fecha: string, area?: string): Promise<AbsenceRecord[]> {
    return this.db
      .select({ fecha: asistencias.fecha, estado: asistencias.estado, empleado: empleadoColumns })
      .from(asistencias)
      .innerJoin(empleados, eq(empleados.id, asistencias.empleadoId))
      .where(
        and(
          eq(asistencias.fecha, fecha),
          ne(asistencias.estado, 'PRESENTE'),
          area === undefined ? undefined : eq(empleados.area, area),
        ),
      )
      .orderBy(asc(empleados.area), asc(empleados.nombre), asc(empleados.codigo));
  }

  private overtimeWhere(range: DateRange, area?: string, empleadoIds?: number[]) {
    return and(
      gte(horasExtra.fecha, range.desde),
      lte(horasExtra.fecha, range.hasta),
      area === undefined ? undefined : eq(empleados.area, area),
      empleadoIds === undefined ? undefined : inArray(horasExtra.empleadoId, empleadoIds),
    );
  }
}
