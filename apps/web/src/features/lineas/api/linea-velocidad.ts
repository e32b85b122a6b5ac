import { productionDayRange } from '@planta/domain';
import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { LineaVelocidadDocument } from './linea-velocidad.generated.ts';

/**
 * A line's speed over a production day at the finest resolution a chart of the given width can
 * show (`max_puntos`: about 2 per pixel; the server buckets the minutes beyond that).
 */
export function useLineaVelocidad(
  linea: number,
  fecha: string,
  timeZone: string,
  maxPuntos: number,
  options: { refetchInterval?: number; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: ['lineaVelocidad', linea, fecha, timeZone, maxPuntos],
    queryFn: ({ signal }) => {
      const { start, end } = productionDayRange(fecha, timeZone);
      return gql(
        LineaVelocidadDocument,
        { linea, desde: start.toISOString(), hasta: end.toISOString(), max_puntos: maxPuntos },
        { signal },
      ).then((r) => r.scadaLinea);
    },
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === linea && previousQuery.queryKey[2] === fecha ? previous : undefined,
  });
}
