import { addDays, isIsoDate, round2, weekStart } from '@planta/domain';
import { z } from 'zod';
import { parseInput } from '../../validation.ts';
import type { Viewer } from '../auth/auth.service.ts';
import { requireHumanResources } from '../auth/guards.ts';
import type {
  AttendanceCount,
  DateRange,
  EmpleadoRecord,
  OvertimeRecord,
  RrhhRepository,
} from './rrhh.repository.ts';

/** Longest range a query may ask for, in days (both ends included). */
export const MAX_RANGE_DAYS = 366;

export interface OvertimeWeekRow {
  /** Monday of the ISO week. */
  semana: string;
  area: string;
  horas: number;
  horas_dobles: number;
  horas_triples: number;
  presupuesto: number;
  porcentaje_presupuesto: number | null;
}

export interface AttendanceSummary {
  programados: number;
  presentes: number;
  faltas: number;
  vacaciones: number;
  incapacidades: number;
  permisos: number;
  asistencia_pct: number | null;
}

const DAY_MS = 86_400_000;
const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
function daysInMonth(date: string): number {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();
}
function* eachDay(range: DateRange): Generator<string> {
  for (let day = range.desde; day <= range.hasta; day = addDays(day, 1)) yield day;
}

const fecha = (field: string) =>
  z
    .string({ error: `El campo "${field}" es obligatorio` })
    .refine(isIsoDate, `El campo "${field}" debe ser una fecha AAAA-MM-DD`)
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= 2000 && year <= 2100;
    }, `El campo "${field}" debe estar entre los años 2000 y 2100`);

const area = z
  .string({ error: 'El campo "area" debe ser texto' })
  .trim()
  .max(100, 'El campo "area" admite como máximo 100 caracteres')
  .nullish()
  .transform((value) => value || undefined);

const rangeSchema = z
  .object({ desde: fecha('desde'), hasta: fecha('hasta'), area })
  .superRefine((value, ctx) => {
    if (value.hasta < value.desde) {
      ctx.addIssue({
        code: 'custom',
        path: ['hasta'],
        message: 'El campo "hasta" no puede ser anterior a "desde"',
      });
    } else if ((toUtc(value.hasta) - toUtc(value.desde)) / DAY_MS + 1 > MAX_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['hasta'],
        message: `El rango entre "desde" y "hasta" no puede superar ${MAX_RANGE_DAYS} días`,
      });
    }
  });

const daySchema = z.object({ fecha: fecha('fecha') });
const empleadosSchema = z.object({
  activo: z.boolean({ error: 'El campo "activo" debe ser verdadero o falso' }).nullish(),
});

/**
 * Attendance of a set of attendance rows. Vacations are not scheduled work (DOMAIN "HR"), so
 * asistencia_pct = presentes / (programados − vacaciones) × 100; sick leave, permits and absences
 * count against it. Null when nobody was due at work.
 */
function summarize(counts: readonly AttendanceCount[]): AttendanceSummary {
  const by = { PRESENTE: 0, FALTA: 0, VACACIONES: 0, INCAPACIDAD: 0, PERMISO: 0 };
  for (const c of counts) by[c.estado] += c.n;
  const programados = by.PRESENTE + by.FALTA + by.VACACIONES + by.INCAPACIDAD + by.PERMISO;
  const due = programados - by.VACACIONES;
  return {
    programados,
    presentes: by.PRESENTE,
    faltas: by.FALTA,
    vacaciones: by.VACACIONES,
    incapacidades: by.INCAPACIDAD,
    permisos: by.PERMISO,
    asistencia_pct: due > 0 ? round2((by.PRESENTE / due) * 100) : null,
  };
}

/** Overtime and attendance: every operation needs the human-resources permission. */
export class RrhhService {
  constructor(private readonly repo: RrhhRepository) {}

  empleados(viewer: Viewer, input: unknown): Promise<EmpleadoRecord[]> {
    requireHumanResources(viewer);
    const { activo } = parseInput(empleadosSchema, input);
    return this.repo.empleados(activo ?? undefined);
  }

