/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../../../gql/types';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type CreateUserInput = {
  deleted_at?: string | null | undefined;
  email?: string | null | undefined;
  name: string;
  password: string;
  username: string;
};

export type UpdateUserInput = {
  email?: string | null | undefined;
  name?: string | null | undefined;
  password?: string | null | undefined;
  username?: string | null | undefined;
};

export type CreateUserMutationVariables = Exact<{
  input: Types.CreateUserInput;
}>;


export type CreateUserMutation = { createUser: { id: string } };

export type UpdateUserMutationVariables = Exact<{
  id: string;
  input: Types.UpdateUserInput;
}>;


export type UpdateUserMutation = { updateUser: { id: string } };

export type DeleteUserMutationVariables = Exact<{
  id: string;
}>;


export type DeleteUserMutation = { deleteUser: { id: string, deleted_at: string | null } };

export type RestoreUserMutationVariables = Exact<{
  id: string;
}>;


export type RestoreUserMutation = { restoreUser: { id: string, deleted_at: string | null } };

export type AssignRoleMutationVariables = Exact<{
  userId: string;
  role: string;
}>;


export type AssignRoleMutation = { assignRole: { id: string, roles: Array<{ id: string, name: string }> } };

export type AsignarLineasOperadorMutationVariables = Exact<{
  userId: string;
  lineaIds: Array<string> | string;
}>;


export type AsignarLineasOperadorMutation = { asignarLineasOperador: { id: string, lineas: Array<{ id: string, numero: number, nombre: string }> } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const CreateUserDocument = new TypedDocumentString(`
    mutation CreateUser($input: CreateUserInput!) {
  createUser(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateUserMutation, CreateUserMutationVariables>;
export const UpdateUserDocument = new TypedDocumentString(`
    mutation UpdateUser($id: ID!, $input: UpdateUserInput!) {
  updateUser(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateUserMutation, UpdateUserMutationVariables>;
export const DeleteUserDocument = new TypedDocumentString(`
    mutation DeleteUser($id: ID!) {
  deleteUser(id: $id) {
    id
    deleted_at
  }
}
    `) as unknown as TypedDocumentString<DeleteUserMutation, DeleteUserMutationVariables>;
export const RestoreUserDocument = new TypedDocumentString(`
    mutation RestoreUser($id: ID!) {
  restoreUser(id: $id) {
    id
    deleted_at
  }
}
    `) as unknown as TypedDocumentString<RestoreUserMutation, RestoreUserMutationVariables>;
export const AssignRoleDocument = new TypedDocumentString(`
    mutation AssignRole($userId: ID!, $role: String!) {
  assignRole(user_id: $userId, role: $role) {
    id
    roles {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<AssignRoleMutation, AssignRoleMutationVariables>;
export const AsignarLineasOperadorDocument = new TypedDocumentString(`
    mutation AsignarLineasOperador($userId: ID!, $lineaIds: [ID!]!) {
  asignarLineasOperador(user_id: $userId, linea_ids: $lineaIds) {
    id
    lineas {
      id
      numero
      nombre
    }
  }
}
    `) as unknown as TypedDocumentString<AsignarLineasOperadorMutation, AsignarLineasOperadorMutationVariables>;