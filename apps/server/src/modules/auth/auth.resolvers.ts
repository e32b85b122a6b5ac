import type { IResolvers } from 'mercurius';
import type { AuthService, IssuedTokens } from './auth.service.ts';
import type { RequestContext } from '../../graphql/context.ts';
import { toUserDto } from '../users/users.dto.ts';

function withCookie(ctx: RequestContext, tokens: IssuedTokens) {
  ctx.setRefreshCookie(tokens.refresh_token, tokens.refreshExpiresAt);
  const { refreshExpiresAt: _, ...response } = tokens;
  return response;
}

export function authResolvers(auth: AuthService): IResolvers {
  return {
    Query: {
      me: async (_root, _args, ctx) => toUserDto(await ctx.requireViewer()),
    },
    Mutation: {
      login: async (_root, args: { input: unknown }, ctx) =>
        withCookie(ctx, await auth.login(args.input, ctx.client)),
      refreshToken: async (_root, args: { input?: { refresh_token?: string | null } | null }, ctx) => {
        try {
          const given = args.input?.refresh_token ?? ctx.refreshCookie;
          return withCookie(ctx, await auth.refresh(given, ctx.client));
        } catch (error) {
          ctx.clearRefreshCookie();
          throw error;
        }
      },
      logout: async (_root, _args, ctx) => {
        await auth.logout(await ctx.viewer(), ctx.refreshCookie, ctx.client);
        ctx.clearRefreshCookie();
        return { status: 'success', message: 'Sesión cerrada correctamente' };
      },
      updatePassword: async (_root, args: { input: unknown }, ctx) => {
        await auth.updatePassword(await ctx.requireViewer(), args.input, ctx.client);
        return { status: 'success', message: 'Contraseña actualizada correctamente' };
      },
    },
  };
}
