import { useSyncExternalStore } from 'react';

/** Notifications last 5000 ms (SPEC §9). */
export const NOTIFICATION_TIMEOUT_MS = 5000;

export type NotifyType = 'negative' | 'warning' | 'positive' | 'info';

export interface Notificacion {
  type: NotifyType;
  message: string;
  caption?: string;
}

// The notification library (notistack) loads with the first notification, not with every screen
// (DESIGN §8's JavaScript budget): notify() queues until app/notifications-host.tsx has mounted it.
let show: ((notificacion: Notificacion) => void) | null = null;
const pending: Notificacion[] = [];
let requested = false;
const listeners = new Set<() => void>();

/** A notification with a title line and an optional caption, as the original app showed them. */
export function notify(type: NotifyType, message: string, caption?: string): void {
  const notificacion = { type, message, caption };
  if (show) {
    show(notificacion);
    return;
  }
  pending.push(notificacion);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** Called by the host once the library is mounted: shows what waited, then every later one. */
export function attachNotifier(fn: (notificacion: Notificacion) => void): () => void {
  show = fn;
  for (const notificacion of pending.splice(0)) fn(notificacion);
  return () => {
    if (show === fn) show = null;
  };
}

/**
 * Loads the notification library now, before any notification: a screen used without a
 * connection (/paros) calls it on mount, since the library's chunk cannot be downloaded offline.
 */
export function prepareNotifications(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once a notification was asked for: the host then loads the library. */
export const useNotificationsRequested = () => useSyncExternalStore(subscribe, () => requested);

export const SERVER_ERROR = {
  message: 'Ha ocurrido un problema',
  caption: '¡Algo salió mal! Inténtalo de nuevo.',
};
export const SESSION_EXPIRED = {
  message: '!Sesión Expirada!',
  caption: 'Por favor inicie sesión de nuevo para continuar.',
};
