import { addDays, isIsoDate, round2, weekStart } from '@planta/domain';
import { z } from 'zod';
import { parseInput } from '../../validation.ts';
import type { Viewer } from '../auth/auth.service.ts';
import { requireHumanResources } from '../auth/guards.ts';
import type {
  AbsenceRecord,
  AttendanceCount,
  DateRange,
  EmpleadoRecord,
  OvertimeEmployeeTotal,
  OvertimeRecord,
  RrhhRepository,
} from './rrhh.repository.ts';

/** Longest range a query may ask for, in days (both ends included). */
export const MAX_RANGE_DAYS = 366;
/** Ordinary hours of a day present: the plant's 8-hour shift (DOMAIN "HR"). */
export const JORNADA_HORAS = 8;
/** Most employees horasExtraEmpleados lists. */
export const MAX_TOP_EMPLEADOS = 100;

export interface OvertimeWeekRow {
  /** Monday of the ISO week. */
  semana: string;
  area: string;
  horas: number;
  horas_dobles: number;
  horas_triples: number;
  presupuesto: number;
  porcentaje_presupuesto: number | null;
  horas_ordinarias: number;
  porcentaje_ordinarias: number | null;
}

export interface OvertimeSummary extends Omit<OvertimeWeekRow, 'semana' | 'area'> {
  empleados: number;
}

export interface OvertimeEmployeeRow extends OvertimeEmployeeTotal {
  motivos: string[];
}

export interface AttendanceSummary {
  programados: number;
  presentes: number;
  faltas: number;
  vacaciones: number;
  incapacidades: number;
  permisos: number;
  asistencia_pct: number | null;
  ausentismo_pct: number | null;
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

const daySchema = z.object({ fecha: fecha('fecha'), area });
const topSchema = rangeSchema.and(
  z.object({
    limite: z
      .number({ error: 'El campo "limite" debe ser un número' })
      .int('El campo "limite" debe ser un número entero')
      .min(1, 'El campo "limite" debe ser al menos 1')
      .max(MAX_TOP_EMPLEADOS, `El campo "limite" admite como máximo ${MAX_TOP_EMPLEADOS}`)
      .nullish(),
  }),
);
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
    ausentismo_pct: due > 0 ? round2(((due - by.PRESENTE) / due) * 100) : null,
  };
}

type Conteos = Omit<AttendanceSummary, 'asistencia_pct' | 'ausentismo_pct'>;

/** The plant (or any group) of several summaries: sums of the counts, percentages as ratios of sums. */
export function sumarAsistencia(rows: readonly Conteos[]): AttendanceSummary {
  const n = (k: keyof Conteos) => rows.reduce((s, r) => s + r[k], 0);
  return summarize([
    { estado: 'PRESENTE', n: n('presentes') },
    { estado: 'FALTA', n: n('faltas') },
    { estado: 'VACACIONES', n: n('vacaciones') },
    { estado: 'INCAPACIDAD', n: n('incapacidades') },
    { estado: 'PERMISO', n: n('permisos') },
  ]);
}

/** part / whole × 100 with 2 decimals; null without a whole. */
const pct = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : null);

interface Totals {
  dobles: number;
  triples: number;
  presupuesto: number;
  /** Days present (attendance PRESENTE). */
  presentes: number;
}

interface WeekBucket extends Totals {
  semana: string;
  area: string;
  hasOvertime: boolean;
}

/** The rounded figures of a sum of overtime, budget and days present. */
function overtimeFigures(t: Totals): Omit<OvertimeWeekRow, 'semana' | 'area'> {
  const horas = t.dobles + t.triples;
  const ordinarias = t.presentes * JORNADA_HORAS;
  return {
    horas: round2(horas),
    horas_dobles: round2(t.dobles),
    horas_triples: round2(t.triples),
    presupuesto: round2(t.presupuesto),
    porcentaje_presupuesto: pct(horas, t.presupuesto),
    horas_ordinarias: round2(ordinarias),
    porcentaje_ordinarias: pct(horas, ordinarias),
  };
}

/** Overtime and attendance: every operation needs the human-resources permission. */
export class RrhhService {
  constructor(private readonly repo: RrhhRepository) {}

  async empleados(viewer: Viewer, input: unknown): Promise<EmpleadoRecord[]> {
    requireHumanResources(viewer);
    const { activo } = parseInput(empleadosSchema, input);
    return this.repo.empleados(activo ?? undefined);
  }

