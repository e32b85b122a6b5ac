import { addDays } from '@planta/domain';
import { formatNumber } from '@planta/charts/format';

/**
 * Wastewater (PTA) rules the screens apply to the series they draw (DOMAIN "Wastewater"):
 * load kg/d = Q m³/d × C mg/L / 1000; removal % = (C_in − C_out) / C_in × 100; a range's removal
 * is the ratio of its sums Σ Q × (C_in − C_out) / Σ Q × C_in, never the mean of daily removals.
 * The API computes the day and the month/year totals with the same rules.
 */

export type EstadoLimite = 'CUMPLE' | 'NO_CUMPLE' | 'SIN_LIMITE' | 'SIN_DATO';

/** Variable names of the PTA the screens place by role (as configured in the plant model). */
export const PTA = {
  afluente: 'Caudal afluente (m³)',
  efluente: 'Caudal efluente (m³)',
  lodos: 'Lodos generados (kg/d)',
  energia: 'Energía PTA (kWh)',
} as const;

/** Inlet and outlet concentration of each pollutant followed. */
export const CONTAMINANTES = [
  { clave: 'DQO', nombre: 'DQO', entrada: 'DQO entrada (mg/L)', salida: 'DQO salida (mg/L)' },
  { clave: 'DBO5', nombre: 'DBO₅', entrada: 'DBO₅ entrada (mg/L)', salida: 'DBO₅ salida (mg/L)' },
  { clave: 'SST', nombre: 'SST', entrada: 'SST entrada (mg/L)', salida: 'SST salida (mg/L)' },
] as const;

const num = (v: number | null | undefined): v is number =>
  v !== null && v !== undefined && Number.isFinite(v);

/** kg/d = Q (m³/d) × C (mg/L) / 1000; null without either. */
export function carga(q: number | null | undefined, c: number | null | undefined): number | null {
  return num(q) && num(c) ? (q * c) / 1000 : null;
}

/** (C_in − C_out) / C_in × 100; null without either or when C_in ≤ 0. */
export function remocion(
  entrada: number | null | undefined,
  salida: number | null | undefined,
): number | null {
  return num(entrada) && num(salida) && entrada > 0 ? ((entrada - salida) / entrada) * 100 : null;
}

/** A range's removal: Σ Q × (C_in − C_out) / Σ Q × C_in × 100 over the days with the three. */
export function remocionDeSumas(
  q: readonly (number | null)[],
  entrada: readonly (number | null)[],
  salida: readonly (number | null)[],
): number | null {
  let removida = 0;
  let recibida = 0;
  let dias = 0;
  q.forEach((qi, i) => {
    const cin = entrada[i];
    const cout = salida[i];
    if (num(qi) && num(cin) && num(cout)) {
      removida += qi * (cin - cout);
      recibida += qi * cin;
      dias += 1;
    }
  });
  return dias === 0 || recibida <= 0 ? null : (removida / recibida) * 100;
}

/** A value against its limits (as the API judges it). */
export function estadoLimite(
  valor: number | null | undefined,
  minimo: number | null | undefined,
  maximo: number | null | undefined,
): EstadoLimite {
  if (!num(valor)) return 'SIN_DATO';
  if (!num(minimo) && !num(maximo)) return 'SIN_LIMITE';
  if (num(minimo) && valor < minimo) return 'NO_CUMPLE';
  if (num(maximo) && valor > maximo) return 'NO_CUMPLE';
  return 'CUMPLE';
}

/** The status in words (never colour alone). */
export const TEXTO_ESTADO: Record<EstadoLimite, string> = {
  CUMPLE: 'Cumple',
  NO_CUMPLE: 'No cumple',
  SIN_LIMITE: 'Sin límite',
  SIN_DATO: 'Sin dato',
};

