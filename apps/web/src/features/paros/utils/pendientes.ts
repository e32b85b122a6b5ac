/**
 * Reasons given without a connection (issue 33 item 4): kept in localStorage, one per stop (a
 * later choice replaces an earlier one), and sent once when the connection returns.
 */

export interface Pendiente {
  paro_id: string;
  motivo_id: string;
  /** What the row shows meanwhile. */
  motivo_nombre: string;
  comentario: string | null;
  /** The stop's version when the reason was chosen. */
  version: number;
  /** Where to find the stop again after a CONFLICT (its line, production day and shift). */
  linea_id: string;
  fecha: string;
  turno: number;
}

const prefijo = 'planta:paros:pendientes:';
const clave = (userId: string) => `${prefijo}${userId}`;

const listeners = new Set<() => void>();
const cache = new Map<string, { texto: string | null; lista: Pendiente[] }>();

function avisar(): void {
  for (const listener of listeners) listener();
}

/** The reasons waiting to be sent by this user (the same array until the list changes). */
export function leerPendientes(userId: string): Pendiente[] {
  const texto = localStorage.getItem(clave(userId));
  const guardado = cache.get(userId);
  if (guardado && guardado.texto === texto) return guardado.lista;
  let lista: Pendiente[] = [];
  try {
    const valor: unknown = texto ? JSON.parse(texto) : [];
    if (Array.isArray(valor)) lista = valor as Pendiente[];
  } catch {
    // A damaged entry is dropped rather than blocking the screen.
  }
  cache.set(userId, { texto, lista });
  return lista;
}

function escribir(userId: string, lista: Pendiente[]): void {
  if (lista.length === 0) localStorage.removeItem(clave(userId));
  else localStorage.setItem(clave(userId), JSON.stringify(lista));
  avisar();
}

/** Keeps a reason to send later; replaces one already waiting for the same stop. */
export function guardarPendiente(userId: string, pendiente: Pendiente): void {
  escribir(userId, [...leerPendientes(userId).filter((p) => p.paro_id !== pendiente.paro_id), pendiente]);
}

export function quitarPendiente(userId: string, paroId: string): void {
  escribir(
    userId,
    leerPendientes(userId).filter((p) => p.paro_id !== paroId),
  );
}

export function suscribirPendientes(listener: () => void): () => void {
  listeners.add(listener);
  const porOtraPestana = (event: StorageEvent) => {
    if (event.key?.startsWith(prefijo)) listener();
  };
  window.addEventListener('storage', porOtraPestana);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', porOtraPestana);
  };
}

/** What sending needs from the API (injected: the tests give their own). */
export interface EnvioApi {
  /** Sends the reason; rejects with the server's error. */
  asignar(p: Pendiente): Promise<unknown>;
  /** The stop's reason now (null: none), or undefined when the stop is not found. */
  motivoActual(p: Pendiente): Promise<string | null | undefined>;
  /** A network failure (nothing reached the server, or no answer came back). */
  esDeRed(error: unknown): boolean;
  /** The server refused a stale version (CONFLICT). */
  esConflicto(error: unknown): boolean;
}

export interface ResultadoEnvio {
  enviados: Pendiente[];
  /** Refused for good (shift closed, stop changed meanwhile…): the Spanish reason to show. */
  rechazados: { pendiente: Pendiente; mensaje: string }[];
}

const CAMBIADO = 'El paro cambió mientras estaba sin conexión: revise su motivo';

let enCurso: Promise<ResultadoEnvio> | null = null;

/**
 * Sends the reasons waiting, one at a time, each at most once: one run at a time in this tab (a
 * second call joins the first), across tabs under a Web Lock where the browser has them, and each
 * entry re-read from storage right before it is sent. A network failure stops the run and keeps
 * what is left. A CONFLICT whose stop already has that reason (the first send arrived but its answer
 * did not) is dropped silently.
 */
export function enviarPendientes(userId: string, api: EnvioApi): Promise<ResultadoEnvio> {
  enCurso ??= conCandado(() => enviar(userId, api)).finally(() => {
    enCurso = null;
  });
  return enCurso;
}

function conCandado<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('planta:paros:pendientes', fn) as Promise<T>) : fn();
}

async function enviar(userId: string, api: EnvioApi): Promise<ResultadoEnvio> {
  const resultado: ResultadoEnvio = { enviados: [], rechazados: [] };
  for (const inicial of leerPendientes(userId)) {
    const p = leerPendientes(userId).find((x) => x.paro_id === inicial.paro_id);
    if (!p) continue; // sent meanwhile by another tab
    try {
      await api.asignar(p);
      resultado.enviados.push(p);
    } catch (error) {
      if (api.esDeRed(error)) break;
      if (api.esConflicto(error)) {
        let actual: string | null | undefined;
        try {
          actual = await api.motivoActual(p);
        } catch (lectura) {
          if (api.esDeRed(lectura)) break;
        }
        if (actual !== p.motivo_id) resultado.rechazados.push({ pendiente: p, mensaje: CAMBIADO });
      } else {
        resultado.rechazados.push({
          pendiente: p,
          mensaje: error instanceof Error ? error.message : 'No se pudo guardar el motivo',
        });
      }
    }
    quitarPendiente(userId, p.paro_id);
  }
  return resultado;
}
