import { useMutation } from '@tanstack/react-query';
import { UpdatePasswordDocument } from './update-password.generated.ts';
import type { UpdatePassword } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: UpdatePassword) => gql(UpdatePasswordDocument, { input }),
  });
}
