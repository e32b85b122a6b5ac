import { addDays, isIsoDate } from '@planta/domain';

/** Days from desde to hasta, both included (YYYY-MM-DD). */
export function diasEntre(desde: string, hasta: string): number {
  return (Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000 + 1;
}

/**
 * The range of days in a report's URL (desde, hasta): today by default; a bad date becomes today
 * (with a Spanish note), days after today become today, a reversed range is put in order, and a
 * range longer than `max` days keeps its last `max` days (`recortado`).
 */
export function rangoDeParams(
  params: URLSearchParams,
  hoy: string,
  max: number,
): { desde: string; hasta: string; aviso: string | null; recortado: boolean } {
  let aviso: string | null = null;
  const fecha = (name: string) => {
    const v = params.get(name);
    if (v === null) return hoy;
    if (!isIsoDate(v)) {
      aviso = `La fecha "${name}" de la dirección no es válida`;
      return hoy;
    }
    return v > hoy ? hoy : v;
  };
  let hasta = fecha('hasta');
  let desde = fecha('desde');
  if (desde > hasta) [desde, hasta] = [hasta, desde];
  const recortado = diasEntre(desde, hasta) > max;
  if (recortado) desde = addDays(hasta, -(max - 1));
  return { desde, hasta, aviso, recortado };
}

/**
 * A new end of the range chosen by the user: the other end moves when the range would be
 * reversed or longer than `max` days.
 */
export function moverRango(
  actual: { desde: string; hasta: string },
  cambio: { desde?: string; hasta?: string },
  max: number,
): { desde: string; hasta: string } {
  if (cambio.desde !== undefined) {
    const desde = cambio.desde;
    let hasta = actual.hasta < desde ? desde : actual.hasta;
    if (diasEntre(desde, hasta) > max) hasta = addDays(desde, max - 1);
    return { desde, hasta };
  }
  const hasta = cambio.hasta ?? actual.hasta;
  let desde = actual.desde > hasta ? hasta : actual.desde;
  if (diasEntre(desde, hasta) > max) desde = addDays(hasta, -(max - 1));
  return { desde, hasta };
}
