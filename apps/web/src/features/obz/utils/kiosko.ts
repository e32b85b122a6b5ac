/** Renew the access token this long before it expires, from the board (the app's own timer goes at 5 min). */
export const MARGEN_RENOVACION_MS = 4 * 60_000;

/**
 * Whether the board should renew its session now: the token expires within the margin (or has
 * expired). The app renews 5 minutes ahead on its own; the board retries after that, so a network
 * blip at that moment, or a machine that slept through it, does not end the session.
 */
export function debeRenovar(expiresAt: number | null, ahora: number, margen = MARGEN_RENOVACION_MS): boolean {
  return expiresAt !== null && expiresAt - ahora <= margen;
}

/** `?kiosko=1` (also 'true', 'si', 'sí'): the board keeps its session and screen awake. */
export function esKiosko(valor: string | null): boolean {
  return valor !== null && ['1', 'true', 'si', 'sí'].includes(valor.trim().toLowerCase());
}

/** HH:MM (24 h) of an instant in the plant's time zone. */
export function horaPlanta(ms: number, timeZone: string | undefined, conSegundos = false): string {
  return new Intl.DateTimeFormat('es-PE', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    ...(conSegundos ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
  }).format(ms);
}

/** 'Miércoles, 25 de noviembre de 2026' in the plant's time zone. */
export function fechaLargaPlanta(ms: number, timeZone: string | undefined): string {
  const texto = new Intl.DateTimeFormat('es-PE', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(ms);
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/** What a failed request says about the link: its HTTP status (0 = no answer: network down). */
export interface FalloConsulta {
  status: number;
}

/**
 * True while a query's last attempt failed for want of a server (no answer, or 5xx while it
 * restarts): TanStack's failureReason, reset by the next success. A 4xx is an answer, not a lost
 * connection.
 */
export function esFalloDeConexion(reason: unknown): boolean {
  if (reason === null || reason === undefined) return false;
  const status = (reason as Partial<FalloConsulta>).status;
  return typeof status !== 'number' || status === 0 || status >= 500;
}

/** The latest successful update of the board's data (0 when none yet). */
export function ultimaActualizacion(marcas: readonly number[]): number {
  return marcas.reduce((max, m) => (m > max ? m : max), 0);
}
