/**
 * Pure rules of the Utilidades screen: utilities consumed per unit produced (always the ratio of
 * the sums over the period, never a mean of daily ratios) and the compressed-air leak share.
 */

/** Raw sums of one production day (or of a period: add the days with `sumar`). */
export interface SumasUtilidades {
  /** Unit cases produced (the plant's 'Producción (CU)', as on /fabrica). */
  produccion_cu: number;
  /** Litres of beverage produced: the denominator /fabrica's per-litre ratios divide by. */
  litros: number;
  /** Bottles filled (Σ botellas_llenas of the lines' minute rows). */
  botellas: number;
  agua_m3: number | null;
  energia_kwh: number | null;
  gas_m3: number | null;
  energia_compresores_kwh: number | null;
  /** Compressed air delivered (Nm³): the denominator of 'Consumo específico compresores (kWh/Nm³)'. */
  aire_nm3: number | null;
}

export const SUMAS_VACIAS: SumasUtilidades = {
  produccion_cu: 0,
  litros: 0,
  botellas: 0,
  agua_m3: null,
  energia_kwh: null,
  gas_m3: null,
  energia_compresores_kwh: null,
  aire_nm3: null,
};

const suma = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : a + b);

/** The sums of several days (a consumption nobody measured stays null, not 0). */
export function sumar(dias: readonly SumasUtilidades[]): SumasUtilidades {
  return dias.reduce<SumasUtilidades>(
    (acc, d) => ({
      produccion_cu: acc.produccion_cu + d.produccion_cu,
      litros: acc.litros + d.litros,
      botellas: acc.botellas + d.botellas,
      agua_m3: suma(acc.agua_m3, d.agua_m3),
      energia_kwh: suma(acc.energia_kwh, d.energia_kwh),
      gas_m3: suma(acc.gas_m3, d.gas_m3),
      energia_compresores_kwh: suma(acc.energia_compresores_kwh, d.energia_compresores_kwh),
      aire_nm3: suma(acc.aire_nm3, d.aire_nm3),
    }),
    SUMAS_VACIAS,
  );
}

export type ClaveIndicador = 'agua' | 'electricidad' | 'gas' | 'aire_botellas' | 'aire_especifico';

export interface DefinicionIndicador {
  clave: ClaveIndicador;
  nombre: string;
  unidad: string;
  decimales: number;
  /** The variable whose meta the figure is compared with (null: none exists). */
  variable_meta: string | null;
  /** Factor from that variable's meta to this figure's unit (kWh/CU → kWh/L: 1 / 5.678). */
  factor_meta: number;
  /** The variable whose history the details dialog shows. */
  variable_detalle: string;
  numerador: (s: SumasUtilidades) => number | null;
  denominador: (s: SumasUtilidades) => number;
}

/** Litres in a unit case (24 × 8 US fl oz). */
const LITROS_CU = 5.678;

