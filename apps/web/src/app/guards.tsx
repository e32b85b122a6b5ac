import { type Access, canAccess } from '@planta/domain';
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

/** Screens for admins or human resources: anyone else goes to /no-autorizado. */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { user } = useAuth();
  if (!canAccess(user, access)) return <Navigate to="/no-autorizado" replace />;
  return children;
}
