import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logout } from '../features/auth/api/logout.ts';
import { fetchCurrentUser } from '../features/auth/api/me.ts';
import { refreshSession } from '../lib/refresh-token.ts';
import { adelantarCalendario } from '../components/dates/api/calendario.ts';
import { Loading } from '../components/feedback/loading.tsx';
import { onApiEvent } from '../lib/api-events.ts';
import { authStore, readAccessCookie, tokenExpiry, useAuth } from '../lib/auth-store.ts';
import { notify, SERVER_ERROR, SESSION_EXPIRED } from '../lib/notify.tsx';

/** Refresh this long before the access token expires. */
const REFRESH_AHEAD_MS = 5 * 60 * 1000;

/**
 * Start-up: the token from the cookie (then the current user), else a silent refresh from the
 * HttpOnly cookie. Once the user is known, the plant's calendar is asked at once (nearly every
 * screen needs it before its own data).
 */
async function restoreSession(token: string | null): Promise<void> {
  if (token) {
    authStore.adoptToken(token, tokenExpiry(token) ?? Date.now() + 60_000);
    if (await fetchCurrentUser()) adelantarCalendario();
    return;
  }
  if (authStore.mayHaveRefreshSession() && (await refreshSession())) {
    if (await fetchCurrentUser()) adelantarCalendario();
  } else authStore.clear();
}

let inicio: Promise<void> | null = null;

/**
 * The session's start-up, once per page load, begun as early as the app's code runs (main.tsx):
 * the session check, and the chunks of the screen being opened (`antes`), so the screen renders
 * without suspending the moment the user is known. `token`: the access cookie as main.tsx read
 * it (read here when not given).
 */
export function iniciarSesion({ token, antes }: { token?: string | null; antes?: Promise<void> } = {}) {
  inicio ??= Promise.all([restoreSession(token === undefined ? readAccessCookie() : token), antes]).then(
    () => undefined,
  );
  return inicio;
}

export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    queryClient.clear();
    await navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}

/**
 * Owns the session for the whole app: restores it at start-up, refreshes the token before it
 * expires, and turns the HTTP client's events into notifications and the session-expiry flow.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const { token, expiresAt } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    // A transition: React renders the screen in slices, yielding to the browser between them,
    // instead of one long task (Total Blocking Time of a cold screen).
    void iniciarSesion().finally(() => startTransition(() => setReady(true)));
  }, []);

  useEffect(
    () =>
      onApiEvent((event) => {
        if (event.type === 'server-error') {
          notify('negative', SERVER_ERROR.message, SERVER_ERROR.caption);
          return;
        }
        if (!authStore.isLoggedIn()) return;
        notify('warning', SESSION_EXPIRED.message, SESSION_EXPIRED.caption);
        void logout({ notifyServer: false }).then(() => {
          queryClient.clear();
          void navigate('/login', { replace: true, state: { from: location } });
        });
      }),
    [navigate, location, queryClient],
  );

  useEffect(() => {
    if (!token || !expiresAt) return;
    const delay = Math.max(expiresAt - Date.now() - REFRESH_AHEAD_MS, 10_000);
    const timer = window.setTimeout(() => void refreshSession(), delay);
    return () => window.clearTimeout(timer);
  }, [token, expiresAt]);

  return ready ? children : <Loading fullScreen />;
}
