/**
 * An error as it may be logged: without the values a failed query carried. Drizzle's
 * DrizzleQueryError puts the statement's parameters in its message and stack ("params: A001,Ana
 * Ríos,…"), and a PostgreSQL error's detail names the row's values ("Key (codigo)=(A001) already
 * exists"): employees' codes and names must not reach the log (issue 31, item 8). Kept: the error's
 * type, the statement without parameters, the database's error code and message (quoted values
 * masked), the stack's frames.
 */
export function errorParaLog(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const e = error as Error & { query?: unknown; params?: unknown; cause?: unknown };
  const conParametros = typeof e.query === 'string' && 'params' in e;
  const causa = e.cause instanceof Error ? (e.cause as Error & { code?: unknown }) : null;
  if (!conParametros && !(causa && 'detail' in causa) && !('detail' in e)) return error;
  const mensaje = conParametros ? `Failed query: ${String(e.query)}` : enmascarar(e.message);
  const marcos = (e.stack ?? '')
    .split('\n')
    .filter((linea) => /^\s+at /.test(linea))
    .join('\n');
  return {
    type: e.name,
    message: mensaje,
    ...('code' in e ? { code: (e as { code?: unknown }).code } : {}),
    ...(causa ? { causa: { type: causa.name, code: causa.code, message: enmascarar(causa.message) } } : {}),
    stack: `${e.name}: ${mensaje}\n${marcos}`,
  };
}

/** `invalid input syntax for type date: "Ana"` → `…: "…"`: a database message's quoted value. */
function enmascarar(mensaje: string): string {
  return mensaje.replace(/: "[^"]*"/g, ': "…"').replace(/\)=\([^)]*\)/g, ')=(…)');
}
