import {
  CreateUserDocument,
  UpdateUserDocument,
  DeleteUserDocument,
  RestoreUserDocument,
  AssignRoleDocument,
  AsignarLineasOperadorDocument,
} from './user-mutations.generated.ts';
import type { CreateUserInput, UpdateUserInput } from '../../../gql/types.ts';
import { gql } from '../../../lib/graphql-client.ts';

export const createUser = (input: CreateUserInput) =>
  gql(CreateUserDocument, { input }).then((r) => r.createUser);
export const updateUser = (id: string, input: UpdateUserInput) =>
  gql(UpdateUserDocument, { id, input }).then((r) => r.updateUser);
export const deleteUser = (id: string) => gql(DeleteUserDocument, { id }).then((r) => r.deleteUser);
export const restoreUser = (id: string) => gql(RestoreUserDocument, { id }).then((r) => r.restoreUser);
export const assignRole = (userId: string, role: string) =>
  gql(AssignRoleDocument, { userId, role }).then((r) => r.assignRole);
export const asignarLineasOperador = (userId: string, lineaIds: string[]) =>
  gql(AsignarLineasOperadorDocument, { userId, lineaIds }).then((r) => r.asignarLineasOperador);
