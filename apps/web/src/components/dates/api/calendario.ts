import { useQuery } from '../../../lib/consultas.ts';
import { gql } from '../../../lib/graphql-client.ts';
import { CalendarioPlantaDocument } from './calendario-planta.generated.ts';

const pedirCalendario = (signal?: AbortSignal) =>
  gql(CalendarioPlantaDocument, {}, { signal }).then((r) => r.calendarioPlanta);

/** The calendar's request begun ahead of the screens (adelantarCalendario), until a query takes it. */
let adelantado: ReturnType<typeof pedirCalendario> | null = null;

/**
 * Asks the plant's calendar as soon as the user is known (app/session.tsx), while the screen's
 * chunks are still loading: nearly every screen waits for it before asking its own data (the day
 * in progress is the default date), and asked as the screen rendered it came ≈ 500 ms after the
 * session check on a cold /recursos-humanos. The first query to run takes this request instead
 * of sending its own, and sends its own if this one failed (a logout cancels it, for one).
 */
export function adelantarCalendario(): void {
  adelantado ??= pedirCalendario();
  adelantado.catch(() => {}); // a failure is the taking query's to handle: it asks again
}

/** The plant's time zone and calendar from the server (its PLANT_TZ); fetched once per session. */
export function useCalendarioPlanta() {
  return useQuery({
    queryKey: ['calendarioPlanta'],
    queryFn: ({ signal }) => {
      const pedido = adelantado;
      adelantado = null;
      return pedido ? pedido.catch(() => pedirCalendario(signal)) : pedirCalendario(signal);
    },
    staleTime: Infinity,
  });
}
