import { round2 } from '@planta/domain';

/** The raw sums of a line (or the plant) over the range, and the ratios derived from them. */
export interface Sumas {
  fallas: number;
  minutos_falla: number;
  minutos_paro: number;
  minutos_marcha: number;
}

export interface Indicadores extends Sumas {
  mttr: number | null;
  mttf: number | null;
  mtbf: number | null;
  disponibilidad: number | null;
}

const ratio = (num: number, den: number) => (den > 0 ? round2(num / den) : null);

/**
 * The plant over the range: the lines' raw sums added, then the ratios of the sums (DOMAIN
 * "Maintenance": MTTR = repair minutes / failures, MTTF = run minutes / failures, MTBF = MTTF +
 * MTTR, availability = MTTF / MTBF), never a mean of the lines' ratios.
 */
export function totalPlanta(lineas: readonly Sumas[]): Indicadores {
  const s = lineas.reduce<Sumas>(
    (acc, l) => ({
      fallas: acc.fallas + l.fallas,
      minutos_falla: acc.minutos_falla + l.minutos_falla,
      minutos_paro: acc.minutos_paro + l.minutos_paro,
      minutos_marcha: acc.minutos_marcha + l.minutos_marcha,
    }),
    { fallas: 0, minutos_falla: 0, minutos_paro: 0, minutos_marcha: 0 },
  );
  return {
    ...s,
    mttr: ratio(s.minutos_falla, s.fallas),
    mttf: ratio(s.minutos_marcha, s.fallas),
    mtbf: ratio(s.minutos_marcha + s.minutos_falla, s.fallas),
    disponibilidad: ratio(s.minutos_marcha * 100, s.minutos_marcha + s.minutos_falla),
  };
}