  /**
   * Overtime per ISO week (Monday first) and area against the budget and the ordinary hours. An
   * area's monthly budget is spread evenly over the month's days, and a week gets the share of
   * its days that fall in the asked range, so a week cut by the range is compared with the budget
   * of the same days. Weeks of an area with neither overtime nor budget are left out.
   */
  async horasExtraSemanal(viewer: Viewer, input: unknown): Promise<OvertimeWeekRow[]> {
    requireHumanResources(viewer);
    const { area: onlyArea, ...range } = parseInput(rangeSchema, input);
    return (await this.weekBuckets(range, onlyArea))
      .filter((b) => b.hasOvertime || b.presupuesto > 0)
      .map((b) => ({ semana: b.semana, area: b.area, ...overtimeFigures(b) }));
  }

  /** The range as a whole: the sums of the weeks (every area's ordinary hours count). */
  async horasExtraResumen(viewer: Viewer, input: unknown): Promise<OvertimeSummary> {
    requireHumanResources(viewer);
    const { area: onlyArea, ...range } = parseInput(rangeSchema, input);
    const [buckets, empleadosConHoras] = await Promise.all([
      this.weekBuckets(range, onlyArea),
      this.repo.overtimeEmployeeCount(range, onlyArea),
    ]);
    const total: Totals = { dobles: 0, triples: 0, presupuesto: 0, presentes: 0 };
    for (const b of buckets) {
      total.dobles += b.dobles;
      total.triples += b.triples;
      total.presupuesto += b.presupuesto;
      total.presentes += b.presentes;
    }
    return { ...overtimeFigures(total), empleados: empleadosConHoras };
  }

  /** The employees with the most overtime in the range, with their reasons (most frequent first). */
  async horasExtraEmpleados(viewer: Viewer, input: unknown): Promise<OvertimeEmployeeRow[]> {
    requireHumanResources(viewer);
    const { area: onlyArea, limite, ...range } = parseInput(topSchema, input);
    const top = await this.repo.overtimeByEmployee(range, onlyArea, limite ?? 10);
    const motivos = new Map<number, string[]>();
    for (const r of await this.repo.overtimeReasons(
      range,
      top.map((t) => t.empleado.id),
    )) {
      motivos.set(r.empleadoId, [...(motivos.get(r.empleadoId) ?? []), r.motivo]);
    }
    return top.map((t) => ({
      ...t,
      horas: round2(t.horas),
      horas_dobles: round2(t.horas_dobles),
      horas_triples: round2(t.horas_triples),
      motivos: motivos.get(t.empleado.id) ?? [],
    }));
  }

  /** The weeks × areas of a range with their unrounded sums. */
  private async weekBuckets(range: DateRange, onlyArea: string | undefined): Promise<WeekBucket[]> {
    const [overtime, budgets, present] = await Promise.all([
      this.repo.overtimeByDay(range, onlyArea),
      this.repo.budgets(monthOf(range.desde), monthOf(range.hasta), onlyArea),
      this.repo.presentByDayArea(range, onlyArea),
    ]);
    const buckets = new Map<string, WeekBucket>();
    const bucket = (semana: string, area: string): WeekBucket => {
      const key = `${semana}|${area}`;
      let found = buckets.get(key);
      if (!found) {
        found = { semana, area, dobles: 0, triples: 0, presupuesto: 0, presentes: 0, hasOvertime: false };
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
    for (const row of present) bucket(weekStart(row.fecha), row.area).presentes += row.n;
    for (const row of overtime) {
      const b = bucket(weekStart(row.fecha), row.area);
      b.hasOvertime = true;
      if (row.tipo === 'DOBLE') b.dobles += row.horas;
      else b.triples += row.horas;
    }
    return [...buckets.values()].sort(
      (x, y) => x.semana.localeCompare(y.semana) || x.area.localeCompare(y.area),
    );
  }

  async horasExtraDetalle(viewer: Viewer, input: unknown): Promise<OvertimeRecord[]> {
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

  /** Who was not present on the day (any state but PRESENTE), by area and name. */
  async ausencias(viewer: Viewer, input: unknown): Promise<AbsenceRecord[]> {
    requireHumanResources(viewer);
    const { fecha: day, area: onlyArea } = parseInput(daySchema, input);
    return this.repo.absences(day, onlyArea);
  }

  /** The areas that have employees. */
  async areas(viewer: Viewer): Promise<string[]> {
    requireHumanResources(viewer);
    return this.repo.areas();
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
