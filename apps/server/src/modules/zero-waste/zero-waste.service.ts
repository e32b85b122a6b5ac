import { isIsoDate, MESES, round2, ZERO_WASTE_TARGET, zeroWasteAccumulated, zwl } from '@planta/domain';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { id, parseInput } from '../../validation.ts';
import type { Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import type {
  ClasificacionRecord,
  MonthRange,
  ProyeccionRecord,
  RegistroRecord,
  ZeroWasteRepository,
} from './zero-waste.repository.ts';

/** part / whole × 100, 2 decimals; null when there is no whole. */
const percent = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : null);

/** Row of the monthly table: one per month, then 'Acumulado'. */
export interface ZeroWasteMonthRow {
  mes: string;
  numero_mes: number | null;
  aprovechable: number;
  no_aprovechable: number;
  zwl: number | null;
  meta: number;
}

export interface ZeroWasteBreakdownRow {
  clasificacion_id: number;
  descripcion: string;
  aprovechable: boolean;
  kg: number;
  porcentaje: number | null;
}

const anio = z
  .number({ error: 'El campo "anio" debe ser un número entero' })
  .int('El campo "anio" debe ser un número entero')
  .min(2000, 'El campo "anio" debe estar entre 2000 y 2100')
  .max(2100, 'El campo "anio" debe estar entre 2000 y 2100');

const mes = z
  .number({ error: 'El campo "mes" debe ser un número entero' })
  .int('El campo "mes" debe ser un número entero')
  .min(1, 'El campo "mes" debe estar entre 1 y 12')
  .max(12, 'El campo "mes" debe estar entre 1 y 12');

const kilos = (field: string) =>
  z
    .number({ error: `El campo "${field}" debe ser un número` })
    .min(0, `El campo "${field}" no puede ser negativo`)
    .max(1e12, `El campo "${field}" es demasiado grande`);

const fecha = (field: string) =>
  z
    .string({ error: `El campo "${field}" es obligatorio` })
    .refine(isIsoDate, `El campo "${field}" debe ser una fecha AAAA-MM-DD`)
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= 2000 && year <= 2100;
    }, `El campo "${field}" debe estar entre los años 2000 y 2100`);

const yearSchema = z.object({ anio });
const breakdownSchema = z.object({ anio, mes: mes.nullish() });

const registroSchema = z.strictObject({
  mes: fecha('mes'),
  clasificacion_id: id('clasificacion_id'),
  kg: kilos('kg'),
});

const proyeccionSchema = z.strictObject({
  anio,
  clasificacion_id: id('clasificacion_id'),
  aprovechables: kilos('aprovechables'),
  no_aprovechables: kilos('no_aprovechables'),
  zero_waste: z
    .number({ error: 'El campo "zero_waste" debe ser un número' })
    .min(0, 'El campo "zero_waste" debe estar entre 0 y 100')
    .max(100, 'El campo "zero_waste" debe estar entre 0 y 100'),
});

const firstOfMonth = (year: number, month: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

/** [first day of the period, first day after it). */
function periodOf(year: number, month?: number | null): MonthRange {
  if (month == null) return { from: firstOfMonth(year, 1), to: firstOfMonth(year + 1, 1) };
  return {
    from: firstOfMonth(year, month),
    to: month === 12 ? firstOfMonth(year + 1, 1) : firstOfMonth(year, month + 1),
  };
}

export class ZeroWasteService {
  constructor(private readonly repo: ZeroWasteRepository) {}

  clasificaciones(): Promise<ClasificacionRecord[]> {
    return this.repo.clasificaciones();
  }

  /**
   * Twelve months in order, then 'Acumulado'. Each zwl is aprovechable / total × 100 of that
   * row's sums; the accumulated zwl is the ratio of the year's sums, so a month with little waste
   * weighs little (never the mean of the monthly percentages).
   */
  async mensual(input: unknown): Promise<ZeroWasteMonthRow[]> {
    const { anio: year } = parseInput(yearSchema, input);
    const totals = new Map((await this.repo.monthTotals(periodOf(year))).map((t) => [t.month, t]));
    const months = MESES.map((name, index): ZeroWasteMonthRow => {
      const t = totals.get(index + 1);
      const aprovechable = t?.aprovechable ?? 0;
      const noAprovechable = t?.noAprovechable ?? 0;
      return {
        mes: name,
        numero_mes: index + 1,
        aprovechable,
        no_aprovechable: noAprovechable,
        zwl: zwl(aprovechable, noAprovechable),
        meta: ZERO_WASTE_TARGET,
      };
    });
    return [...months, { ...zeroWasteAccumulated(months), numero_mes: null, meta: ZERO_WASTE_TARGET }];
  }

  /** kg per classification in the year (or one month of it), with its share of the period's total. */
  async desglose(input: unknown): Promise<ZeroWasteBreakdownRow[]> {
    const { anio: year, mes: month } = parseInput(breakdownSchema, input);
    const rows = await this.repo.totalsByClasificacion(periodOf(year, month));
    const total = rows.reduce((sum, row) => sum + row.kg, 0);
    return rows.map((row) => ({
      clasificacion_id: row.id,
      descripcion: row.descripcion,
      aprovechable: row.aprovechable,
      kg: row.kg,
      porcentaje: percent(row.kg, total),
    }));
  }

  proyeccion(input: unknown): Promise<ProyeccionRecord[]> {
    const { anio: year } = parseInput(yearSchema, input);
    return this.repo.proyecciones(year);
  }

  /** Sets the kg of a classification in a month; any day of the month stands for the month. */
  async upsertRegistro(viewer: Viewer, input: unknown): Promise<RegistroRecord> {
    requireAdmin(viewer);
    const data = parseInput(registroSchema, input);
    await this.mustFindClasificacion(data.clasificacion_id);
    return this.repo.upsertRegistro({
      mes: `${data.mes.slice(0, 7)}-01`,
      clasificacionId: data.clasificacion_id,
      kg: data.kg,
    });
  }

  async upsertProyeccion(viewer: Viewer, input: unknown): Promise<ProyeccionRecord> {
    requireAdmin(viewer);
    const data = parseInput(proyeccionSchema, input);
    await this.mustFindClasificacion(data.clasificacion_id);
    return this.repo.upsertProyeccion({
      anio: data.anio,
      clasificacionId: data.clasificacion_id,
      aprovechables: data.aprovechables,
      noAprovechables: data.no_aprovechables,
      zeroWaste: data.zero_waste,
    });
  }

  private async mustFindClasificacion(clasificacionId: number): Promise<void> {
    if (!(await this.repo.findClasificacion(clasificacionId))) {
      throw notFound('La clasificación de residuos no existe');
    }
  }
}
