/**
 * The OEE waterfall of a line-day, and of its shifts, in minutes (docs/perdidas.md). Pure: the
 * service reads the rows and sums what this returns.
 *
 * A line-day's figures come from its `eficiencias` row, the one /fabrica's OEE comes from:
 * planned busy time P, run time R, nominal CU of run time N, total CU T and good CU G. With
 * L = P − R (the time the line stood still inside planned busy time):
 * - availability: the unplanned stop rows of the day by key (FALLA, CAMBIO_FORMATO, SIN_MOTIVO,
 *   MICROPARO, VELOCIDAD, CALIDAD, ARRANQUE; seconds of the rows, clipped to the day) measure L. The
 *   rows are second-precise and the time model counts whole minutes, so they rarely agree: when
 *   they add up to less than L, the rest is "Paro no registrado" (NO_REGISTRADO, availability); when
 *   to more, every key is scaled by L / Σ so they add up to L exactly;
 * - a stop's key decides its group: FALLA, CAMBIO_FORMATO, SIN_MOTIVO and NO_REGISTRADO cost
 *   availability, MICROPARO and VELOCIDAD performance, CALIDAD and ARRANQUE quality;
 * - run time splits by the counts at the line-day's nominal rate N / R: productive = R·G/N, quality
 *   loss (bottles filled but not good) = R·(T − G)/N into CALIDAD, speed loss = the rest of R
 *   into VELOCIDAD.
 * So Σ losses + productive = P, P − availability = operating, and productive / P = G / (N·P/R) =
 * G / nominal of planned time = the stored OEE.
 *
 * A shift gets its share of its day (so the shifts add up to the day exactly): its stop rows (and
 * their share of the scaling), L × its share of the day's unplanned stop minutes (or, with no stop
 * rows, of the day's non-run minutes of the hours, else of its minutes), and R's productive,
 * quality and speed parts by its hours' good CU, total − good and nominal − total (each falling
 * back to its run minutes, then its minutes, when the day has none). Its planned time is the sum.
 */

export const CLAVES_DISPONIBILIDAD = ['FALLA', 'CAMBIO_FORMATO', 'SIN_MOTIVO', 'NO_REGISTRADO'] as const;
export const CLAVES_RENDIMIENTO = ['MICROPARO', 'VELOCIDAD'] as const;
export const CLAVES_CALIDAD = ['CALIDAD', 'ARRANQUE'] as const;

/** The waterfall's losses in order, with their group and Spanish label. */
export const PERDIDAS = [
  { clase: 'FALLA', etiqueta: 'Fallas', grupo: 'DISPONIBILIDAD' },
  { clase: 'CAMBIO_FORMATO', etiqueta: 'Cambios de formato', grupo: 'DISPONIBILIDAD' },
  { clase: 'SIN_MOTIVO', etiqueta: 'Sin motivo', grupo: 'DISPONIBILIDAD' },
  { clase: 'NO_REGISTRADO', etiqueta: 'Paro no registrado', grupo: 'DISPONIBILIDAD' },
  { clase: 'MICROPARO', etiqueta: 'Microparos', grupo: 'RENDIMIENTO' },
  { clase: 'VELOCIDAD', etiqueta: 'Velocidad reducida', grupo: 'RENDIMIENTO' },
  { clase: 'CALIDAD', etiqueta: 'Calidad', grupo: 'CALIDAD' },
  { clase: 'ARRANQUE', etiqueta: 'Arranque', grupo: 'CALIDAD' },
] as const;

export type ClavePerdida = (typeof PERDIDAS)[number]['clase'];
/** The keys a stop row can have outside planned time (NO_REGISTRADO is no row's). */
export const CLAVES_PARO = [
  'FALLA',
  'CAMBIO_FORMATO',
  'SIN_MOTIVO',
  'MICROPARO',
  'VELOCIDAD',
  'CALIDAD',
  'ARRANQUE',
] as const;
export type ClaveParo = (typeof CLAVES_PARO)[number];

export interface DiaModelo {
  planificados: number;
  marcha: number;
  nominalMarchaCu: number;
  buenoCu: number;
  /** Null: not stored (read as total = good). */
  totalCu: number | null;
}

/** One span of the day (the day itself, or one of its shifts): its stop rows and hourly weights. */
export interface TramoDia {
  /** Unplanned stop minutes by key, clipped to the span. */
  paros: Partial<Record<ClaveParo, number>>;
  /** Span minutes, run minutes, and good, total and nominal CU of its hours (weights only). */
  minutos: number;
  marcha: number;
  buenoCu: number;
  totalCu: number;
  nominalCu: number;
}

