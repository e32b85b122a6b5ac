import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/graphql', '/api/', '/healthz'];

/**
 * Serves the built web app; any other GET that accepts HTML gets index.html (SPA fallback), so
 * deep links like /fabrica/lineas work on reload. API paths keep real 404s. Files go out
 * precompressed (brotli or gzip) when the browser accepts it.
 */
export async function registerStatic(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      // The build writes x.br and x.gz beside each text file (apps/web/build/precompress.ts): sent
      // by the request's Accept-Encoding (brotli first), with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Vite's hashed assets never change; index.html must always be revalidated.
        reply.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!wantsHtml || API_PREFIXES.some((p) => pathname.startsWith(p))) {
      return reply.code(404).send({ error: 'No encontrado' });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('La aplicación web no está compilada: ejecute "npm run build".');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
