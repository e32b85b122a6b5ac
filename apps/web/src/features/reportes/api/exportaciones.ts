import { useQuery } from '../../../lib/consultas.ts';
import {
  ExportacionesDocument,
  type ExportacionesQuery,
} from '../../../components/export/exportaciones.generated.ts';
import { gql } from '../../../lib/graphql-client.ts';

export type ExportacionReciente = ExportacionesQuery['exportaciones'][number];

/** The caller's unexpired exports, newest first; polled every second while one is being written. */
export function useExportacionesRecientes() {
  return useQuery<ExportacionReciente[]>({
    queryKey: ['exportaciones'],
    queryFn: ({ signal }) => gql(ExportacionesDocument, {}, { signal }).then((r) => r.exportaciones),
    refetchInterval: (query) => (query.state.data?.some((e) => e.estado === 'EN_PROCESO') ? 1000 : 60_000),
  });
}