export interface Cascada {
  planificado: number;
  /** The run time inside it (productive + quality loss + speed loss). */
  marcha: number;
  perdidas: Record<ClavePerdida, number>;
}

const vacias = (): Record<ClavePerdida, number> =>
  Object.fromEntries(PERDIDAS.map((p) => [p.clase, 0])) as Record<ClavePerdida, number>;

const suma = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const pos = (x: number) => (Number.isFinite(x) && x > 0 ? x : 0);

/** Shares of `total` by the first list of weights that adds up to more than 0 (else equal shares). */
function repartir(total: number, ...pesos: (readonly number[])[]): number[] {
  for (const w of pesos) {
    const s = suma(w.map(pos));
    if (s > 0) return w.map((x) => (total * pos(x)) / s);
  }
  const n = pesos[0]?.length ?? 0;
  return Array.from({ length: n }, () => (n > 0 ? total / n : 0));
}

/** The waterfall of each span of a line-day (one span: the day's own). They add up to the day's. */
export function cascadasDelDia(dia: DiaModelo, tramos: readonly TramoDia[]): Cascada[] {
  const P = pos(dia.planificados);
  const R = Math.min(pos(dia.marcha), P);
  const N = pos(dia.nominalMarchaCu);
  const G = pos(dia.buenoCu);
  const T = Math.min(Math.max(pos(dia.totalCu ?? G), G), Math.max(N, G));
  const productivo = N > 0 ? (R * Math.min(G, N)) / N : 0;
  const calidad = N > 0 ? (R * (T - Math.min(G, T))) / N : 0;
  const velocidad = Math.max(0, R - productivo - calidad);
  const L = P - R;

  const parosDe = (t: TramoDia) => suma(CLAVES_PARO.map((k) => pos(t.paros[k] ?? 0)));
  const S = suma(tramos.map(parosDe));
  const escala = S > L ? (S > 0 ? L / S : 0) : 1;
  const paradoL =
    S > 0
      ? tramos.map((t) => (L * parosDe(t)) / S)
      : repartir(
          L,
          tramos.map((t) => t.minutos - t.marcha),
          tramos.map((t) => t.minutos),
        );
  const marcha = tramos.map((t) => t.marcha);
  const minutos = tramos.map((t) => t.minutos);
  const prod = repartir(
    productivo,
    tramos.map((t) => t.buenoCu),
    marcha,
    minutos,
  );
  const cal = repartir(
    calidad,
    tramos.map((t) => t.totalCu - t.buenoCu),
    marcha,
    minutos,
  );
  const vel = repartir(
    velocidad,
    tramos.map((t) => t.nominalCu - t.totalCu),
    marcha,
    minutos,
  );

  return tramos.map((t, j) => {
    const perdidas = vacias();
    let registrados = 0;
    for (const k of CLAVES_PARO) {
      const m = pos(t.paros[k] ?? 0) * escala;
      perdidas[k] += m;
      registrados += m;
    }
    perdidas.NO_REGISTRADO = Math.max(0, paradoL[j]! - registrados);
    perdidas.VELOCIDAD += vel[j]!;
    perdidas.CALIDAD += cal[j]!;
    const enMarcha = prod[j]! + cal[j]! + vel[j]!;
    return { planificado: paradoL[j]! + enMarcha, marcha: enMarcha, perdidas };
  });
}

/** The figures of a waterfall: operating, net and productive time, and the four ratios (%). */
export function figuras(planificado: number, perdidas: Record<ClavePerdida, number>) {
  const grupo = (claves: readonly ClavePerdida[]) => suma(claves.map((k) => perdidas[k]));
  const operativo = planificado - grupo(CLAVES_DISPONIBILIDAD);
  const neto = operativo - grupo(CLAVES_RENDIMIENTO);
  const productivo = neto - grupo(CLAVES_CALIDAD);
  const pct = (a: number, b: number) => (b > 0 ? (Math.max(0, a) / b) * 100 : null);
  return {
    tiempo_operativo: operativo,
    tiempo_neto: neto,
    tiempo_productivo: productivo,
    disponibilidad: pct(operativo, planificado),
    rendimiento: pct(neto, operativo),
    calidad: pct(productivo, neto),
    oee: pct(productivo, planificado),
  };
}
