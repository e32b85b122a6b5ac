import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user's id once a handler has checked the token (for the request's log line). */
    usuarioId: number | null;
  }
}

/** Query parameters whose values never reach the log (tokens, passwords, keys, codes). */
const SECRET_PARAM = /token|pass|contras|clave|secret|key|auth|code|codigo|sig|session|sesion|cookie/i;
export const HIDDEN = '[oculto]';

/** The URL as logged: the path, and the query string with the values of secret-looking parameters hidden. */
export function urlForLog(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        return `${pair.slice(0, eq)}=${HIDDEN}`;
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${HIDDEN}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** A static file of the web app: the @fastify/static wildcard route, or the SPA's index.html fallback. */
function isStatic(request: FastifyRequest, reply: FastifyReply): boolean {
  const route = request.routeOptions.url;
  if (route === '/*') return true;
  return (
    route === undefined && reply.statusCode < 400 && (request.method === 'GET' || request.method === 'HEAD')
  );
}

/** A GraphQL operation's name, as a log may show it (letters, digits and '_'; 100 characters at most). */
const NOMBRE_OPERACION = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
/** The first operation's name in a document's text (`query Name(…`, `mutation Name {…`). */
const PRIMERA_OPERACION = /^\s*(?:#[^\n]*\n\s*)*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

/** The GraphQL operation a request to /graphql ran: the body's operationName, else its document's first name. */
function operacionDe(request: FastifyRequest): string | undefined {
  if (request.method !== 'POST' || request.url.split('?')[0] !== '/graphql') return undefined;
  const body = request.body as { operationName?: unknown; query?: unknown } | undefined;
  const nombre =
    typeof body?.operationName === 'string'
      ? body.operationName
      : typeof body?.query === 'string'
        ? PRIMERA_OPERACION.exec(body.query.slice(0, 2000))?.[1]
        : undefined;
  return nombre !== undefined && NOMBRE_OPERACION.test(nombre) ? nombre : undefined;
}

/**
 * One log line per request, when it has been answered (Fastify's own "incoming request" and
 * "request completed" lines are off: `disableRequestLogging`): method, URL without secret query
 * values, the GraphQL operation's name (`operacion`: which screen's query was slow), status,
 * duration, user id when known, client IP. The web app's static files at debug
 * level; 5xx at error; everything else, 4xx included (a wrong password is ordinary), at info.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.decorateRequest('usuarioId', null);
  app.addHook('onResponse', async (request, reply) => {
    const operacion = operacionDe(request);
    const line = {
      method: request.method,
      url: urlForLog(request.url),
      ...(operacion !== undefined ? { operacion } : {}),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      ...(request.usuarioId !== null ? { usuarioId: request.usuarioId } : {}),
    };
    if (reply.statusCode >= 500) request.log.error(line, 'petición');
    else if (isStatic(request, reply)) request.log.debug(line, 'petición');
    else request.log.info(line, 'petición');
  });
}
