import { WALDEN_COLORS } from '@planta/charts/walden-theme';

/** A production line's colours: the line's own hue in three shades, used the same way everywhere. */
export interface PaletaLinea {
  /** The line's accent and its real speed. */
  principal: string;
  /** Bars next to the main series (bottles, finished product). */
  claro: string;
  /** A third series (packs). */
  oscuro: string;
}

/**
 * SPEC §3: colour palettes for lines 1 to 3 (walden's blue, mint and lavender), and one for line 4
 * (amber), so a line keeps its colour on every card, chart and dialog.
 */
export const PALETAS_LINEA: Readonly<Record<1 | 2 | 3 | 4, PaletaLinea>> = {
  1: { principal: WALDEN_COLORS[0], claro: '#96dee8', oscuro: '#1f7fa8' },
  2: { principal: WALDEN_COLORS[1], claro: '#c4ebad', oscuro: '#2fa886' },
  3: { principal: WALDEN_COLORS[3], claro: '#cfd3f5', oscuro: '#626c91' },
  4: { principal: '#e8b04f', claro: '#f4d49b', oscuro: '#b37518' },
};

/** The palette of line `numero`; lines added later reuse the four in turn. */
export function paletaLinea(numero: number): PaletaLinea {
  const n = Number.isInteger(numero) && numero > 0 ? ((numero - 1) % 4) + 1 : 1;
  return PALETAS_LINEA[n as 1 | 2 | 3 | 4];
}

/** The nominal speed is drawn in the same neutral dashed line on every line's chart. */
export const COLOR_NOMINAL = '#c9d1d9';

/** Packs are drawn as a light line over the line-coloured bottle bars, readable on every palette. */
export const COLOR_PAQUETES = '#e6edf3';

/** '#3fb1e3' with opacity 0.3 → 'rgba(63, 177, 227, 0.3)'. */
export function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new RangeError(`Color inválido: ${hex}`);
  const [r, g, b] = match.slice(1).map((h) => Number.parseInt(h, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** A vertical gradient for the area under a line: the palette's light shade fading into its dark one. */
export function areaGradient(paleta: PaletaLinea) {
  return {
    type: 'linear' as const,
    x: 0,
    y: 0,
    x2: 0,
    y2: 1,
    colorStops: [
      { offset: 0, color: withAlpha(paleta.claro, 0.32) },
      { offset: 1, color: withAlpha(paleta.oscuro, 0.04) },
    ],
  };
}

/** Bars in the line's colour, darker at the foot. */
export function barGradient(paleta: PaletaLinea) {
  return {
    type: 'linear' as const,
    x: 0,
    y: 0,
    x2: 0,
    y2: 1,
    colorStops: [
      { offset: 0, color: paleta.principal },
      { offset: 1, color: paleta.oscuro },
    ],
  };
}
