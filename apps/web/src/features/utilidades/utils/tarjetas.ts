import { formatNumber } from '@planta/charts/format';
import type { KpiValores } from '../../../components/kpi/kpi-card.tsx';

/** What KpiSection needs of a card's "variable" (the API's VariableInfo shape). */
export interface TarjetaVariable {
  id: string;
  nombre: string;
  estado: number;
  nivel: string;
  minimo: number | null;
  maximo: number | null;
  area: string;
  unidad: string;
  agregacion: 'PROMEDIO';
  decimales: number;
  mayor_es_mejor: boolean;
}

export interface TarjetaResumen extends KpiValores {
  fecha: string;
  variable: { id: string; nombre: string };
}

export interface Tarjeta {
  variable: TarjetaVariable;
  resumen: TarjetaResumen;
  /** The variable the card's details dialog shows. */
  detalle: string;
  nota?: string;
}

export interface IndicadorApi {
  clave: string;
  nombre: string;
  unidad: string;
  decimales: number;
  variable_detalle: string;
  valor: number | null;
  mensual: number | null;
  anual: number | null;
  meta: number | null;
}

function tarjeta(
  id: string,
  nombre: string,
  unidad: string,
  decimales: number,
  fecha: string,
  valores: KpiValores,
  detalle: string,
  nota?: string,
): Tarjeta {
  return {
    // Every utility is better lower (less water, energy or leaks per unit).
    variable: {
      id,
      nombre,
      estado: 1,
      nivel: 'GLOBAL',
      minimo: null,
      maximo: null,
      area: 'utilidades',
      unidad,
      agregacion: 'PROMEDIO',
      decimales,
      mayor_es_mejor: false,
    },
    resumen: { ...valores, fecha, variable: { id, nombre } },
    detalle,
    nota,
  };
}

/** The per-unit cards: the range's figure (ratio of the sums) large, month and year to date below. */
export function tarjetasConsumo(indicadores: readonly IndicadorApi[], hasta: string): Tarjeta[] {
  return indicadores.map((i) =>
    tarjeta(
      i.clave,
      i.nombre,
      i.unidad,
      i.decimales,
      hasta,
      {
        diario: i.valor,
        mensual: i.mensual,
        anual: i.anual,
        meta: i.meta,
        meta_mensual: i.meta,
        meta_anual: i.meta,
      },
      i.variable_detalle,
    ),
  );
}

export interface FugasAlcance {
  minutos: number;
  minutos_sin_produccion: number;
  flujo_medio: number | null;
  flujo_sin_produccion: number | null;
  fugas_pct: number | null;
  meta: number | null;
}

/** '85.0 de 240.0 Nm³/h · 610 de 1,440 min sin producción'. */
export function notaFugas(f: FugasAlcance): string {
  if (f.minutos === 0) return 'Sin lecturas de flujo en el rango';
  return `${formatNumber(f.flujo_sin_produccion, 1)} de ${formatNumber(f.flujo_medio, 1)} Nm³/h · ${formatNumber(
    f.minutos_sin_produccion,
  )} de ${formatNumber(f.minutos)} min sin producción`;
}

/** The variable of a line's leak history ('Fugas de aire (%)_561' for line 1). */
export const variableFugasLinea = (linea: number) => `Fugas de aire (%)_56${linea}`;

/** The leak cards: the plant (Σ of the meters, no line producing) and each metered line. */
export function tarjetasFugas(
  fugas: FugasAlcance & { lineas: readonly (FugasAlcance & { linea: number })[] },
  hasta: string,
): Tarjeta[] {
  const valores = (f: FugasAlcance): KpiValores => ({
    diario: f.fugas_pct,
    mensual: null,
    anual: null,
    meta: f.meta,
    meta_mensual: null,
    meta_anual: null,
  });
  const primera = fugas.lineas[0]?.linea ?? 1;
  return [
    tarjeta(
      'fugas-planta',
      'Fugas de aire — planta',
      '%',
      1,
      hasta,
      valores(fugas),
      variableFugasLinea(primera),
      notaFugas(fugas),
    ),
    ...fugas.lineas.map((l) =>
      tarjeta(
        `fugas-${l.linea}`,
        `Fugas de aire — línea ${l.linea}`,
        '%',
        1,
        hasta,
        valores(l),
        variableFugasLinea(l.linea),
        notaFugas(l),
      ),
    ),
  ];
}

/** Σ of the lines' mean flow while idle (null when no line has one). */
export function flujoSinProduccionLineas(
  lineas: readonly { flujo_sin_produccion: number | null }[],
): number | null {
  const valores = lineas.map((l) => l.flujo_sin_produccion).filter((v): v is number => v !== null);
  return valores.length === 0 ? null : valores.reduce((a, b) => a + b, 0);
}
