import type { ChartOption } from '../chart-option.ts';
import { formatCompact, formatNumber } from '../format.ts';
import { dataZoomFor, gridFor, topLegend } from '../options.ts';
import { tooltipIndex, tooltipRow, tooltipTitle } from '../tooltip.ts';
import { WALDEN_COLORS } from '../walden-theme.ts';

/** The figures of the report, with their unit and decimals (table columns and chart series). */
export const CIFRAS = [
  { clave: 'producto_terminado', etiqueta: 'Producto terminado', unidad: 'botellas', decimales: 0 },
  { clave: 'paquetes', etiqueta: 'Paquetes', unidad: 'paquetes', decimales: 0 },
  { clave: 'botellas', etiqueta: 'Botellas', unidad: 'botellas', decimales: 0 },
  { clave: 'botellas_llenas', etiqueta: 'Botellas llenas', unidad: 'botellas', decimales: 0 },
  { clave: 'velocidad_media', etiqueta: 'Velocidad media', unidad: 'bph', decimales: 0 },
  { clave: 'minutos_marcha', etiqueta: 'Tiempo de marcha', unidad: 'min', decimales: 0 },
] as const;

export type ClaveCifra = (typeof CIFRAS)[number]['clave'];
export const cifraDe = (clave: string | null | undefined) =>
  CIFRAS.find((c) => c.clave === clave) ?? CIFRAS[0];

export interface FilaGrafico {
  linea: number;
  linea_nombre: string;
  inicio: string;
  botellas: number;
  botellas_llenas: number;
  paquetes: number;
  producto_terminado: number;
  velocidad_media: number | null;
  minutos_marcha: number;
}

export interface ContadoresOptionInput {
  filas: readonly FilaGrafico[];
  cifra: ClaveCifra;
  /** The axis label of a bucket, by its start instant. */
  etiqueta: (inicio: string) => string;
  compact?: boolean;
}

/**
 * One figure of the counters report per bucket, a bar series per line (buckets in time order, a
 * line without the bucket leaves a gap). Null when there is no row ('Sin datos').
 */
export function buildContadoresOption({
  filas,
  cifra,
  etiqueta,
  compact = false,
}: ContadoresOptionInput): ChartOption | null {
  if (filas.length === 0) return null;
  const def = cifraDe(cifra);
  const inicios = [...new Set(filas.map((f) => f.inicio))].sort();
  const pos = new Map(inicios.map((i, k) => [i, k]));
  const lineas = [...new Map(filas.map((f) => [f.linea, f.linea_nombre])).entries()].sort(
    (a, b) => a[0] - b[0],
  );
  const datos = lineas.map(([linea]) => {
    const data: (number | null)[] = inicios.map(() => null);
    for (const f of filas) if (f.linea === linea) data[pos.get(f.inicio)!] = f[cifra];
    return data;
  });
  const etiquetas = inicios.map(etiqueta);
  const zoom = dataZoomFor(inicios.length, 48);
  const valor = (v: number | null | undefined) =>
    v == null ? '—' : `${formatNumber(v, def.decimales)} ${def.unidad}`;
  return {
    legend: { ...topLegend, data: lineas.map(([, nombre]) => nombre) },
    grid: gridFor({ compact, dataZoom: zoom.length > 0 }),
    dataZoom: zoom,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const i = tooltipIndex(params);
        return [
          tooltipTitle(etiquetas[i] ?? ''),
          ...lineas.map(([, nombre], k) =>
            tooltipRow(WALDEN_COLORS[k % WALDEN_COLORS.length]!, nombre, valor(datos[k]![i])),
          ),
        ].join('');
      },
    },
    xAxis: { type: 'category', data: etiquetas, axisLabel: { hideOverlap: true } },
    yAxis: {
      type: 'value',
      min: 0,
      name: compact ? undefined : `${def.etiqueta} (${def.unidad})`,
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: (v: number) => formatCompact(v) },
    },
    series: lineas.map(([, nombre], k) => ({
      name: nombre,
      type: 'bar' as const,
      data: datos[k]!,
      itemStyle: { color: WALDEN_COLORS[k % WALDEN_COLORS.length] },
      barMaxWidth: 28,
    })),
  };
}