  /**
   * Overtime per ISO week (Monday first) and area against the budget. An area's monthly budget
   * is spread evenly over the month's days, and a week gets the share of its days that fall in
   * the asked range, so a week cut by the range is compared with the budget of the same days.
   */
  async horasExtraSemanal(viewer: Viewer, input: unknown): Promise<OvertimeWeekRow[]> {
    requireHumanResources(viewer);
    const { area: onlyArea, ...range } = parseInput(rangeSchema, input);
    const [overtime, budgets] = await Promise.all([
      this.repo.overtimeByDay(range, onlyArea),
      this.repo.budgets(monthOf(range.desde), monthOf(range.hasta), onlyArea),
    ]);

    interface Bucket {
      semana: string;
      area: string;
      dobles: number;
      triples: number;
      presupuesto: number;
      hasOvertime: boolean;
    }
    const buckets = new Map<string, Bucket>();
    const bucket = (semana: string, area: string): Bucket => {
      const key = `${semana}|${area}`;
      let found = buckets.get(key);
      if (!found) {
        found = { semana, area, dobles: 0, triples: 0, presupuesto: 0, hasOvertime: false };
        buckets.set(key, found);
      }
      return found;
    };

    const dailyBudget = new Map<string, number>();
    for (const b of budgets) dailyBudget.set(`${b.area}|${b.mes}`, b.horas / daysInMonth(b.mes));
    const budgetAreas = [...new Set(budgets.map((b) => b.area))];
    for (const day of eachDay(range)) {
      const semana = weekStart(day);
      for (const a of budgetAreas) {
        const perDay = dailyBudget.get(`${a}|${monthOf(day)}`);
        if (perDay !== undefined) bucket(semana, a).presupuesto += perDay;
      }
    }
    for (const row of overtime) {
      const b = bucket(weekStart(row.fecha), row.area);
      b.hasOvertime = true;
      if (row.tipo === 'DOBLE') b.dobles += row.horas;
      else b.triples += row.horas;
    }

    return [...buckets.values()]
      .filter((b) => b.hasOvertime || b.presupuesto > 0)
      .sort((x, y) => x.semana.localeCompare(y.semana) || x.area.localeCompare(y.area))
      .map((b) => {
        const horas = b.dobles + b.triples;
        return {
          semana: b.semana,
          area: b.area,
          horas: round2(horas),
          horas_dobles: round2(b.dobles),
          horas_triples: round2(b.triples),
          presupuesto: round2(b.presupuesto),
          porcentaje_presupuesto: b.presupuesto > 0 ? round2((horas / b.presupuesto) * 100) : null,
        };
      });
  }

  horasExtraDetalle(viewer: Viewer, input: unknown): Promise<OvertimeRecord[]> {
    requireHumanResources(viewer);
    const { area: onlyArea, ...range } = parseInput(rangeSchema, input);
    return this.repo.overtimeDetail(range, onlyArea);
  }

  /** One row per area with attendance records on the day, areas in alphabetical order. */
  async asistenciaDiaria(viewer: Viewer, input: unknown): Promise<(AttendanceSummary & { area: string })[]> {
    requireHumanResources(viewer);
    const { fecha: day } = parseInput(daySchema, input);
    const byArea = new Map<string, AttendanceCount[]>();
    for (const row of await this.repo.attendanceByArea(day)) {
      byArea.set(row.area, [...(byArea.get(row.area) ?? []), row]);
    }
    return [...byArea.entries()]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([name, counts]) => ({ area: name, ...summarize(counts) }));
  }

  /** Every day of the range, in order; days without records have a null asistencia_pct. */
  async asistenciaRango(viewer: Viewer, input: unknown): Promise<(AttendanceSummary & { fecha: string })[]> {
    requireHumanResources(viewer);
    const { area: onlyArea, ...range } = parseInput(rangeSchema, input);
    const byDay = new Map<string, AttendanceCount[]>();
    for (const row of await this.repo.attendanceByDay(range, onlyArea)) {
      byDay.set(row.fecha, [...(byDay.get(row.fecha) ?? []), row]);
    }
    return [...eachDay(range)].map((day) => ({ fecha: day, ...summarize(byDay.get(day) ?? []) }));
  }
}
