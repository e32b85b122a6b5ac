import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { AppError, type ErrorCode } from '../errors.ts';
import { translateGraphQLMessage } from './translate-error.ts';

type WireCode = ErrorCode | 'GRAPHQL_VALIDATION_FAILED' | 'INTERNAL_SERVER_ERROR';

const STATUS: Partial<Record<WireCode, number>> = {
  UNAUTHENTICATED: 401,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

interface WireError {
  message: string;
  locations?: GraphQLError['locations'];
  path?: GraphQLError['path'];
  extensions: { code: WireCode; field?: string };
}

/** Connection-level database failures: answered 503 so clients retry, never as a crash. */
function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; cause?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P03',
      '08006',
      '08001',
      '08003',
    ].includes(e.code ?? '')
  ) {
    return true;
  }
  if (
    error instanceof Error &&
    /Connection terminated|timeout exceeded when trying to connect/.test(error.message)
  ) {
    return true;
  }
  return e.cause ? isDatabaseUnavailable(e.cause) : false;
}

function flatten(errors: readonly GraphQLError[]): GraphQLError[] {
  return errors.flatMap((error) => {
    const nested = (error.originalError as { errors?: unknown } | undefined)?.errors;
    return Array.isArray(nested) ? (nested as GraphQLError[]) : [error];
  });
}

function toWire(error: GraphQLError, log: FastifyBaseLogger): { wire: WireError; appError?: AppError } {
  const base = { locations: error.locations, path: error.path };
  const original = error.originalError;
  if (original instanceof AppError) {
    return {
      wire: {
        ...base,
        message: original.message,
        extensions: { code: original.code, ...(original.extra.field && { field: original.extra.field }) },
      },
      appError: original,
    };
  }
  if (isDatabaseUnavailable(original)) {
    log.error({ err: original }, 'base de datos no disponible');
    return {
      wire: {
        ...base,
        message: 'La base de datos no está disponible. Inténtelo de nuevo en unos momentos.',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      },
    };
  }
  // No original error (or a GraphQLError thrown by a scalar): validation or coercion of the request.
  if (!original || original instanceof GraphQLError) {
    return {
      wire: {
        ...base,
        message: translateGraphQLMessage(error.message, original?.message),
        // Bad variable values (wrong type, missing field) are the user's input; the rest is the query.
        extensions: {
          code:
            error.path || /^Variable "\$/.test(error.message)
              ? 'BAD_USER_INPUT'
              : 'GRAPHQL_VALIDATION_FAILED',
        },
      },
    };
  }
  const status = (original as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      wire: {
        ...base,
        message: /JSON/i.test(String((original as { code?: string }).code))
          ? 'El cuerpo de la petición no es JSON válido'
          : 'La petición GraphQL no es válida',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    };
  }
  log.error({ err: original }, 'error no controlado en GraphQL');
  return {
    wire: { ...base, message: 'Error interno del servidor', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
  };
}

export interface ErrorFormatterHooks {
  onForbidden(ctx: MercuriusContext, error: AppError): void;
}

/** The single boundary where errors become GraphQL errors: Spanish message, extensions.code, no stack. */
export function buildErrorFormatter(hooks: ErrorFormatterHooks) {
  return (execution: ExecutionResult & { statusCode?: number }, ctx: MercuriusContext) => {
    const log = ctx.reply?.log ?? ctx.app.log;
    const converted = flatten(execution.errors ?? []).map((error) => toWire(error, log));
    for (const { appError } of converted) {
      if (appError?.code === 'TOO_MANY_REQUESTS' && appError.extra.retryAfterSeconds) {
        ctx.reply?.header('Retry-After', String(appError.extra.retryAfterSeconds));
      }
      if (appError?.code === 'FORBIDDEN') hooks.onForbidden(ctx, appError);
    }
    const codes = new Set(converted.map((c) => c.wire.extensions.code));
    // 401 first (the browser treats it as session expiry), then throttling and server faults;
    // a request GraphQL could not even execute is a 400; other execution errors keep GraphQL's 200.
    const priority: WireCode[] = [
      'UNAUTHENTICATED',
      'TOO_MANY_REQUESTS',
      'SERVICE_UNAVAILABLE',
      'INTERNAL_SERVER_ERROR',
    ];
    const mapped = priority.find((code) => codes.has(code));
    const statusCode = mapped ? (STATUS[mapped] ?? 500) : execution.data === undefined ? 400 : 200;
    return {
      statusCode,
      response: { data: execution.data ?? null, errors: converted.map((c) => c.wire) },
    };
  };
}
