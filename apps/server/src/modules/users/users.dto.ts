import { rolesOf, type UserRecord } from './user-record.ts';

/** A user as the API's `User` type (users.graphql), for every slice that answers one (auth's me, login). */
export function toUserDto(user: UserRecord) {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    deleted_at: user.deletedAt,
    roles: rolesOf(user),
  };
}

export type UserDto = ReturnType<typeof toUserDto>;
