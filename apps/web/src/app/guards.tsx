import { canOpen, type RouteInfo } from '@planta/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../components/feedback/loading.tsx';
import { useAuth } from '../lib/auth-store.ts';

/** Logged out → /login (remembering where the user wanted to go). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, user } = useAuth();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!user) return <Loading fullScreen />;
  return children;
}

/**
 * A screen this user may not open (an admin screen, a human-resources one, or any screen not
 * marked for operators when the user is one) → /no-autorizado.
 */
export function RequireRoute({
  route,
  children,
}: {
  route: Pick<RouteInfo, 'access' | 'operador'>;
  children: ReactNode;
}) {
  const { user } = useAuth();
  if (!canOpen(user, route)) return <Navigate to="/no-autorizado" replace />;
  return children;
}
