import { CHART_COLORS } from '@planta/charts/walden-theme';
import { ETIQUETAS_CLASE_PERDIDA, esClasePerdida } from '@planta/domain';

/** The state of a stretch of a line's timeline, or a loss's class, as perdidasOee sends it. */
export type Estado = string;

/** Unplanned stops still waiting for a reason: their own colour everywhere on the screen. */
export const SIN_MOTIVO = 'SIN_MOTIVO';
export const MARCHA = 'MARCHA';

/**
 * One colour per state, the same on the waterfall, the Pareto and the timeline: running green,
 * planned time grey (it is no loss), availability losses warm, performance losses amber/purple,
 * quality pink, and a stop without a reason cyan, unlike any class (it is the operators' to-do).
 */
export const COLOR_ESTADO: Readonly<Record<string, string>> = {
  MARCHA: '#3fb950',
  PLANIFICADO: '#6e7681',
  FALLA: '#f85149',
  CAMBIO_FORMATO: '#f0883e',
  MICROPARO: '#e3b341',
  VELOCIDAD: '#a371f7',
  CALIDAD: '#db61a2',
  ARRANQUE: '#ff9bce',
  SIN_MOTIVO: '#39d0d8',
};

/** A loss's colour by the group it reduces, for a class the screen does not know (e.g. 'Paro no registrado'). */
export const COLOR_GRUPO: Readonly<Record<string, string>> = {
  DISPONIBILIDAD: '#ff7b72',
  RENDIMIENTO: '#d29922',
  CALIDAD: '#db61a2',
};

/** The colour of the time bars (planned, operating, net, fully productive). */
export const COLOR_TIEMPO = CHART_COLORS.real;
/** Stretches of a day without data (before the first minute, after now). */
export const COLOR_OTRO = '#484f58';

export function colorEstado(estado: Estado, grupo?: string): string {
  return COLOR_ESTADO[estado] ?? (grupo ? COLOR_GRUPO[grupo] : undefined) ?? COLOR_OTRO;
}

/** Spanish label of a state: 'En marcha', 'Sin motivo', or the class's label. */
export function etiquetaEstado(estado: Estado): string {
  if (estado === MARCHA) return 'En marcha';
  if (estado === SIN_MOTIVO) return 'Sin motivo';
  if (esClasePerdida(estado)) return ETIQUETAS_CLASE_PERDIDA[estado];
  return estado.charAt(0) + estado.slice(1).toLowerCase().replaceAll('_', ' ');
}

/** Spanish name of an OEE factor's group. */
export const ETIQUETA_GRUPO: Readonly<Record<string, string>> = {
  DISPONIBILIDAD: 'Disponibilidad',
  RENDIMIENTO: 'Rendimiento',
  CALIDAD: 'Calidad',
};

/**
 * The state a stop shows in the tables: its class, or 'Sin motivo' while an unplanned stop waits
 * for its reason (a micro-stop needs none).
 */
export function estadoParo(p: { clase: string; motivo: unknown }): Estado {
  return p.motivo || p.clase === 'MICROPARO' || p.clase === 'PLANIFICADO' ? p.clase : SIN_MOTIVO;
}
