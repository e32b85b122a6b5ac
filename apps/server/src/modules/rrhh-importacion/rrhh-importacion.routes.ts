import multipart from '@fastify/multipart';
import { hasHumanResources } from '@planta/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../../graphql/context.ts';
import type { AuthService, Viewer } from '../auth/auth.service.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { ArchivoInvalidoError, MAXIMO_BYTES } from './lectura.ts';
import { plantillaCsv, plantillaXlsx } from './plantilla.ts';
import { ImportacionOcupadaError } from './rrhh-importacion.repository.ts';
import { ErroresEnArchivoError, type RrhhImportacionService } from './rrhh-importacion.service.ts';

const PREFIJO = '/api/rrhh/importaciones';
const DEMASIADO_GRANDE = `El archivo supera el máximo de ${MAXIMO_BYTES / 1024 / 1024} MB: divídalo en varios archivos.`;

const PREVIA_EN_CURSO =
  'Ya tiene una vista previa de importación en curso: espere a que termine e inténtelo de nuevo.';

const enviar = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
  reply.code(status).header('cache-control', 'no-store').send(body);

/** 401 without a valid session, 403 without the human resources permission; else the viewer. */
async function usuarioRrhh(
  auth: AuthService,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Viewer | null> {
  const token = bearerToken(request);
  const viewer = token ? await auth.authenticate(token) : null;
  if (!viewer) {
    await enviar(reply, 401, {
      error: 'Sesión no válida o expirada. Inicie sesión de nuevo.',
      code: 'UNAUTHENTICATED',
    });
    return null;
  }
  if (!hasHumanResources(viewer)) {
    await enviar(reply, 403, { error: 'Se requiere el permiso de recursos humanos.', code: 'FORBIDDEN' });
    return null;
  }
  return viewer;
}

const esDemasiadoGrande = (error: unknown) => {
  const e = error as { code?: string; statusCode?: number };
  return e.code === 'FST_REQ_FILE_TOO_LARGE' || e.statusCode === 413;
};

/** The uploaded file (multipart field "archivo"), or an error already answered. */
async function archivoSubido(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ nombre: string; contenido: Buffer } | null> {
  if (!request.isMultipart()) {
    await enviar(reply, 415, {
      error: 'Envíe el archivo como multipart/form-data en el campo "archivo".',
      code: 'BAD_USER_INPUT',
    });
    return null;
  }
  let encontrado: { nombre: string; contenido: Buffer } | null = null;
  try {
    for await (const parte of request.parts()) {
      if (parte.type !== 'file') continue;
      if (parte.fieldname !== 'archivo' || encontrado) {
        parte.file.resume();
        continue;
      }
      encontrado = { nombre: parte.filename || 'archivo', contenido: await parte.toBuffer() };
    }
  } catch (error) {
    if (esDemasiadoGrande(error)) {
      await enviar(reply, 413, { error: DEMASIADO_GRANDE, code: 'BAD_USER_INPUT' });
      return null;
    }
    request.log.warn({ err: error }, 'importación: no se pudo leer la subida');
    await enviar(reply, 400, { error: 'No se pudo leer el archivo subido.', code: 'BAD_USER_INPUT' });
    return null;
  }
  if (!encontrado) {
    await enviar(reply, 400, { error: 'Falta el archivo (campo "archivo").', code: 'BAD_USER_INPUT' });
    return null;
  }
  return encontrado;
}

/**
 * The time clock import (issue 15), Bearer-authenticated like the exports, for users with the
 * human resources permission:
 *   POST …/vista-previa  multipart "archivo" → what would change, per-row errors; writes nothing.
 *   POST …               the same upload → 400 with the errors (nothing written) or 200 with the counts.
 *   GET  …/plantilla.xlsx | plantilla.csv  the template.
 * Multipart is registered only in this plugin's scope, with a 10 MB file limit (413 beyond).
 */
export function registerRrhhImportacionRoutes(
  app: FastifyInstance,
  auth: AuthService,
  service: RrhhImportacionService,
): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAXIMO_BYTES, files: 1, fields: 10, parts: 20 },
    });
    // The app's JSON body limit (1 MB) does not apply here: multipart bodies are streamed.
    scope.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'POST') return;
      const largo = Number(request.headers['content-length'] ?? 0);
      if (largo > MAXIMO_BYTES + 64 * 1024) {
        reply.header('connection', 'close');
        return enviar(reply, 413, { error: DEMASIADO_GRANDE, code: 'BAD_USER_INPUT' });
      }
    });

    // Users with a preview being read: one at a time each (reading a workbook is the costly part).
    const previas = new Set<number>();
    const subir = (importar: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      const viewer = await usuarioRrhh(auth, request, reply);
      if (!viewer) return reply;
      const archivo = await archivoSubido(request, reply);
      if (!archivo) return reply;
      if (!importar && previas.has(viewer.id))
        return enviar(reply, 409, { error: PREVIA_EN_CURSO, code: 'CONFLICT' });
      if (!importar) previas.add(viewer.id);
      try {
        const vista = importar
          ? await service.importar(archivo.nombre, archivo.contenido, { id: viewer.id, ip: request.ip })
          : await service.vistaPrevia(archivo.nombre, archivo.contenido);
        return enviar(reply, 200, { ...vista });
      } catch (error) {
        if (error instanceof ErroresEnArchivoError)
          return enviar(reply, 400, { error: error.message, code: 'BAD_USER_INPUT', ...error.vista });
        if (error instanceof ArchivoInvalidoError)
          return enviar(reply, 400, { error: error.message, code: 'BAD_USER_INPUT' });
        if (error instanceof ImportacionOcupadaError)
          return enviar(reply, 409, { error: error.message, code: 'CONFLICT' });
        throw error;
      } finally {
        if (!importar) previas.delete(viewer.id);
      }
    };
    scope.post(`${PREFIJO}/vista-previa`, subir(false));
    scope.post(PREFIJO, subir(true));

    scope.get(`${PREFIJO}/plantilla.xlsx`, async (request, reply) => {
      if (!(await usuarioRrhh(auth, request, reply))) return reply;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('plantilla-marcaciones.xlsx'))
        .header('cache-control', 'private, no-store')
        .send(await plantillaXlsx());
    });
    scope.get(`${PREFIJO}/plantilla.csv`, async (request, reply) => {
      if (!(await usuarioRrhh(auth, request, reply))) return reply;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('plantilla-marcaciones.csv'))
        .header('cache-control', 'private, no-store')
        .send(plantillaCsv());
    });
  });
}
