/** Outcome of an update that may hit a unique index. */
export type WriteOutcome = 'ok' | 'duplicate';

/** PostgreSQL's unique_violation, whether raised by pg or PGlite and wrapped by drizzle or not. */
function isUniqueViolation(error: unknown): boolean {
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
