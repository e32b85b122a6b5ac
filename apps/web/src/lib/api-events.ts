/** What the HTTP client reports to the app shell (notifications, session expiry). */
export type ApiEvent = { type: 'unauthorized' } | { type: 'server-error'; status: number };

const listeners = new Set<(event: ApiEvent) => void>();

export function onApiEvent(listener: (event: ApiEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiEvent(event: ApiEvent): void {
  for (const listener of listeners) listener(event);
}
