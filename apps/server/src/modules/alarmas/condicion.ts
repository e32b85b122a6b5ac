/**
 * A rule's condition on one value: whether it crosses the limit (the alarm opens), is back inside
 * it by the dead band (an open alarm normalizes), or sits in between (nothing changes: a value
 * hovering at the limit neither floods nor flaps).
 */
export const CONDICIONES = [
  'FUERA_DE_RANGO',
  'BAJO_META',
  'SOBRE_META',
  'UMBRAL_BAJO',
  'UMBRAL_SOBRE',
] as const;
export type Condicion = (typeof CONDICIONES)[number];

export interface Limites {
  minimo: number | null;
  maximo: number | null;
  meta: number | null;
  umbral: number | null;
}

export type Estado =
  /** Crossed: `limite` is the bound crossed. */
  | { tipo: 'fuera'; limite: number }
  /** Back inside by the dead band. */
  | { tipo: 'normal' }
  /** Inside the limit but within the dead band, or no limit to compare with. */
  | { tipo: 'banda' }
  | { tipo: 'sin-limite' };

export function evaluarCondicion(
  condicion: Condicion,
  valor: number,
  limites: Limites,
  histeresis: number,
): Estado {
  const h = Math.max(0, histeresis);
  const bajo = (limite: number | null): Estado =>
    limite === null
      ? { tipo: 'sin-limite' }
      : valor < limite
        ? { tipo: 'fuera', limite }
        : valor >= limite + h
          ? { tipo: 'normal' }
          : { tipo: 'banda' };
  const sobre = (limite: number | null): Estado =>
    limite === null
      ? { tipo: 'sin-limite' }
      : valor > limite
        ? { tipo: 'fuera', limite }
        : valor <= limite - h
          ? { tipo: 'normal' }
          : { tipo: 'banda' };
  switch (condicion) {
    case 'BAJO_META':
      return bajo(limites.meta);
    case 'SOBRE_META':
      return sobre(limites.meta);
    case 'UMBRAL_BAJO':
      return bajo(limites.umbral);
    case 'UMBRAL_SOBRE':
      return sobre(limites.umbral);
    case 'FUERA_DE_RANGO': {
      if (limites.minimo === null && limites.maximo === null) return { tipo: 'sin-limite' };
      const abajo = bajo(limites.minimo);
      const arriba = sobre(limites.maximo);
      if (abajo.tipo === 'fuera') return abajo;
      if (arriba.tipo === 'fuera') return arriba;
      if (abajo.tipo === 'banda' || arriba.tipo === 'banda') return { tipo: 'banda' };
      return { tipo: 'normal' };
    }
  }
}

/**
 * The live condition over the last minutes: it opens when every one of the last `duracion` minutes
 * crossed (and there are that many), and normalizes when the latest minute is back by the band.
 */
export function evaluarDuracion(
  condicion: Condicion,
  /** The minutes' values, oldest first. */
  valores: readonly number[],
  limites: Limites,
  histeresis: number,
  duracion: number,
): Estado {
  const ultimo = valores.at(-1);
  if (ultimo === undefined) return { tipo: 'sin-limite' };
  const final = evaluarCondicion(condicion, ultimo, limites, histeresis);
  if (final.tipo !== 'fuera') return final;
  const ventana = valores.slice(-duracion);
  if (ventana.length < duracion) return { tipo: 'banda' };
  return ventana.every((v) => evaluarCondicion(condicion, v, limites, histeresis).tipo === 'fuera')
    ? final
    : { tipo: 'banda' };
}

/**
 * Replays the lifecycle over a series (the 30-day preview): each opening is one occurrence; an
 * occurrence ends when the value is back by the band. `duracion` 1 is a value at a time.
 */
export function ocurrencias<T extends { valor: number }>(
  condicion: Condicion,
  serie: readonly T[],
  limitesDe: (punto: T) => Limites,
  histeresis: number,
  duracion = 1,
): { punto: T; limite: number }[] {
  const abiertas: { punto: T; limite: number }[] = [];
  let abierta = false;
  let racha = 0;
  for (const punto of serie) {
    const estado = evaluarCondicion(condicion, punto.valor, limitesDe(punto), histeresis);
    racha = estado.tipo === 'fuera' ? racha + 1 : 0;
    if (!abierta && estado.tipo === 'fuera' && racha >= duracion) {
      abierta = true;
      abiertas.push({ punto, limite: estado.limite });
    } else if (abierta && estado.tipo === 'normal') {
      abierta = false;
    }
  }
  return abiertas;
}
