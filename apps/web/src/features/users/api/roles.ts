import { useQuery } from '../../../lib/consultas.ts';
import { RolesDocument } from './roles.generated.ts';
import { gql } from '../../../lib/graphql-client.ts';

export function useRoles() {
  return useQuery({
    queryKey: ['roles'],
    queryFn: ({ signal }) => gql(RolesDocument, {}, { signal }).then((r) => r.roles),
    staleTime: Infinity,
  });
}
