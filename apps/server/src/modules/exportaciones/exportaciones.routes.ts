import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bearerToken } from '../../graphql/context.ts';
import { AppError } from '../../errors.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { CONTENT_TYPE, ID_EXPORTACION, type ExportacionesService } from './exportaciones.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The exports of this server (tests shorten how long a download waits for its file). */
    exportaciones: ExportacionesService;
  }
}

const send = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ error });

/**
 * GET /api/exportaciones/:id — the file, streamed from disk, to its owner or an admin (Bearer); an
 * HR export only to who may read HR: 401 without a valid token, 404 for an unknown id or one the
 * viewer may not see, 410 once expired. Opened while the file is being written (SPEC §7: the
 * client opens file_url as soon as the export call returns), it waits for it (at most
 * esperaDescargaMs, 55 s) and sends it; past that 503 with Retry-After; 429 past the waiting
 * downloads a user may hold. The id must be 32 hex characters: nothing from the URL reaches a path.
 */
export function registerExportacionesRoutes(
  app: FastifyInstance,
  auth: AuthService,
  service: ExportacionesService,
): void {
  // Anything else under the prefix ('//x', 'a/b', …) is not an export: 404, never the static files.
  app.decorate('exportaciones', service);
  app.get('/api/exportaciones/*', async (_request, reply) => send(reply, 404, 'La exportación no existe'));
  app.get('/api/exportaciones/:id', async (request, reply) => {
    const token = bearerToken(request);
    const viewer = token ? await auth.authenticate(token) : null;
    if (!viewer) return send(reply, 401, 'Sesión no válida o expirada. Inicie sesión de nuevo.');
    request.usuarioId = viewer.id;
    const { id } = request.params as { id: string };
    if (!ID_EXPORTACION.test(id)) return send(reply, 404, 'La exportación no existe');
    let row = await service.buscar(viewer, id);
    if (!row) return send(reply, 404, 'La exportación no existe');
    if (service.caducada(row)) return send(reply, 410, 'La exportación caducó. Vuelva a exportar.');
    if (row.estado === 'EN_PROCESO') {
      // The wait ends when the client goes away too (the response closes before it was sent).
      const cliente = new AbortController();
      const alCerrar = () => {
        if (!reply.raw.writableEnded) cliente.abort();
      };
      reply.raw.once('close', alCerrar);
      let terminada: Awaited<ReturnType<ExportacionesService['esperarTerminada']>>;
      try {
        terminada = await service.esperarTerminada(viewer, row, cliente.signal);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'TOO_MANY_REQUESTS') throw error;
        reply.header('retry-after', String(error.extra.retryAfterSeconds ?? 5));
        return send(reply, 429, error.message);
      } finally {
        reply.raw.off('close', alCerrar);
      }
      if (terminada === 'plazo') {
        reply.header('retry-after', '5');
        return send(
          reply,
          503,
          'La exportación todavía se está generando. Vuelva a abrir el enlace en unos segundos.',
        );
      }
      if (terminada === 'cancelada') {
        return send(reply, 503, 'El servidor se está deteniendo. Vuelva a abrir el enlace en un momento.');
      }
      if (!terminada) return send(reply, 404, 'La exportación no existe');
      row = terminada;
    }
    if (row.estado === 'ERROR') return send(reply, 404, row.error ?? 'La exportación falló');
    const file = service.ruta(row.id);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile())
      return send(reply, 410, 'El archivo de la exportación ya no está disponible. Vuelva a exportar.');
    return reply
      .header('content-type', CONTENT_TYPE[row.formato])
      .header('content-length', info.size)
      .header('content-disposition', contentDisposition(row.nombre))
      .header('cache-control', 'private, no-store')
      .send(createReadStream(file));
  });
}
