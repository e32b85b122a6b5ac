import { orderByProductionHour, PRODUCTION_HOUR_ORDER, round2 } from '@planta/domain';
import { plantHour } from '../plant-hours.ts';
import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatValue } from '../format.ts';
import { gridFor, topLegend } from '../options.ts';
import { tooltipHtml, tooltipIndex } from '../tooltip.ts';
import { colorLinea } from './lineas.ts';

/** An hourly counter: its instant (ISO) and the energy of that hour (kWh). */
export interface HoraEnergia {
  fecha: string;
  energia: number;
}

/** The 24 values of a production day, 8…23 then 0…7; an hour without a counter stays null (a gap). */
export function energiaPorHora(filas: readonly HoraEnergia[], timeZone: string): (number | null)[] {
  return orderByProductionHour([...filas], (f) => plantHour(f.fecha, timeZone)).map((f) =>
    f === null ? null : round2(f.energia),
  );
}

/** Axis labels of the production day's hours: '08:00' … '23:00', '00:00' … '07:00'. */
export const ETIQUETAS_HORA = PRODUCTION_HOUR_ORDER.map((h) => `${String(h).padStart(2, '0')}:00`);

export interface EnergiaSerie {
  nombre: string;
  linea: number;
  /** From energiaPorHora. */
  valores: readonly (number | null)[];
}

/**
 * Each line's energy (kWh) per hour of the production day, as grouped bars in the day's order
 * (8…23, 0…7, hours without data left empty). Null when no line has a value ('Sin datos').
 */
export function buildEnergiaOption({
  series,
  compact = false,
}: {
  series: readonly EnergiaSerie[];
  compact?: boolean;
}): ChartOption | null {
  if (series.every((s) => s.valores.every((v) => v === null))) return null;
  const fmt = (v: number | null | undefined) => formatValue(v ?? null, 'kWh', 2);
  return {
    legend: { ...topLegend, data: series.map((s) => s.nombre) },
    grid: gridFor({ compact }),
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const i = tooltipIndex(params);
        const hora = ETIQUETAS_HORA[i];
        if (hora === undefined) return '';
        return tooltipHtml(
          hora,
          series.map((s) => ({ color: colorLinea(s.linea), etiqueta: s.nombre, valor: fmt(s.valores[i]) })),
        );
      },
    },
    xAxis: {
      type: 'category',
      data: [...ETIQUETAS_HORA],
      axisLabel: { interval: compact ? 5 : 1, formatter: (v: string) => v.slice(0, 2) },
    },
    yAxis: { type: 'value', min: 0, name: 'kWh', axisLabel: { formatter: (v: number) => formatCompact(v) } },
    series: series.map((s) => ({
      name: s.nombre,
      type: 'bar' as const,
      data: [...s.valores],
      itemStyle: { color: colorLinea(s.linea) },
    })),
  };
}
