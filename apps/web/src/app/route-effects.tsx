import { routeTitle } from '@planta/domain';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** On every navigation: the route's exact title as document.title, and scroll to the top. */
export function RouteEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = routeTitle(pathname);
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}
