import { emitApiEvent } from './api-events.ts';
import { apiBaseUrl } from './api-url.ts';
import { authStore } from './auth-store.ts';
import { notify } from './notify.tsx';

/** The Spanish message for a failed download (the server's own text when it sent one). */
export function mensajeDescarga(status: number, serverError?: string): string {
  if (status === 410) return 'La exportación caducó';
  if (status === 404) return serverError ?? 'La exportación no existe';
  if (status === 409) return 'La exportación todavía se está generando';
  if (status === 401) return 'Sesión no válida o expirada. Inicie sesión de nuevo.';
  if (status === 0) return 'No se pudo contactar con el servidor. Compruebe la conexión.';
  return serverError ?? `No se pudo descargar el archivo (HTTP ${status})`;
}

/** The file name of a Content-Disposition header (filename* first), or null. */
export function nombreDeCabecera(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/**
 * Downloads an export (`file_url` from the API, opened from the base host) with the Bearer token:
 * blob → object URL → <a download> click → revoke. A failure (410 'La exportación caducó', 404…)
 * shows a Spanish notification. Resolves true when the browser got the file.
 */
export async function descargarArchivo(fileUrl: string, nombre?: string): Promise<boolean> {
  const token = authStore.get().token;
  const url = `${apiBaseUrl()}${fileUrl}`;
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'include',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    notify('negative', mensajeDescarga(0));
    return false;
  }
  if (!response.ok) {
    let serverError: string | undefined;
    try {
      serverError = ((await response.json()) as { error?: string }).error;
    } catch {
      serverError = undefined;
    }
    if (response.status === 401 && token !== null) emitApiEvent({ type: 'unauthorized' });
    notify('negative', mensajeDescarga(response.status, serverError));
    return false;
  }
  guardarBlob(
    await response.blob(),
    nombre ?? nombreDeCabecera(response.headers.get('content-disposition')) ?? 'exportacion',
  );
  return true;
}

/** Hands the browser a file made in the page (blob → object URL → <a download> click → revoke). */
export function guardarBlob(blob: Blob, nombre: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = objectUrl;
  a.download = nombre;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked a little later: some browsers start reading the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
