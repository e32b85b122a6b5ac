import { useCallback } from 'react';
import { useSearchParams } from './search-params.ts';

/**
 * Changes some of the address's query parameters at once (null removes one), replacing the
 * history entry: a screen's filters live in its URL, so a link or a reload shows the same view.
 */
export function useCambiarParams(): (cambios: Record<string, string | null>) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (cambios) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(cambios)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}
