import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthenticated } from '../errors.ts';

export const REFRESH_COOKIE = 'refresh_token';

/** Where a request came from (the audit log's ip and user agent). */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/**
 * Who a bearer token belongs to, as this layer needs to know it. modules/auth's AuthService is the
 * one (app.ts passes it in; its Viewer is the `V` resolvers get, declared on mercurius' context in
 * auth.service.ts): graphql/ imports no module (the layer rules, .dependency-cruiser.cjs).
 */
export interface Autenticador<V extends { id: number }> {
  authenticate(token: string): Promise<V | null>;
}

/** What every resolver receives, besides mercurius' own fields. */
export interface RequestContext<V = { id: number }> {
  client: ClientInfo;
  /** The authenticated user, resolved lazily once per request (null when there is no valid token). */
  viewer(): Promise<V | null>;
  requireViewer(): Promise<V>;
  refreshCookie: string | undefined;
  setRefreshCookie(token: string, expires: Date): void;
  clearRefreshCookie(): void;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
  return match?.[1];
}

export function buildContext<V extends { id: number }>(auth: Autenticador<V>) {
  return (request: FastifyRequest, reply: FastifyReply): RequestContext<V> => {
    let viewerPromise: Promise<V | null> | undefined;
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
