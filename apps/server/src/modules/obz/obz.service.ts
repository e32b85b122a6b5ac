import { isIsoDate, round2 } from '@planta/domain';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { id, parseInput } from '../../validation.ts';
import type { Viewer } from '../auth/auth.service.ts';
import { requireAdmin } from '../auth/guards.ts';
import type { ObzMontoValues, ObzPaqueteRecord, ObzRepository } from './obz.repository.ts';

export interface ObzMonth {
  mes: number;
  presupuesto: number;
  real: number | null;
  desviacion_pct: number | null;
}

export interface ObzPackage extends ObzPaqueteRecord {
  meses: ObzMonth[];
  presupuesto_anual: number;
  real_anual: number | null;
  presupuesto_a_la_fecha: number;
  cumplimiento_pct: number | null;
}

const yearSchema = z.object({
  anio: z
    .number({ error: 'El campo "anio" debe ser un número entero' })
    .int('El campo "anio" debe ser un número entero')
    .min(2000, 'El campo "anio" debe estar entre 2000 y 2100')
    .max(2100, 'El campo "anio" debe estar entre 2000 y 2100'),
});

const monto = (field: string) =>
  z
    .number({ error: `El campo "${field}" debe ser un número` })
    .min(0, `El campo "${field}" no puede ser negativo`)
    .max(1e12, `El campo "${field}" es demasiado grande`);

const montoSchema = z.strictObject({
  paquete_id: id('paquete_id'),
  mes: z
    .string({ error: 'El campo "mes" es obligatorio' })
    .refine(isIsoDate, 'El campo "mes" debe ser una fecha AAAA-MM-DD')
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= 2000 && year <= 2100;
    }, 'El campo "mes" debe estar entre los años 2000 y 2100'),
  presupuesto: monto('presupuesto'),
  real: monto('real').nullish(),
});

/** The stored amounts of a package in a month, as the API returns them. */
export interface ObzMontoDto {
  paquete_id: number;
  mes: string;
  presupuesto: number;
  real: number | null;
}

/** (real − presupuesto) / presupuesto × 100: positive = over budget. */
const deviation = (real: number | null, presupuesto: number) =>
  real !== null && presupuesto > 0 ? round2(((real - presupuesto) / presupuesto) * 100) : null;

export class ObzService {
  constructor(private readonly repo: ObzRepository) {}

  paquetes(): Promise<ObzPaqueteRecord[]> {
    return this.repo.paquetes();
  }

  /** Sets a package's budget and actual in a month (any day stands for its month); admin only. */
  async upsertMonto(viewer: Viewer, input: unknown): Promise<ObzMontoDto> {
    requireAdmin(viewer);
    const data = parseInput(montoSchema, input);
    if (!(await this.repo.findPaquete(data.paquete_id))) throw notFound('El paquete OBZ no existe');
    const values: ObzMontoValues = {
      paqueteId: data.paquete_id,
      mes: `${data.mes.slice(0, 7)}-01`,
      presupuesto: data.presupuesto,
      real: data.real ?? null,
    };
    const saved = await this.repo.upsertMonto(values);
    return { paquete_id: saved.paqueteId, mes: saved.mes, presupuesto: saved.presupuesto, real: saved.real };
  }

  /**
   * Every package with amounts in the year: twelve months (a month without a row has budget 0
   * and no real), and the year from sums of raw amounts. cumplimiento_pct compares the real
   * spend with the budget of the same months (those with a real amount), so a year in progress
   * is not read as under budget.
   */
  async anual(input: unknown): Promise<ObzPackage[]> {
    const { anio } = parseInput(yearSchema, input);
    const from = `${anio}-01-01`;
    const to = `${anio + 1}-01-01`;
    const [paquetes, montos] = await Promise.all([
      this.repo.paquetesConMontos(from, to),
      this.repo.montos(from, to),
    ]);
    const byPackage = new Map<number, Map<number, { presupuesto: number; real: number | null }>>();
    for (const m of montos) {
      const months = byPackage.get(m.paqueteId) ?? new Map();
      months.set(m.month, { presupuesto: m.presupuesto, real: m.real });
      byPackage.set(m.paqueteId, months);
    }
    return paquetes.map((paquete) => {
      const months = byPackage.get(paquete.id);
      let presupuestoAnual = 0;
      let realAnual: number | null = null;
      let presupuestoConReal = 0;
      const meses = Array.from({ length: 12 }, (_, i): ObzMonth => {
        const amount = months?.get(i + 1);
        const presupuesto = amount?.presupuesto ?? 0;
        const real = amount?.real ?? null;
        presupuestoAnual += presupuesto;
        if (real !== null) {
          realAnual = (realAnual ?? 0) + real;
          presupuestoConReal += presupuesto;
        }
        return { mes: i + 1, presupuesto, real, desviacion_pct: deviation(real, presupuesto) };
      });
      return {
        ...paquete,
        meses,
        presupuesto_anual: presupuestoAnual,
        real_anual: realAnual,
        presupuesto_a_la_fecha: presupuestoConReal,
        cumplimiento_pct:
          realAnual !== null && presupuestoConReal > 0
            ? round2((realAnual / presupuestoConReal) * 100)
            : null,
      };
    });
  }
}
