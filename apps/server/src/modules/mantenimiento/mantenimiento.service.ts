import { mttrMttfAxisMax, round2 } from '@planta/domain';
import { z } from 'zod';
import { badInput } from '../../errors.ts';
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

export class MantenimientoService {
  constructor(private readonly repo: MantenimientoRepository) {}

  async mttrMttf(nombresArg: unknown, desdeArg: unknown, hastaArg: unknown) {
    const { nombres } = parseInput(nombresSchema, { nombres: nombresArg });
    const { desde, hasta } = parseDayRange(desdeArg, hastaArg);
    const rows = await this.repo.series(nombres, desde, hasta);
    const missing = nombres.filter((n) => !rows.some((r) => r.nombre === n));
    if (missing.length > 0) throw badInput(`Variables desconocidas: ${missing.join(', ')}`, 'nombres');
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
