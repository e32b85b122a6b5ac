import { mttrMttfAxisMax, productionDayRange, round2 } from '@planta/domain';
import { z } from 'zod';
import { badInput, unknownVariables } from '../../errors.ts';
import { parseDayRange } from '../../time-range.ts';
import { parseInput } from '../../validation.ts';
import type { MantenimientoRepository } from './mantenimiento.repository.ts';

const nombresSchema = z.object({
  nombres: z
    .array(z.string().min(1).max(200), { error: 'El campo "nombres" debe ser una lista de variables' })
    .min(1, 'El campo "nombres" debe tener al menos una variable')
    .max(50, 'El campo "nombres" admite como máximo 50 variables'),
});

const r2 = (v: number | null) => (v === null ? null : round2(v));

/** Longest range of the maintenance summary and the Pareto, in production days. */
export const MAX_MANTENIMIENTO_DIAS = 366;
export const MAX_PARETO_LIMITE = 30;
export const DEFAULT_PARETO_LIMITE = 15;
/** Label of the Pareto bar that sums the groups beyond `limite`. */
export const PARETO_OTROS = 'Otros';

const paretoSchema = z.object({
  linea: z
    .number({ error: 'El campo "linea" debe ser un número de línea' })
    .int('El campo "linea" debe ser un número de línea')
    .min(1, 'El campo "linea" debe estar entre 1 y 99')
    .max(99, 'El campo "linea" debe estar entre 1 y 99')
    .nullish(),
  agrupar: z.enum(['CAUSA', 'EQUIPO'], { error: 'El campo "agrupar" debe ser CAUSA o EQUIPO' }).nullish(),
  limite: z
    .number({ error: 'El campo "limite" debe ser un número' })
    .int('El campo "limite" debe ser un número entero')
    .min(1, `El campo "limite" debe estar entre 1 y ${MAX_PARETO_LIMITE}`)
    .max(MAX_PARETO_LIMITE, `El campo "limite" debe estar entre 1 y ${MAX_PARETO_LIMITE}`)
    .nullish(),
});

/** numerator / denominator rounded to 2 decimals; null when the denominator is not positive. */
const ratio = (num: number, den: number) => (den > 0 ? round2(num / den) : null);

export class MantenimientoService {
  constructor(
    private readonly repo: MantenimientoRepository,
    private readonly tz: string,
  ) {}

  /** The instants of a range of production days: desde 08:00 → the day after hasta 08:00. */
  private window(desdeArg: unknown, hastaArg: unknown) {
    const { desde, hasta } = parseDayRange(desdeArg, hastaArg, MAX_MANTENIMIENTO_DIAS);
    return { start: productionDayRange(desde, this.tz).start, end: productionDayRange(hasta, this.tz).end };
  }

  /** MTTR, MTTF, MTBF and availability per line from the range's raw sums (ratios of sums). */
  async mantenimientoLineas(desdeArg: unknown, hastaArg: unknown) {
    const { start, end } = this.window(desdeArg, hastaArg);
    const rows = await this.repo.lineas(start, end);
    return rows.map((r) => ({
      linea_id: r.linea_id,
      linea: r.linea,
      nombre: r.nombre,
      sufijo: r.sufijo,
      fallas: r.fallas,
      minutos_falla: round2(r.minutos_falla),
      minutos_paro: round2(r.minutos_paro),
      minutos_marcha: round2(r.minutos_marcha),
      mttr: ratio(r.minutos_falla, r.fallas),
      mttf: ratio(r.minutos_marcha, r.fallas),
      mtbf: ratio(r.minutos_marcha + r.minutos_falla, r.fallas),
      disponibilidad: ratio(r.minutos_marcha * 100, r.minutos_marcha + r.minutos_falla),
    }));
  }

  /** Downtime by cause or equipment, largest first: at most `limite` bars, then 'Otros'. */
  async parosPareto(
    desdeArg: unknown,
    hastaArg: unknown,
    lineaArg: unknown,
    agruparArg: unknown,
    limiteArg: unknown,
  ) {
    const { start, end } = this.window(desdeArg, hastaArg);
    const { linea, agrupar, limite } = parseInput(paretoSchema, {
      linea: lineaArg,
      agrupar: agruparArg,
      limite: limiteArg,
    });
    if (linea != null && !(await this.repo.lineaExists(linea))) {
      throw badInput(`La línea ${linea} no existe`, 'linea');
    }
    const rows = await this.repo.pareto(start, end, linea ?? null, agrupar ?? 'CAUSA');
    const n = limite ?? DEFAULT_PARETO_LIMITE;
    const total = rows[0]?.total ?? 0;
    const barras = rows
      .slice(0, n)
      .map((r) => ({ nombre: r.nombre, equipo: r.equipo, minutos: r.minutos, paros: r.paros }));
    if (rows.length > n) {
      const minutos = total - barras.reduce((s, b) => s + b.minutos, 0);
      const paros = (rows[0]?.total_paros ?? 0) - barras.reduce((s, b) => s + b.paros, 0);
      barras.push({ nombre: PARETO_OTROS, equipo: PARETO_OTROS, minutos, paros });
    }
    let acumulado = 0;
    return barras.map((b) => {
      acumulado += b.minutos;
      return {
        ...b,
        minutos: round2(b.minutos),
        porcentaje: ratio(b.minutos * 100, total) ?? 0,
        porcentaje_acumulado: ratio(acumulado * 100, total) ?? 0,
      };
    });
  }

  async mttrMttf(nombresArg: unknown, desdeArg: unknown, hastaArg: unknown) {
    const { nombres } = parseInput(nombresSchema, { nombres: nombresArg });
    const { desde, hasta } = parseDayRange(desdeArg, hastaArg);
    const rows = await this.repo.series(nombres, desde, hasta);
    const missing = nombres.filter((n) => !rows.some((r) => r.nombre === n));
    if (missing.length > 0) throw unknownVariables('nombres', missing);
    return nombres.map((nombre) => {
      const own = rows.filter((r) => r.nombre === nombre);
      const tipo = /mttf/i.test(nombre) ? 'MTTF' : 'MTTR';
      const puntos = own
        .filter((r): r is typeof r & { fecha: string } => r.fecha !== null)
        .map((r) => ({ fecha: r.fecha, diario: r2(r.diario), mensual: r2(r.mensual), anual: r2(r.anual) }));
      const values = puntos.flatMap((p) => [p.diario, p.mensual, p.anual]);
      return {
        nombre,
        tipo,
        unidad: own[0]?.unidad ?? 'min',
        puntos,
        eje_maximo: mttrMttfAxisMax(values, tipo === 'MTTF' ? 'mttf' : 'mttr'),
      };
    });
  }
}
