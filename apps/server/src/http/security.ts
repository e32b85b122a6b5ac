import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * CORS allow-list: the app's own host on any port (the browser app may call :8081 from a page
 * served on another port of the same host) plus CORS_ORIGINS. Never "*" with credentials.
 */
export function isAllowedOrigin(origin: string, request: FastifyRequest, allowList: string[]): boolean {
  if (allowList.includes(origin)) return true;
  try {
    const { hostname, protocol } = new URL(origin);
    return (protocol === 'http:' || protocol === 'https:') && hostname === request.hostname;
  } catch {
    return false;
  }
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

export async function registerSecurity(
  app: FastifyInstance,
  options: { corsOrigins: string[]; graphiql: boolean },
): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (isTraversal(request.raw.url ?? '/')) {
      return reply.code(400).send({ error: 'Ruta no válida' });
    }
    // CSRF: a cross-site form or "simple" request can't send application/json, and GET never mutates.
    if (request.url.split('?')[0] === '/graphql') {
      if (request.method === 'GET' && !request.headers.upgrade && !options.graphiql) {
        return reply.code(405).header('Allow', 'POST').send({ error: 'Use POST con application/json' });
      }
      if (request.method === 'POST' && !/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
        return reply.code(415).send({ error: 'El cuerpo debe ser application/json' });
      }
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only makes sense (and is only sent) over HTTPS; see the onSend hook below.
    hsts: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });

  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, {
        origin: origin ? isAllowedOrigin(origin, request, options.corsOrigins) : false,
        credentials: true,
        methods: ['GET', 'POST'],
        allowedHeaders: ['Content-Type', 'Authorization', 'X-Requested-With', 'Accept'],
        maxAge: 600,
      });
    },
  });
}
