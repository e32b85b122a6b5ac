/**
 * Where the API lives. Served by the Planta server itself (production build): the page's own
 * origin, so PORT can change. Under the Vite dev server: the current host on port 8081 (SPEC §7).
 * VITE_API_URL overrides both.
 */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL as string | undefined;
  if (configured) return configured.replace(/\/+$/, '');
  if (import.meta.env.DEV) return `${window.location.protocol}//${window.location.hostname}:8081`;
  return window.location.origin;
}
