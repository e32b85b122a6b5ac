import { round2 } from '@planta/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { bearerToken } from '../../graphql/context.ts';
import { parseDayRange } from '../../time-range.ts';
import { parseInput } from '../../validation.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { EficienciaRepository } from './eficiencia.repository.ts';

const STATUS: Record<string, number> = { BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, NOT_FOUND: 404 };

const r2 = (v: number | null) => (v === null ? null : round2(Number(v)));

/**
 * The two REST GETs of SPEC §7: daily ETA, paid and SAP efficiency of the plant, and of a line.
 * Same token as the GraphQL API (Bearer); errors as {error, code, field} with Spanish text.
 */
export function registerEficienciaRoutes(
  app: FastifyInstance,
  auth: AuthService,
  repo: EficienciaRepository,
): void {
  const handle = (perLine: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const token = bearerToken(request);
      if (!token || !(await auth.authenticate(token))) {
        throw new AppError('UNAUTHENTICATED', 'Sesión no válida o expirada. Inicie sesión de nuevo.');
      }
      const query = request.query as Record<string, unknown>;
      const { desde, hasta } = parseDayRange(query.desde, query.hasta);
      const linea = perLine
        ? parseInput(
            z.object({
              linea: z.coerce
                .number({ error: 'El parámetro "linea" debe ser un número de línea' })
                .int('El parámetro "linea" debe ser un número de línea')
                .min(1, 'El parámetro "linea" debe ser un número de línea')
                .max(99, 'El parámetro "linea" debe estar entre 1 y 99'),
            }),
            { linea: query.linea },
          ).linea
        : null;
      const rows = await repo.daily(desde, hasta, linea);
      return rows.map((r) => ({
        fecha: r.fecha,
        ...(perLine ? { linea: r.linea } : {}),
        eta: r2(r.eta),
        pagada: r2(r.pagada),
        sap: r2(r.sap),
      }));
    } catch (error) {
      if (error instanceof AppError) {
        return reply.code(STATUS[error.code] ?? 400).send({
          error: error.message,
          code: error.code,
          ...(error.extra.field ? { field: error.extra.field } : {}),
        });
      }
      throw error;
    }
  };
  app.get('/api/pta/historicos/eta', handle(false));
  app.get('/api/pta/historicos/eta/lineas', handle(true));
}
