import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface OriginPolicy {
  /** CORS_ORIGINS: exact origins allowed besides the app's own. */
  allowList: string[];
  /** Development only: the Vite dev server on port 5173 of the app's host. */
  allowViteDevOrigin?: boolean;
}

/** The origin the browser sees the app at: scheme, host and port of this request (proxy-aware with TRUST_PROXY). */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Whether a browser page at `origin` may call the API with credentials (CORS) or open a websocket:
 * only the exact origin the app is served from, CORS_ORIGINS, and in development the Vite dev
 * server. Another port of the same host is another origin (any local service could be there).
 */
export function isAllowedOrigin(origin: string, request: FastifyRequest, policy: OriginPolicy): boolean {
  if (origin === ownOrigin(request) || policy.allowList.includes(origin)) return true;
  // The browser itself says the page is ours (a TLS proxy without TRUST_PROXY hides the scheme).
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  return Boolean(policy.allowViteDevOrigin) && origin === `http://${request.hostname}:5173`;
}

const TRAVERSAL = /(^|[\\/])\.\.([\\/]|$)|\\|\0/;

/** True when the URL path, after decoding, tries to leave the served folder or smuggle a NUL. */
export function isTraversal(rawUrl: string): boolean {
  const pathPart = rawUrl.split('?')[0] ?? '';
  let decoded = pathPart;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return true;
    }
    if (next === decoded) break;
    decoded = next;
  }
  return TRAVERSAL.test(decoded) || /%(00|2e%2e|5c)/i.test(pathPart) || pathPart.startsWith('//');
}

/**
 * Content-Security-Policy. connect-src is 'self' only: the app talks to its own origin, websockets
 * included (CSP Level 3 matches ws:/wss: of the same host against 'self').
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // MUI/emotion inject <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join(';');

const BASE_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  // An internal plant app: no search engine indexes any answer (index.html also has the meta tag).
  'x-robots-tag': 'noindex',
  'x-xss-protection': '0',
};

/** The security headers of every answer; HSTS only over HTTPS (it would pin plain-HTTP installs). */
export function securityHeaders(https: boolean): Record<string, string> {
  return https
    ? { ...BASE_HEADERS, 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : BASE_HEADERS;
}

/**
 * Fastify's own refusals before routing (a URL whose %-encoding does not decode): in Spanish and
 * with the security headers, like every other answer. Passed as Fastify's `frameworkErrors`.
 */
export function handleFrameworkError(error: { code?: string }, request: FastifyRequest, reply: FastifyReply) {
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'La dirección no es válida: contiene una codificación % incorrecta'
      : 'Petición no válida';
  return reply
    .code(400)
    .headers(securityHeaders(request.protocol === 'https'))
    .send({ error: message });
}

export interface SecurityOptions {
  origins: OriginPolicy;
  graphiql: boolean;
  /** Largest POST /graphql body, checked on Content-Length before the body is read. */
  graphqlBodyLimit: number;
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  // The first hook: the headers are on the reply before anything (even the refusals below) answers.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(securityHeaders(request.protocol === 'https'));
    const refuse = (code: number, body: { error: string }) => {
      // A refused upgrade's socket belongs to no HTTP connection any more: end it after the answer.
      if (request.headers.upgrade) {
        reply.raw.once('finish', () => request.raw.socket.destroy());
        reply.header('connection', 'close');
      }
      return reply.code(code).send(body);
    };
    if (isTraversal(request.raw.url ?? '/')) return refuse(400, { error: 'Ruta no válida' });
    // A page from another origin gets nothing from the API, not even a refused-by-CORS answer whose
    // side effects already happened (a rotated refresh token): refused before any handler runs.
    // Websocket upgrades too (browsers always send Origin there). Requests without Origin are not
    // from a browser page (or are same-origin GETs).
    const origin = request.headers.origin;
    const pathname = request.url.split('?')[0] ?? '/';
    if (origin !== undefined && !isAllowedOrigin(origin, request, options.origins)) {
      const api = pathname === '/graphql' || pathname.startsWith('/api/');
      if (api || request.headers.upgrade || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return refuse(403, { error: 'Origen no permitido' });
      }
    }
    if (pathname !== '/graphql') return;
    // CSRF: a cross-site form or "simple" request can't send application/json, and GET never mutates.
    if (request.method === 'GET' && !request.headers.upgrade && !options.graphiql) {
      reply.header('allow', 'POST');
      return refuse(405, { error: 'Use POST con application/json' });
    }
    if (request.method === 'POST') {
      if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
        return refuse(415, { error: 'El cuerpo debe ser application/json' });
      }
      // Checked here, before reading: the route's own limit would surface as a GraphQL 400.
      const length = request.headers['content-length'];
      if (length === undefined) {
        return refuse(411, { error: 'Falta la cabecera Content-Length' });
      }
      if (Number(length) > options.graphqlBodyLimit) {
        return refuse(413, {
          error: `El cuerpo de la petición es demasiado grande (máximo ${Math.floor(options.graphqlBodyLimit / 1024)} KB)`,
        });
      }
    }
  });

  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, {
        origin: origin ? isAllowedOrigin(origin, request, options.origins) : false,
        credentials: true,
        methods: ['GET', 'POST'],
        allowedHeaders: ['Content-Type', 'Authorization', 'X-Requested-With', 'Accept'],
        maxAge: 600,
      });
    },
  });
}
