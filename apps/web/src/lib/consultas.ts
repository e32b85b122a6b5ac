import {
  type QueryClient,
  // eslint-disable-next-line no-restricted-imports -- the one place that wraps them
  useQueries as useQueriesDeTanstack,
  // eslint-disable-next-line no-restricted-imports -- the one place that wraps them
  useQuery as useQueryDeTanstack,
} from '@tanstack/react-query';
import { useDeferredValue } from 'react';

/**
 * TanStack Query's `useQuery` and `useQueries`, whose answers render in a transition. TanStack
 * hands a query's new state to React through `useSyncExternalStore`, which React always renders at
 * once, in one task: a dashboard's answers mounted its cards, tables and charts' wrappers in one
 * long task each (130–430 ms traced on a slow 2-core machine, the main part of its blocking time).
 * Through `useDeferredValue` the render the store asks for shows what was already on screen, and
 * the new state renders right after as a transition, which React splits into short slices and
 * lets a click or a key go first (issue 34 item 3). The first render of a query is not deferred
 * (there is nothing older to show), nor a render that is itself a transition (a navigation).
 * Every screen's queries go through these (eslint forbids TanStack's own elsewhere).
 */
export const useQuery = ((options: never, client?: QueryClient) =>
  useDeferredValue(useQueryDeTanstack(options, client))) as typeof useQueryDeTanstack;

export const useQueries = ((options: never, client?: QueryClient) =>
  useDeferredValue(useQueriesDeTanstack(options, client))) as typeof useQueriesDeTanstack;
