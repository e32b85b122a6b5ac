import { useQuery } from '../../lib/consultas.ts';
import { gql } from '../../lib/graphql-client.ts';
import { AreasRrhhDocument } from './areas-rrhh.generated.ts';

/** The areas query's key: an import may add areas, so the import button refreshes it. */
export const CLAVE_AREAS_RRHH = ['rrhh', 'areas'] as const;

/** The areas that have employees, alphabetical (the HR screens' area filter). */
export function useAreasRrhh() {
  return useQuery<string[]>({
    queryKey: CLAVE_AREAS_RRHH,
    queryFn: ({ signal }) => gql(AreasRrhhDocument, {}, { signal }).then((r) => r.areasRrhh),
    staleTime: 5 * 60_000,
  });
}
