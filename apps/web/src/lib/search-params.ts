import { useCallback, useContext, useLayoutEffect } from 'react';
import {
  createSearchParams,
  type SetURLSearchParams,
  UNSAFE_NavigationContext,
  useLocation,
  // eslint-disable-next-line no-restricted-imports -- the one place that wraps it
  useSearchParams as useSearchParamsDelRouter,
} from 'react-router';

/**
 * Per router (its navigator): the query asked for last and the location it was asked from. The
 * router renders a new address as a transition: until then its hook still gives the old one.
 */
const pedidas = new WeakMap<object, { desde: string; busqueda: string }>();

/**
 * React Router's `useSearchParams`, whose setter given a function passes it the query asked for
 * last, not the one still shown. The router's own gives it the query of the render it came from:
 * a second change made while the first one's screen is still loading (a date typed, then another
 * filter; both ends of a range typed quickly) was applied to the old query and undid the first.
 * Every screen reads its filters through this one (eslint forbids the router's elsewhere).
 */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParamsDelRouter();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { key } = useLocation();
  // Once a location other than the one asked from is shown, what was asked is behind us: a later
  // return to that location (Back) starts from its own query.
  useLayoutEffect(() => {
    if (pedidas.get(navigator)?.desde !== key) pedidas.delete(navigator);
  }, [navigator, key]);
  const set = useCallback<SetURLSearchParams>(
    (nextInit, options) => {
      const pedida = pedidas.get(navigator);
      const actual = new URLSearchParams(pedida?.desde === key ? pedida.busqueda : params);
      const next = createSearchParams(typeof nextInit === 'function' ? nextInit(actual) : nextInit);
      pedidas.set(navigator, { desde: key, busqueda: next.toString() });
      setParams(next, options);
    },
    [navigator, key, params, setParams],
  );
  return [params, set];
}
