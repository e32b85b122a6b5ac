import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli's quality for answers made per request: 11 (zlib's default) is far too slow for that. */
export const DYNAMIC_BROTLI_QUALITY = 4;
/** GraphQL and the REST routes: the only answers compressed per request. */
const COMPRESSED_PREFIXES = ['/graphql', '/api/'];
/** Downloads go out as written: xlsx and pdf are compressed already, and each keeps its length. */
const UNCOMPRESSED_PREFIXES = ['/api/exportaciones/'];

/** What the API's answers go out as, in the order preferred when a client accepts several. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
const comprimirBr = promisify(brotliCompress);
const comprimirGzip = promisify(gzip);

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
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
}

/**
 * The encoding the plugin would choose for this request's answer of `bytes` bytes (null: sent as
 * it is), by the same rules: its Accept-Encoding negotiated against ENCODINGS, `*` and `x-gzip`
 * read as gzip, nothing under the threshold or with `x-no-compression`.
 */
export function encodingFor(request: FastifyRequest, bytes: number): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header || bytes < COMPRESSION_THRESHOLD || request.headers['x-no-compression'] !== undefined) {
    return null;
  }
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
}

/** `text` compressed as the plugin would (zlib's thread pool: the event loop is not held). */
export function compressText(text: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? comprimirBr(text, BROTLI_OPTIONS) : comprimirGzip(text);
}

/**
 * Sends bytes compressed already as `encoding` (an answer compressed once and sent again): the
 * plugin leaves an answer with a Content-Encoding as it is; Vary as the plugin sets it.
 */
export function sendCompressed(reply: FastifyReply, bytes: Buffer, encoding: Encoding): FastifyReply {
  const vary = reply.getHeader('vary');
  const valores = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
  if (!valores.some((v) => v.toLowerCase().includes('accept-encoding'))) {
    reply.header('vary', [...valores, 'accept-encoding'].join(', '));
  }
  return reply.header('content-encoding', encoding).send(bytes);
}
