import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli's quality for answers made per request: 11 (zlib's default) is far too slow for that. */
export const DYNAMIC_BROTLI_QUALITY = 4;
/** GraphQL and the REST routes: the only answers compressed per request. */
const COMPRESSED_PREFIXES = ['/graphql', '/api/'];
/** Downloads go out as written: xlsx and pdf are compressed already, and each keeps its length. */
const UNCOMPRESSED_PREFIXES = ['/api/exportaciones/'];

const compressed = (url: string) =>
  COMPRESSED_PREFIXES.some((p) => url.startsWith(p)) && !UNCOMPRESSED_PREFIXES.some((p) => url.startsWith(p));

/**
 * GraphQL and REST JSON answers above 1 KB compressed per request (brotli at quality 4, else gzip,
 * by the request's Accept-Encoding; nothing without it). Register before the routes: the plugin
 * hooks each route as it is added. Everything else is left alone: the web app's files are
 * compressed at build and sent as they are (`http/static.ts`, its routes are not hooked), exports
 * (/api/exportaciones/*) stream from disk with their length, /healthz and /metrics stay as they
 * were; event streams are never compressed (the plugin's default types) and websockets bypass
 * replies. Request bodies are not decompressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook (added below), which skips `compress: false` routes.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !compressed(route.url)) route.compress = false;
  });
  await app.register(compress, {
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
  });
}
