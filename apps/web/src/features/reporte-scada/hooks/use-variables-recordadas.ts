import { useCallback, useEffect, useRef } from 'react';
import { variablesIniciales } from '@planta/charts/reporte-scada/filtros';
import { useAuth } from '../../../lib/auth-store.ts';

/** Where the browser keeps a user's last choice of variables (one key per user id). */
export const claveVariablesScada = (userId: string) => `planta:reporte-scada:variables:${userId}`;

function leer(userId: string): string[] | null {
  try {
    const raw = window.localStorage.getItem(claveVariablesScada(userId));
    const lista: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(lista) ? lista.filter((x): x is string => typeof x === 'string') : null;
  } catch {
    return null; // storage blocked or a damaged value: as the first time
  }
}

/**
 * The report opens with variables: when the address names none, once the catalogue and the user are
 * known, `elegir` is called (once per visit) with this user's last choice, or the first line's main
 * variables the first time. Each non-empty choice is remembered for the next visit, in this browser.
 */
export function useVariablesRecordadas(
  catalogo: readonly { id: string; linea?: number | null }[] | undefined,
  enUrl: readonly string[],
  elegir: (ids: string[]) => void,
): void {
  const userId = useAuth().user?.id;
  const resuelto = useRef(false);

  useEffect(() => {
    if (resuelto.current || !catalogo || !userId) return;
    resuelto.current = true;
    if (enUrl.length > 0) return; // a link or a reload with its own variables
    const ids = variablesIniciales(catalogo, leer(userId));
    if (ids.length > 0) elegir(ids);
  }, [catalogo, userId, enUrl, elegir]);

  const recordar = useCallback(
    (ids: readonly string[]) => {
      if (!userId || ids.length === 0) return;
      try {
        window.localStorage.setItem(claveVariablesScada(userId), JSON.stringify(ids));
      } catch {
        // storage full or blocked: the next visit opens with the line's variables
      }
    },
    [userId],
  );
  // Whatever the address shows once the user is known (chosen here, or from a link) is the last choice.
  const clave = enUrl.join(',');
  useEffect(() => {
    recordar(clave === '' ? [] : clave.split(','));
  }, [clave, recordar]);
}
