import { useQuery } from '../../../lib/consultas.ts';
import { UsersDocument } from './users.generated.ts';
import { UsersLineasDocument } from './users-lineas.generated.ts';
import { gql } from '../../../lib/graphql-client.ts';

export const usersKey = ['users'] as const;

export function useUsers() {
  return useQuery({
    queryKey: usersKey,
    queryFn: ({ signal }) => gql(UsersDocument, {}, { signal }).then((r) => r.users),
  });
}

/** The production lines an operator may be given. */
export function useUsersLineas() {
  return useQuery({
    queryKey: ['users-lineas'],
    queryFn: ({ signal }) => gql(UsersLineasDocument, {}, { signal }).then((r) => r.lineas),
    staleTime: 5 * 60_000,
  });
}
