import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthenticated } from '../errors.ts';
import type { AuthService, ClientInfo, Viewer } from '../modules/auth/auth.service.ts';

export const REFRESH_COOKIE = 'refresh_token';

/** What every resolver receives, besides mercurius' own fields. */
export interface RequestContext {
  client: ClientInfo;
  /** The authenticated user, resolved lazily once per request (null when there is no valid token). */
  viewer(): Promise<Viewer | null>;
  requireViewer(): Promise<Viewer>;
  refreshCookie: string | undefined;
  setRefreshCookie(token: string, expires: Date): void;
  clearRefreshCookie(): void;
}

declare module 'mercurius' {
  // Declaration merging: mercurius' context gains our fields.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MercuriusContext extends RequestContext {}
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
  return match?.[1];
}

export function buildContext(auth: AuthService) {
  return (request: FastifyRequest, reply: FastifyReply): RequestContext => {
    let viewerPromise: Promise<Viewer | null> | undefined;
    const viewer = () => {
      const token = bearerToken(request);
      viewerPromise ??= token
        ? auth.authenticate(token).then((found) => {
            // The request's log line names the user (http/request-log.ts).
            if (found) request.usuarioId = found.id;
            return found;
          })
        : Promise.resolve(null);
      return viewerPromise;
    };
    const cookiePath = '/graphql';
    return {
      client: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      viewer,
      requireViewer: async () => {
        const found = await viewer();
        if (!found) throw unauthenticated();
        return found;
      },
      refreshCookie: request.cookies[REFRESH_COOKIE],
      setRefreshCookie: (token, expires) => {
        reply.setCookie(REFRESH_COOKIE, token, {
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          path: cookiePath,
          expires,
        });
      },
      clearRefreshCookie: () => {
        reply.clearCookie(REFRESH_COOKIE, { path: cookiePath });
      },
    };
  };
}
