import { useEffect, useState } from 'react';

/** The current time, renewed every `ms` while `activo` (a stop in progress ticks every second). */
export function useAhora(activo: boolean, ms = 1_000): number {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    if (!activo) return;
    const tick = () => setAhora(Date.now());
    // At once too: the time kept while nothing ticked may be old.
    const primero = setTimeout(tick, 0);
    const timer = setInterval(tick, ms);
    return () => {
      clearTimeout(primero);
      clearInterval(timer);
    };
  }, [activo, ms]);
  return ahora;
}
