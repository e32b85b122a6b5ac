import { isIsoDate } from '@planta/domain';

/** The URL search parameter holding a screen's production day (`/fabrica?fecha=2026-11-20`). */
export const FECHA_PARAM = 'fecha';

export interface ResolvedProductionDate {
  /** The day to show: the URL's when valid, else the current production day. */
  fecha: string;
  /** The URL's `fecha` when it could not be used (not a date, before the history, after today). */
  invalida: string | null;
}

/**
 * The production day a screen shows: the URL's `fecha` when it is a real date within
 * [firstDay, today] (a shared link keeps its day), else the current production day, with the bad
 * value kept so the screen can say why. Undefined until today is known.
 */
export function resolveProductionDate(
  param: string | null,
  today: string | undefined,
  firstDay?: string | null,
): ResolvedProductionDate | undefined {
  if (!today) return undefined;
  if (param === null || param === '') return { fecha: today, invalida: null };
  if (isIsoDate(param) && param <= today && (!firstDay || param >= firstDay))
    return { fecha: param, invalida: null };
  return { fecha: today, invalida: param };
}
