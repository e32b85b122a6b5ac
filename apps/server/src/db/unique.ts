/** Outcome of an update that may hit a unique index. */
export type WriteOutcome = 'ok' | 'duplicate';

/**
 * PostgreSQL's unique_violation (23505), whether raised by node-postgres or PGlite, wrapped by
 * drizzle or not. The one test of it: the configuration writes, the OPC mapping and the demo
 * history's backfill use it.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a write; 'duplicate' when it hits a unique index (the historicos, turnos and planificaciones repositories). */
export async function unlessDuplicate(write: () => Promise<unknown>): Promise<WriteOutcome> {
  try {
    await write();
    return 'ok';
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
