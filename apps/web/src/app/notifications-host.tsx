import { lazy, Suspense } from 'react';
import { useNotificationsRequested } from '../lib/notify.tsx';

/**
 * A chunk that failed to download (no connection) is tried again when the browser is back online
 * or after 5 s, instead of failing the lazy component: that error would unmount the whole app.
 */
function importarConReintento<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(() =>
    new Promise<void>((resolve) => {
      const listo = () => {
        window.removeEventListener('online', listo);
        clearTimeout(timer);
        resolve();
      };
      window.addEventListener('online', listo);
      const timer = setTimeout(listo, 5_000);
    }).then(() => importarConReintento(load)),
  );
}

const NotistackHost = lazy(() => importarConReintento(() => import('./notistack-host.tsx')));

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
