import { lazy, Suspense } from 'react';
import { useNotificationsRequested } from '../lib/notify.tsx';

const NotistackHost = lazy(() => import('./notistack-host.tsx'));

/**
 * Where notifications appear (top right, SPEC §8–§9): nothing until the first notify(), then the
 * notification library, loaded on demand, shows it and every later one.
 */
export function NotificationsHost() {
  const requested = useNotificationsRequested();
  return requested ? (
    <Suspense fallback={null}>
      <NotistackHost />
    </Suspense>
  ) : null;
}