/** The per-unit figures of the screen, in the order a utilities engineer reads them. */
export const INDICADORES: readonly DefinicionIndicador[] = [
  {
    clave: 'agua',
    nombre: 'Agua por litro producido',
    unidad: 'L/L',
    decimales: 2,
    variable_meta: 'Relación agua (L/L)',
    factor_meta: 1,
    variable_detalle: 'Relación agua (L/L)',
    numerador: (s) => (s.agua_m3 === null ? null : s.agua_m3 * 1000),
    denominador: (s) => s.litros,
  },
  {
    clave: 'electricidad',
    nombre: 'Electricidad por litro',
    unidad: 'kWh/L',
    decimales: 4,
    // The plant has its target in kWh per unit case; a unit case is 5.678 L.
    variable_meta: 'KPI energía (kWh/CU)',
    factor_meta: 1 / LITROS_CU,
    variable_detalle: 'Energía eléctrica (kWh)',
    numerador: (s) => s.energia_kwh,
    denominador: (s) => s.litros,
  },
  {
    clave: 'gas',
    nombre: 'Gas por 1.000 L',
    unidad: 'm³/1.000 L',
    decimales: 2,
    variable_meta: null,
    factor_meta: 1,
    variable_detalle: 'Consumo de gas (m³)',
    numerador: (s) => (s.gas_m3 === null ? null : s.gas_m3 * 1000),
    denominador: (s) => s.litros,
  },
  {
    clave: 'aire_botellas',
    nombre: 'Aire por 1.000 botellas',
    unidad: 'Nm³/1.000 bot.',
    decimales: 1,
    variable_meta: null,
    factor_meta: 1,
    variable_detalle: 'Flujo aire BP (Nm³/h)',
    numerador: (s) => (s.aire_nm3 === null ? null : s.aire_nm3 * 1000),
    denominador: (s) => s.botellas,
  },
  {
    clave: 'aire_especifico',
    nombre: 'Energía de compresores por Nm³',
    unidad: 'kWh/Nm³',
    decimales: 3,
    variable_meta: 'Consumo específico compresores (kWh/Nm³)',
    factor_meta: 1,
    variable_detalle: 'Consumo específico compresores (kWh/Nm³)',
    numerador: (s) => s.energia_compresores_kwh,
    denominador: (s) => s.aire_nm3 ?? 0,
  },
];

/** numerador / denominador, or null when either is missing or the denominator is not positive. */
export function razon(numerador: number | null, denominador: number | null): number | null {
  if (numerador === null || denominador === null || !(denominador > 0) || !Number.isFinite(numerador))
    return null;
  return numerador / denominador;
}

/** A figure per unit produced over a period: the ratio of the period's sums. */
export function porUnidad(def: DefinicionIndicador, sumas: SumasUtilidades): number | null {
  return razon(def.numerador(sumas), def.denominador(sumas));
}

/** One minute of compressed air: the flow read (Nm³/h) and whether any line ran or counted. */
export interface MinutoAire {
  flujo: number;
  produce: boolean;
}

export interface Fugas {
  minutos: number;
  minutos_sin_produccion: number;
  /** Mean flow over every minute with a reading (Nm³/h). */
  flujo_medio: number | null;
  /** Mean flow over the minutes when nothing was produced (Nm³/h). */
  flujo_sin_produccion: number | null;
  /** flujo_sin_produccion / flujo_medio × 100: the share of the air that leaks. */
  fugas_pct: number | null;
}

/**
 * Compressed-air leaks (DOMAIN "Water and energy"): the mean flow while the lines produce nothing
 * over the mean flow of all the minutes, in %. No idle minute (or no flow) → null, not 0.
 */
export function fugasAire(minutos: readonly MinutoAire[]): Fugas {
  let total = 0;
  let idle = 0;
  let n = 0;
  let nIdle = 0;
  for (const m of minutos) {
    total += m.flujo;
    n++;
    if (!m.produce) {
      idle += m.flujo;
      nIdle++;
    }
  }
  return fugasDeSumas({
    minutos: n,
    flujo_total: total,
    minutos_sin_produccion: nIdle,
    flujo_sin_produccion_total: idle,
  });
}

/** The same rule from the sums a query returns. */
export function fugasDeSumas(s: {
  minutos: number;
  flujo_total: number;
  minutos_sin_produccion: number;
  flujo_sin_produccion_total: number;
}): Fugas {
  const flujoMedio = s.minutos > 0 ? s.flujo_total / s.minutos : null;
  const flujoIdle =
    s.minutos_sin_produccion > 0 ? s.flujo_sin_produccion_total / s.minutos_sin_produccion : null;
  return {
    minutos: s.minutos,
    minutos_sin_produccion: s.minutos_sin_produccion,
    flujo_medio: flujoMedio,
    flujo_sin_produccion: flujoIdle,
    fugas_pct: flujoIdle === null ? null : razon(flujoIdle * 100, flujoMedio),
  };
}
