/** Typed domain errors; mapped to GraphQL errors (message + extensions.code) in one place. */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badInput = (message: string, field?: string) =>
  new AppError('BAD_USER_INPUT', message, field ? { field } : {});
/** "El campo "x" nombra variables que no existen: «a», «b»…": at most 5 names, each cut at 60 characters. */
export const unknownVariables = (field: string, nombres: readonly string[]) =>
  badInput(
    `El campo "${field}" nombra variables que no existen: ${nombres
      .slice(0, 5)
      .map((n) => `«${n.length > 60 ? `${n.slice(0, 60)}…` : n}»`)
      .join(', ')}${nombres.length > 5 ? ` y ${nombres.length - 5} más` : ''}`,
    field,
  );
export const unauthenticated = (message = 'Sesión no válida o expirada. Inicie sesión de nuevo.') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'No tiene permiso para realizar esta acción.') =>
  new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, field?: string) =>
  new AppError('CONFLICT', message, field ? { field } : {});
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds });
