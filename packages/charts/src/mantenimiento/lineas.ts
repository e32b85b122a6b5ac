import { WALDEN_COLORS } from '../walden-theme.ts';

/** The colour of line `numero` in every chart of the screen (line 1 the first of the theme). */
export function colorLinea(numero: number): string {
  return WALDEN_COLORS[(Math.max(1, numero) - 1) % WALDEN_COLORS.length]!;
}

/** Base names of the per-line maintenance variables (packages/plant-model variables.ts). */
export const MTTR_BASE = 'MTTR (min)';
export const MTTF_BASE = 'MTTF (min)';
