import { productionDayRange } from '@planta/domain';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { type LineaDiaQuery, LineaDiaDocument } from './linea-dia.generated.ts';

export type LineaDia = LineaDiaQuery;

/**
 * A line's production day: hourly counters (08:00 → 07:59, plant time), the day's totals and its
 * running minutes. While another date loads, the same line's previous day stays on screen
 * (isPlaceholderData). Pass a refetchInterval to follow the day in progress.
 */
export function useLineaDia(
  linea: number,
  fecha: string | undefined,
  timeZone: string | undefined,
  options: { refetchInterval?: number } = {},
) {
  return useQuery<LineaDia>({
    queryKey: ['lineaDia', linea, fecha, timeZone],
    queryFn: ({ signal }) => {
      const { start, end } = productionDayRange(fecha!, timeZone!);
      return gql(
        LineaDiaDocument,
        { linea, fecha: fecha!, desde: start.toISOString(), hasta: end.toISOString() },
        { signal },
      );
    },
    enabled: fecha !== undefined && timeZone !== undefined,
    refetchInterval: options.refetchInterval,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === linea ? previous : undefined,
  });
}
