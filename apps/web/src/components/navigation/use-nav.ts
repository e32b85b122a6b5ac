import { AREAS, canOpen, ROUTES, type AreaInfo, type RouteInfo } from '@planta/domain';
import { useMemo } from 'react';
import { useAuth } from '../../lib/auth-store.ts';

export interface NavGroup {
  area: AreaInfo;
  routes: RouteInfo[];
}

/** The screens this user may open, grouped by area (drawer and menu). */
export function useNav(): NavGroup[] {
  const { user } = useAuth();
  return useMemo(
    () =>
      AREAS.map((area) => ({
        area,
        routes: ROUTES.filter((route) => route.area === area.id && route.nav && canOpen(user, route)),
      })).filter((group) => group.routes.length > 0),
    [user],
  );
}
