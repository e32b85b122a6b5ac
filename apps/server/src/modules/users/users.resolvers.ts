import type { IResolvers } from 'mercurius';
import { toUserDto, type UserDto } from './users.dto.ts';
import type { UsersService } from './users.service.ts';

export function usersResolvers(users: UsersService): IResolvers {
  return {
    Query: {
      users: async (_root, _args, ctx) => (await users.list(await ctx.requireViewer())).map(toUserDto),
      roles: async (_root, _args, ctx) => users.roles(await ctx.requireViewer()),
    },
    Mutation: {
      createUser: async (_root, args: { input: unknown }, ctx) =>
        toUserDto(await users.create(await ctx.requireViewer(), args.input, ctx.client)),
      updateUser: async (_root, args: { id: string; input: unknown }, ctx) =>
        toUserDto(await users.update(await ctx.requireViewer(), args.id, args.input, ctx.client)),
      deleteUser: async (_root, args: { id: string }, ctx) =>
        toUserDto(await users.remove(await ctx.requireViewer(), args.id, ctx.client)),
      restoreUser: async (_root, args: { id: string }, ctx) =>
        toUserDto(await users.restore(await ctx.requireViewer(), args.id, ctx.client)),
      assignRole: async (_root, args: { user_id: string; role: string }, ctx) =>
        toUserDto(await users.assignRole(await ctx.requireViewer(), args, ctx.client)),
      asignarLineasOperador: async (_root, args: { user_id: unknown; linea_ids: unknown }, ctx) =>
        toUserDto(await users.asignarLineasOperador(await ctx.requireViewer(), args, ctx.client)),
    },
    User: {
      lineas: (user: UserDto) =>
        users.lineas({
          id: user.id,
          roleId: user.roles[0]?.id ?? null,
          roleName: user.roles[0]?.name ?? null,
        }),
    },
  } as IResolvers;
}
