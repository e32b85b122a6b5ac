import { useQuery } from '@tanstack/react-query';
import { UsersDocument } from './users.generated.ts';
import { gql } from '../../../lib/graphql-client.ts';

export const usersKey = ['users'] as const;

export function useUsers() {
  return useQuery({
    queryKey: usersKey,
    queryFn: ({ signal }) => gql(UsersDocument, {}, { signal }).then((r) => r.users),
  });
}
