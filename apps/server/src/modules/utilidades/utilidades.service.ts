import { round2 } from '@planta/domain';
import { z } from 'zod';
import { badInput } from '../../errors.ts';
import { parseInstantRange, parseIntervalMinutes } from '../../time-range.ts';
import { parseInput } from '../../validation.ts';
import type { Medio, SerieVariable, UtilidadesRepository } from './utilidades.repository.ts';

/** At most this many rows in a report table (a year at 5-minute resolution is not a table). */
export const MAX_REPORT_ROWS = 5000;

export class UtilidadesService {
  constructor(
    private readonly repo: UtilidadesRepository,
    private readonly tz: string,
  ) {}

  private parse(desde: unknown, hasta: unknown, intervalo: unknown) {
    const range = parseInstantRange(desde, hasta, 400);
    const minutes = parseIntervalMinutes(intervalo);
    const rows = (range.hasta.getTime() - range.desde.getTime()) / 60_000 / minutes;
    if (rows > MAX_REPORT_ROWS) {
      throw badInput(
        `El intervalo es demasiado corto para el rango: saldrían ${Math.ceil(rows)} filas (máximo ${MAX_REPORT_ROWS}). Elija un intervalo mayor.`,
        'intervalo',
      );
    }
    return { ...range, minutes };
  }

  private async table(variables: SerieVariable[], desde: Date, hasta: Date, minutes: number) {
    const points =
      variables.length === 0 ? [] : await this.repo.buckets(variables, desde, hasta, minutes, this.tz);
    const column = new Map(variables.map((v, i) => [v.id, i]));
    const rows = new Map<number, (number | null)[]>();
    for (const point of points) {
      const t = new Date(point.fecha).getTime();
      let row = rows.get(t);
      if (!row) {
        row = variables.map(() => null);
        rows.set(t, row);
      }
      const index = column.get(point.variable_id);
      if (index !== undefined) row[index] = point.valor === null ? null : round2(point.valor);
    }
    return {
      intervalo_minutos: minutes,
      columnas: variables.map((v) => ({ variable: v.nombre, unidad: v.unidad })),
      filas: [...rows.entries()]
        .sort(([a], [b]) => a - b)
        .map(([t, valores]) => ({ fecha: new Date(t), valores })),
    };
  }

  async flujoAire(desde: unknown, hasta: unknown, intervalo: unknown) {
    const range = this.parse(desde, hasta, intervalo);
    const all = await this.repo.variables('aire');
    // The per-line flow meters of lines 1 and 2 (Nm³/h).
    const byLine = [1, 2].map((n) => all.find((v) => v.linea_numero === n && v.unidad.startsWith('Nm')));
    const present = byLine.filter((v): v is SerieVariable => v !== undefined);
    const table = await this.table(present, range.desde, range.hasta, range.minutes);
    return table.filas.map((fila) => {
      const value = (n: number) => {
        const variable = byLine[n - 1];
        return variable ? (fila.valores[present.indexOf(variable)] ?? null) : null;
      };
      return { fecha: fila.fecha, flujo_aire_l1: value(1), flujo_aire_l2: value(2) };
    });
  }

  async reporte(medio: Medio, desde: unknown, hasta: unknown, intervalo: unknown, nombresArg?: unknown) {
    const range = this.parse(desde, hasta, intervalo);
    const nombres = parseInput(
      z.object({
        variables: z
          .array(z.string().max(200), { error: 'El campo "variables" debe ser una lista de nombres' })
          .max(100)
          .nullish(),
      }),
      { variables: nombresArg },
    ).variables;
    const variables = await this.repo.variables(medio, nombres ?? undefined);
    const unknown = (nombres ?? []).filter((n) => !variables.some((v) => v.nombre === n));
    if (unknown.length > 0) throw badInput(`Variables desconocidas: ${unknown.join(', ')}`, 'variables');
    return this.table(variables, range.desde, range.hasta, range.minutes);
  }
}
