import type { CustomSeriesRenderItemAPI, CustomSeriesRenderItemParams } from 'echarts';
import { formatValue } from '@planta/charts/format';
import { plantClock } from '@planta/charts/plant-hours';
import { tooltipHtml } from '@planta/charts/tooltip';
import type { ChartOption } from '../../../components/charts/echarts.ts';
import { colorEstado, etiquetaEstado, MARCHA } from './clases.ts';

/** A line's day as perdidasOee sends it (lineas_tiempo). */
export interface LineaTiempoEntrada {
  linea_id: string;
  linea: number;
  linea_nombre: string;
  tramos: readonly {
    inicio: string;
    fin: string;
    estado: string;
    motivo: string | null;
    motivo_por: string | null;
  }[];
}

/** One drawn stretch of the timeline. */
export interface Segmento {
  /** Row of its line (0 = the first line, on top). */
  fila: number;
  linea: string;
  inicio: number;
  fin: number;
  estado: string;
  motivo: string | null;
  motivo_por: string | null;
  minutos: number;
}

/**
 * The timeline's stretches, each line on its row (in the server's order), cut to the window
 * [desde, hasta) (the production day or the shift); stretches outside it or empty are left out.
 */
export function segmentosTiempo(
  lineas: readonly LineaTiempoEntrada[],
  desde: number,
  hasta: number,
): Segmento[] {
  const out: Segmento[] = [];
  lineas.forEach((linea, fila) => {
    for (const t of linea.tramos) {
      const inicio = Math.max(desde, Date.parse(t.inicio));
      const fin = Math.min(hasta, Date.parse(t.fin));
      if (!(fin > inicio)) continue;
      out.push({
        fila,
        linea: linea.linea_nombre,
        inicio,
        fin,
        estado: t.estado,
        motivo: t.motivo,
        motivo_por: t.motivo_por,
        minutos: (fin - inicio) / 60_000,
      });
    }
  });
  return out;
}

/** Pixel height of the timeline for `n` lines. */
export function alturaLineaTiempo(n: number): number {
  return 56 + Math.max(1, n) * 40;
}

/** The rectangle of one stretch, clipped to the plot (a stretch under a pixel still shows as one). */
export function rectanguloSegmento(
  x0: number,
  x1: number,
  centroY: number,
  alto: number,
  plot: { x: number; y: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } | null {
  const izquierda = Math.max(plot.x, Math.min(x0, x1));
  const derecha = Math.min(plot.x + plot.width, Math.max(x0, x1));
  if (derecha < izquierda) return null;
  return { x: izquierda, y: centroY - alto / 2, width: Math.max(1, derecha - izquierda), height: alto };
}

/**
 * The day's timeline per line (ECharts custom series): a row per line over the production day or
 * the shift, running in green and each stop in its class's colour ('Sin motivo' its own); the
 * pointer shows the state, the reason, its times, duration and who gave the reason. Times on the
 * axis are plant time. Null without stretches ('Sin datos').
 */
export function buildLineaTiempoOption(
  lineas: readonly LineaTiempoEntrada[],
  ventana: { desde: number; hasta: number },
  timeZone: string,
  compact = false,
): ChartOption | null {
  const segmentos = segmentosTiempo(lineas, ventana.desde, ventana.hasta);
  if (segmentos.length === 0) return null;
  const horas = (ventana.hasta - ventana.desde) / 3_600_000;
  const paso = (compact ? (horas > 12 ? 6 : 2) : horas > 12 ? 3 : 1) * 3_600_000;
  const renderItem = (params: CustomSeriesRenderItemParams, api: CustomSeriesRenderItemAPI) => {
    const fila = Number(api.value(0));
    const a = api.coord([Number(api.value(1)), fila]);
    const b = api.coord([Number(api.value(2)), fila]);
    const alto = Number((api.size?.([0, 1]) as number[] | undefined)?.[1] ?? 30) * 0.62;
    const plot = params.coordSys as unknown as { x: number; y: number; width: number; height: number };
    const rect = rectanguloSegmento(a[0]!, b[0]!, a[1]!, alto, plot);
    if (!rect) return null;
    return { type: 'rect' as const, shape: rect, style: api.style?.() };
  };
  return {
    grid: {
      left: compact ? 4 : 12,
      right: compact ? 12 : 20,
      top: 8,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: unknown) => {
        const i = (params as { dataIndex?: number }).dataIndex ?? -1;
        const s = segmentos[i];
        if (!s) return '';
        return tooltipHtml(`${s.linea} · ${etiquetaEstado(s.estado)}`, [
          ...(s.estado !== MARCHA
            ? [{ color: colorEstado(s.estado), etiqueta: 'Motivo', valor: s.motivo ?? 'Sin motivo' }]
            : []),
          {
            color: null,
            etiqueta: 'Desde – hasta',
            valor: `${plantClock(s.inicio, timeZone)} – ${plantClock(s.fin, timeZone)}`,
          },
          { color: null, etiqueta: 'Duración', valor: formatValue(s.minutos, 'min', 1) },
          ...(s.estado !== MARCHA && s.motivo
            ? [{ color: null, etiqueta: 'Motivo dado por', valor: s.motivo_por ?? 'PLC / sistema' }]
            : []),
        ]);
      },
    },
    xAxis: {
      type: 'time',
      min: ventana.desde,
      max: ventana.hasta,
      // Whole hours: every 3 h over a day (2 h on a shift; 6 h on a phone).
      minInterval: paso,
      maxInterval: paso,
      splitLine: { show: true },
      axisLabel: { formatter: (v: number) => plantClock(v, timeZone), hideOverlap: true },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: lineas.map((l) => l.linea_nombre),
      axisTick: { show: false },
    },
    series: [
      {
        type: 'custom',
        name: 'Estado',
        renderItem,
        encode: { x: [1, 2], y: 0 },
        data: segmentos.map((s) => ({
          value: [s.fila, s.inicio, s.fin],
          itemStyle: { color: colorEstado(s.estado) },
        })),
      },
    ],
  };
}
