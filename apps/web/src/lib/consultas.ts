import {
  hashKey,
  type QueryClient,
  type QueryKey,
  // eslint-disable-next-line no-restricted-imports -- the one place that wraps them
  useQueries as useQueriesDeTanstack,
  // eslint-disable-next-line no-restricted-imports -- the one place that wraps them
  useQuery as useQueryDeTanstack,
} from '@tanstack/react-query';
import { useDeferredValue, useMemo, useRef } from 'react';

/**
 * TanStack Query's `useQuery` and `useQueries`, whose answers render in a transition. TanStack
 * hands a query's new state to React through `useSyncExternalStore`, which React always renders at
 * once, in one task: a dashboard's answers mounted its cards, tables and charts' wrappers in one
 * long task each (130–430 ms traced on a slow 2-core machine, the main part of its blocking time).
 * Through `useDeferredValue` the render the store asks for shows what was already on screen, and
 * the new state renders right after as a transition, which React splits into short slices and
 * lets a click or a key go first (issue 34 item 3). The first render of a query is not deferred
 * (there is nothing older to show), nor a render that is itself a transition (a navigation), nor
 * the render that asks for another query (below).
 * Every screen's queries go through these (eslint forbids TanStack's own elsewhere).
 */
export const useQuery = ((options: { queryKey: QueryKey }, client?: QueryClient) =>
  useRespuestaDiferida(
    useQueryDeTanstack(options as never, client),
    hashKey(options.queryKey),
  )) as typeof useQueryDeTanstack;

export const useQueries = ((options: { queries: readonly { queryKey: QueryKey }[] }, client?: QueryClient) =>
  useRespuestaDiferida(
    useQueriesDeTanstack(options as never, client),
    hashKey(options.queries.map((q) => q.queryKey)),
  )) as typeof useQueriesDeTanstack;

/**
 * Only an answer to the query already shown waits for the transition: when the screen asks for
 * another one (another day, another line), its state (loading, or the previous figures kept as
 * placeholder) shows at once, as TanStack gives it. Deferred, the render that changed the day would
 * still show the other day's stored values, enabled, in a form the next render resets.
 */
function useRespuestaDiferida<T>(actual: T, clave: string): T {
  const estable = useEstable(actual);
  const par = useMemo(() => ({ clave, valor: estable }), [clave, estable]);
  const diferido = useDeferredValue(par);
  return diferido.clave === clave ? diferido.valor : estable;
}

/**
 * What a query's result says: TanStack builds a new result object on every render (a proxy that
 * records the fields read), so `useDeferredValue` would see a new value each time and render every
 * component with a query twice. The result is new for it only when one of these changed (everything
 * else it holds derives from them; `refetch` is the observer's own). Reading them marks them as
 * read for TanStack, which then renders on their changes: most screens read them all already.
 */
const ESTADO = [
  'status',
  'fetchStatus',
  'data',
  'error',
  'isPlaceholderData',
  'dataUpdatedAt',
  'errorUpdatedAt',
  'failureCount',
  'failureReason',
] as const;

type Resultado = Partial<Record<(typeof ESTADO)[number], unknown>>;

const esResultado = (x: unknown): x is Resultado =>
  typeof x === 'object' && x !== null && 'status' in x && 'fetchStatus' in x;

function mismoEstado(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => mismoEstado(x, b[i]));
  }
  // A useQueries' `combine` result: TanStack keeps it the same object while it is equal.
  if (!esResultado(a) || !esResultado(b)) return false;
  return ESTADO.every((campo) => Object.is(a[campo], b[campo]));
}

/** The result given last while it says the same as `actual`. */
function useEstable<T>(actual: T): T {
  const ultimo = useRef(actual);
  // eslint-disable-next-line react-hooks/refs -- a render that is thrown away leaves a result as true as the one it replaced
  if (!mismoEstado(ultimo.current, actual)) ultimo.current = actual;
  // eslint-disable-next-line react-hooks/refs -- as above
  return ultimo.current;
}
