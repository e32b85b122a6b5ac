import { isIsoDate } from '@planta/domain';

/** The URL search parameter holding a screen's production day (`/fabrica?fecha=2026-11-20`). */
export const FECHA_PARAM = 'fecha';

/**
 * The production day a screen shows: the URL's `fecha` when it is a real date not after today
 * (a shared link keeps its day), else the current production day. Undefined until today is known.
 */
export function resolveProductionDate(param: string | null, today: string | undefined): string | undefined {
  if (!today) return undefined;
  if (param && isIsoDate(param) && param <= today) return param;
  return today;
}
