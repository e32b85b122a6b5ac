import { formatNumber, formatPercent, formatValue } from '@planta/charts/format';
import { tooltipHtml, tooltipIndex } from '@planta/charts/tooltip';
import type { ChartOption } from '../../../components/charts/echarts.ts';
import { COLOR_TIEMPO, colorEstado, ETIQUETA_GRUPO } from './clases.ts';

/** What the waterfall needs of perdidasOee (minutes). */
export interface CascadaEntrada {
  tiempo_planificado: number;
  tiempo_operativo: number;
  tiempo_neto: number;
  tiempo_productivo: number;
  perdidas: readonly { clase: string; etiqueta: string; grupo: string; minutos: number }[];
}

/** One bar of the waterfall: a time (from 0) or a loss (floating from `base` to `base + valor`). */
export interface PasoCascada {
  etiqueta: string;
  tipo: 'tiempo' | 'perdida';
  clase: string | null;
  grupo: string | null;
  /** Where the bar starts (0 for a time). */
  base: number;
  /** Its length, minutes (≥ 0). */
  valor: number;
  color: string;
}

/** The subtotal each group of losses leads to, in the waterfall's order. */
const GRUPOS = [
  { grupo: 'DISPONIBILIDAD', tiempo: 'Tiempo operativo', campo: 'tiempo_operativo' },
  { grupo: 'RENDIMIENTO', tiempo: 'Tiempo neto', campo: 'tiempo_neto' },
  { grupo: 'CALIDAD', tiempo: 'Tiempo productivo', campo: 'tiempo_productivo' },
] as const;

/**
 * The bars of the OEE waterfall (ISO 22400-2): planned busy time, each availability loss taken
 * from it, operating time, the speed and micro-stop losses, net time, the quality losses, and the
 * fully productive time. The times are the server's; each loss hangs from the level the previous
 * bars left (the server's identities make the levels meet its times exactly).
 */
export function pasosCascada(p: CascadaEntrada): PasoCascada[] {
  const tiempo = (etiqueta: string, valor: number): PasoCascada => ({
    etiqueta,
    tipo: 'tiempo',
    clase: null,
    grupo: null,
    base: 0,
    valor: Math.max(0, valor),
    color: COLOR_TIEMPO,
  });
  const pasos: PasoCascada[] = [tiempo('Tiempo planificado', p.tiempo_planificado)];
  let nivel = p.tiempo_planificado;
  for (const g of GRUPOS) {
    for (const perdida of p.perdidas.filter((x) => x.grupo === g.grupo)) {
      const siguiente = nivel - perdida.minutos;
      pasos.push({
        etiqueta: perdida.etiqueta,
        tipo: 'perdida',
        clase: perdida.clase,
        grupo: perdida.grupo,
        base: Math.max(0, Math.min(nivel, siguiente)),
        valor: Math.abs(perdida.minutos),
        color: colorEstado(perdida.clase, perdida.grupo),
      });
      nivel = siguiente;
    }
    pasos.push(tiempo(g.tiempo, p[g.campo]));
    nivel = p[g.campo];
  }
  return pasos;
}

/** Pixel height the waterfall needs for `n` bars. */
export function alturaCascada(n: number): number {
  return Math.max(260, 40 + n * 30);
}

const corta = (texto: string, max: number) =>
  texto.length <= max ? texto : `${texto.slice(0, max - 1).trimEnd()}…`;

/**
 * The waterfall on its side (its Spanish labels stay readable on a phone): one row per time or
 * loss, top to bottom; losses float where the previous bars left the time, coloured by class
 * (group for the others); each bar's minutes at its end. Null without planned time ('Sin datos').
 */
export function buildCascadaOption(p: CascadaEntrada, compact = false): ChartOption | null {
  if (!(p.tiempo_planificado > 0)) return null;
  const pasos = pasosCascada(p);
  const planificado = p.tiempo_planificado;
  return {
    grid: {
      left: compact ? 4 : 12,
      right: compact ? 44 : 56,
      top: 8,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: unknown) => {
        const paso = pasos[tooltipIndex(params)];
        if (!paso) return '';
        return tooltipHtml(paso.etiqueta, [
          {
            color: paso.color,
            etiqueta: paso.tipo === 'perdida' ? 'Pérdida' : 'Tiempo',
            valor: formatValue(paso.valor, 'min', 1),
          },
          {
            color: null,
            etiqueta: '% del planificado',
            valor: formatPercent((paso.valor / planificado) * 100),
          },
          ...(paso.grupo
            ? [{ color: null, etiqueta: 'Reduce', valor: ETIQUETA_GRUPO[paso.grupo] ?? paso.grupo }]
            : []),
        ]);
      },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: pasos.map((x) => x.etiqueta),
      // On a phone the times drop their 'Tiempo ' (the bars' colour says they are times).
      axisLabel: {
        formatter: (v: string) =>
          compact
            ? corta(
                v.replace(/^Tiempo (\w)/u, (_m, l: string) => l.toUpperCase()),
                16,
              )
            : corta(v, 28),
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: planificado,
      name: compact ? '' : 'min',
      splitNumber: compact ? 3 : 5,
      axisLabel: { formatter: (v: number) => formatNumber(v), hideOverlap: true },
    },
    series: [
      {
        name: 'base',
        type: 'bar',
        stack: 'cascada',
        silent: true,
        itemStyle: { color: 'transparent' },
        emphasis: { disabled: true },
        data: pasos.map((x) => x.base),
      },
      {
        name: 'Minutos',
        type: 'bar',
        stack: 'cascada',
        barMaxWidth: 22,
        data: pasos.map((x) => ({ value: x.valor, itemStyle: { color: x.color } })),
        label: {
          show: true,
          position: 'right',
          color: '#c9d1d9',
          formatter: (params: { dataIndex: number }) => {
            const paso = pasos[params.dataIndex];
            if (!paso) return '';
            const texto = formatNumber(paso.valor);
            return paso.tipo === 'perdida' && texto !== '0' ? `−${texto}` : texto;
          },
        },
      },
    ],
  };
}
