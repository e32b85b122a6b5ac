import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { KpiValue, LineDay } from './kpis.ts';

/** HR figures of a day from attendance and overtime (8 ordinary hours a shift). */
const ORDINARY_HOURS = 8;

/** The calculated variables (by base name) that are HR ratios of the day. */
const HR_VARIABLES = [
  'Horas extra (h)',
  'Horas extra (%)',
  'Ausentismo (%)',
  'Asistencia (%)',
  'Productividad (CU/HH)',
];

export interface HrDay {
  programados: number;
  vacaciones: number;
  presentes: number;
  horas_extra: number;
}

export async function hrDay(db: Db, fecha: string): Promise<HrDay | undefined> {
  const [row] = await rowsOf<HrDay>(
    db.execute(sql`
      select count(*)::float8 as programados,
             count(*) filter (where estado = 'VACACIONES')::float8 as vacaciones,
             count(*) filter (where estado = 'PRESENTE')::float8 as presentes,
             coalesce((select sum(horas) from horas_extra where fecha = ${fecha}::date), 0)::float8 as horas_extra
      from asistencias where fecha = ${fecha}::date`),
  );
  return row;
}

export const isHrVariable = (base: string): boolean => HR_VARIABLES.includes(base);

/**
 * An HR variable's value for the day (`base`: one of HR_VARIABLES): overtime hours, overtime over
 * ordinary hours, absence and attendance over the people due (scheduled minus on holiday), and
 * productivity (CU per hour worked). Null without anyone scheduled.
 */
export async function hrKpi(
  base: string,
  lines: readonly LineDay[],
  /** The day's HR figures, read once for all the HR variables of the day. */
  hrOfDay: () => Promise<HrDay | undefined>,
): Promise<KpiValue | null> {
  const hr = await hrOfDay();
  if (!hr || hr.programados === 0) return null;
  const due = hr.programados - hr.vacaciones;
  const ordinary = hr.presentes * ORDINARY_HOURS;
  const produced = lines.reduce((a, l) => a + l.producidoCu, 0);
  const ratio = (num: number, den: number) =>
    den > 0 ? { valor: num / den, numerador: num, denominador: den } : null;
  switch (base) {
    case 'Horas extra (h)':
      return { valor: hr.horas_extra };
    case 'Horas extra (%)':
      return ratio(hr.horas_extra * 100, ordinary);
    case 'Ausentismo (%)':
      return ratio((due - hr.presentes) * 100, due);
    case 'Asistencia (%)':
      return ratio(hr.presentes * 100, due);
    default:
      return ratio(produced, ordinary + hr.horas_extra);
  }
}
