import { emitApiEvent } from '../../lib/api-events.ts';
import { apiBaseUrl } from '../../lib/api-url.ts';
import { authStore } from '../../lib/auth-store.ts';
import { descargarArchivo } from '../../lib/download.ts';

export const RUTA_IMPORTACIONES = '/api/rrhh/importaciones';

export interface Conteo {
  nuevas: number;
  actualizadas: number;
  sin_cambios: number;
}

export interface ErrorFila {
  fila: number;
  columna: string;
  mensaje: string;
}

export interface FilaMuestra {
  fila: number;
  codigo: string;
  nombre: string;
  area: string;
  fecha: string;
  estado: 'PRESENTE' | 'FALTA' | 'VACACIONES' | 'INCAPACIDAD' | 'PERMISO';
  entrada: string | null;
  salida: string | null;
  horas: number | null;
  tipo: 'DOBLE' | 'TRIPLE' | null;
  motivo: string;
}

/** The server's answer to a preview or an import (the counts are what changed, or would). */
export interface ResultadoImportacion {
  archivo: string;
  filas: number;
  empleados_nuevos: number;
  asistencias: Conteo;
  horas_extra: Conteo & { eliminadas: number };
  errores: ErrorFila[];
  total_errores: number;
  muestra: FilaMuestra[];
}

/** A refused upload: the server's Spanish message and, for a file with bad rows, its preview. */
export class ImportacionError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly resultado: ResultadoImportacion | null = null,
  ) {
    super(message);
    this.name = 'ImportacionError';
  }
}

const SIN_CONEXION = 'No se pudo contactar con el servidor. Compruebe la conexión.';

/**
 * Uploads the time clock's file (multipart "archivo") with the session's Bearer token:
 * `vista-previa` only counts; `importar` applies it. Rejects with ImportacionError (Spanish text).
 */
export async function subirMarcaciones(
  modo: 'vista-previa' | 'importar',
  archivo: File,
  signal?: AbortSignal,
): Promise<ResultadoImportacion> {
  const token = authStore.get().token;
  const form = new FormData();
  form.append('archivo', archivo, archivo.name);
  let response: Response;
  let body: (Partial<ResultadoImportacion> & { error?: string }) | undefined;
  try {
    response = await fetch(
      `${apiBaseUrl()}${RUTA_IMPORTACIONES}${modo === 'vista-previa' ? '/vista-previa' : ''}`,
      {
        method: 'POST',
        credentials: 'include',
        signal,
        headers: {
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: form,
      },
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ImportacionError(SIN_CONEXION, 0);
  }
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  if (response.status === 401 && token !== null) emitApiEvent({ type: 'unauthorized' });
  if (response.status >= 500) emitApiEvent({ type: 'server-error', status: response.status });
  if (!response.ok) {
    const resultado = body && Array.isArray(body.errores) ? (body as ResultadoImportacion) : null;
    throw new ImportacionError(
      body?.error ?? `No se pudo procesar el archivo (HTTP ${response.status})`,
      response.status,
      resultado,
    );
  }
  return body as ResultadoImportacion;
}

/** Downloads the template (.xlsx or .csv) with the session's token. */
export function descargarPlantilla(formato: 'xlsx' | 'csv'): Promise<boolean> {
  return descargarArchivo(`${RUTA_IMPORTACIONES}/plantilla.${formato}`, `plantilla-marcaciones.${formato}`);
}