/** '6.50 – 8.50 pH', '≤ 250 mg/L', '≥ 90.0 %', or '—' without limits. */
export function textoLimite(
  minimo: number | null | undefined,
  maximo: number | null | undefined,
  unidad: string,
  decimales: number,
): string {
  const u = unidad ? ` ${unidad}` : '';
  const f = (v: number) => formatNumber(v, decimales);
  if (num(minimo) && num(maximo)) return `${f(minimo)} – ${f(maximo)}${u}`;
  if (num(maximo)) return `≤ ${f(maximo)}${u}`;
  if (num(minimo)) return `≥ ${f(minimo)}${u}`;
  return '—';
}

/** A name without its unit in brackets: 'DQO salida (mg/L)' → 'DQO salida'. */
export function sinUnidad(nombre: string): string {
  return nombre.replace(/\s*\([^)]*\)\s*$/, '');
}

/** A series of the trend chart: a parameter, or a removal or load computed from them. */
export interface SerieTendencia {
  clave: string;
  nombre: string;
  unidad: string;
  decimales: number;
  minimo: number | null;
  maximo: number | null;
  valores: (number | null)[];
  /** The whole range's figure: ratio of sums for removals, sum for loads, null for parameters. */
  rango: number | null;
}

interface SerieApi {
  valores: readonly (number | null)[];
  variable: {
    nombre: string;
    unidad: string;
    decimales: number;
    minimo: number | null;
    maximo: number | null;
  };
}

/**
 * The series the trend chart offers: each parameter as recorded, then each pollutant's removal %
 * (the DQO one against the removal limit given) and its inlet load (kg/d), computed day by day.
 */
export function seriesTendencia(
  series: readonly SerieApi[],
  limiteRemocion: { minimo: number | null; maximo: number | null } = { minimo: null, maximo: null },
): SerieTendencia[] {
  const de = (nombre: string) => series.find((s) => s.variable.nombre === nombre)?.valores;
  const q = de(PTA.afluente);
  const parametros = series.map((s) => ({
    clave: s.variable.nombre,
    nombre: s.variable.nombre,
    unidad: s.variable.unidad,
    decimales: s.variable.decimales,
    minimo: s.variable.minimo,
    maximo: s.variable.maximo,
    valores: [...s.valores],
    rango: null,
  }));
  if (!q) return parametros;
  const calculadas = CONTAMINANTES.flatMap((c) => {
    const cin = de(c.entrada);
    const cout = de(c.salida);
    if (!cin) return [];
    const cargas = q.map((qi, i) => carga(qi, cin[i]));
    const presentes = cargas.filter(num);
    const cargaSerie: SerieTendencia = {
      clave: `carga-${c.clave}`,
      nombre: `Carga ${c.nombre} afluente`,
      unidad: 'kg/d',
      decimales: 0,
      minimo: null,
      maximo: null,
      valores: cargas,
      rango: presentes.length === 0 ? null : presentes.reduce((a, b) => a + b, 0),
    };
    if (!cout) return [cargaSerie];
    const limite = c.clave === 'DQO' ? limiteRemocion : { minimo: null, maximo: null };
    return [
      {
        clave: `remocion-${c.clave}`,
        nombre: `Remoción ${c.nombre}`,
        unidad: '%',
        decimales: 1,
        ...limite,
        valores: cin.map((v, i) => remocion(v, cout[i])),
        rango: remocionDeSumas(q, cin, cout),
      },
      cargaSerie,
    ];
  });
  return [...parametros, ...calculadas];
}

/**
 * Days of the trend offered (the API takes up to 366, but the request gate's cost estimate of
 * ptaTendencia, 366 days × every field below it, refuses the screen's query beyond ~250 days).
 */
export const DIAS_TENDENCIA = [7, 30, 90, 180] as const;
export type DiasTendencia = (typeof DIAS_TENDENCIA)[number];

/** The URL's number of days, or 30 when absent or not offered. */
export function leerDias(valor: string | null): DiasTendencia {
  const n = Number(valor);
  return (DIAS_TENDENCIA as readonly number[]).includes(n) ? (n as DiasTendencia) : 30;
}

/** The range of `dias` production days ending on `hasta`. */
export function rangoTendencia(hasta: string, dias: number): { desde: string; hasta: string } {
  return { desde: addDays(hasta, -(dias - 1)), hasta };
}
