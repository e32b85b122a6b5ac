import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
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

const count = sql<number>`count(*)::int`.mapWith(Number);

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
}
