import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { CalendarioPlantaDocument } from './calendario-planta.generated.ts';

/** The plant's time zone and calendar from the server (its PLANT_TZ); fetched once per session. */
export function useCalendarioPlanta() {
  return useQuery({
    queryKey: ['calendarioPlanta'],
    queryFn: ({ signal }) => gql(CalendarioPlantaDocument, {}, { signal }).then((r) => r.calendarioPlanta),
    staleTime: Infinity,
  });
}
