import { useSyncExternalStore } from 'react';

export const ACCESS_COOKIE = 'access_token';
/** Set while a refresh session may exist (the refresh cookie itself is HttpOnly, unreadable here). */
const SESSION_HINT = 'planta.session';

export interface SessionUser {
  id: string;
  name: string;
  username?: string;
  email?: string | null;
  roles: { id: string; name: string }[];
  /** An operator's lines (`me.lineas`; empty for other roles, absent until `me` answered). */
  lineas?: { id: string; numero: number; nombre: string }[];
}

interface AuthState {
  token: string | null;
  /** Epoch milliseconds when the access token expires. */
  expiresAt: number | null;
  user: SessionUser | null;
}

let state: AuthState = { token: null, expiresAt: null, user: null };
const listeners = new Set<() => void>();

function set(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const authStore = {
  get: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Whether a silent refresh is worth trying at start-up (no request when never logged in). */
  mayHaveRefreshSession: (): boolean => localStorage.getItem(SESSION_HINT) === '1',
  /** Logged in is defined by a token existing (SPEC §6). */
  isLoggedIn: (): boolean => state.token !== null,
  setToken(token: string, expiresAt: number): void {
    writeAccessCookie(token, expiresAt);
    localStorage.setItem(SESSION_HINT, '1');
    set({ token, expiresAt });
  },
  /**
   * The token an earlier visit left in the cookie, taken as it is: the cookie and the session hint
   * are not written again (each a synchronous call into the browser, on a cold screen's first task).
   */
  adoptToken(token: string, expiresAt: number): void {
    set({ token, expiresAt });
  },
  setUser(user: SessionUser | null): void {
    set({ user });
  },
  /** resetToken: clears the token (and its cookie), keeps nothing else. */
  resetToken(): void {
    clearAccessCookie();
    set({ token: null, expiresAt: null });
  },
  clear(): void {
    clearAccessCookie();
    localStorage.removeItem(SESSION_HINT);
    set({ token: null, expiresAt: null, user: null });
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get);
}

/** The token's `exp` claim in milliseconds (for scheduling only: the server verifies the token). */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

function writeAccessCookie(token: string, expiresAt: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${ACCESS_COOKIE}=${encodeURIComponent(token)}; Expires=${new Date(expiresAt).toUTCString()}; Path=/; SameSite=Strict${secure}`;
}

function clearAccessCookie(): void {
  document.cookie = `${ACCESS_COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Strict`;
}

/** The access token kept in the cookie by an earlier visit, if it has not expired. */
export function readAccessCookie(): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${ACCESS_COOKIE}=`));
  if (!match) return null;
  const token = decodeURIComponent(match.slice(ACCESS_COOKIE.length + 1));
  const expiry = tokenExpiry(token);
  return token && (expiry === null || expiry > Date.now()) ? token : null;
}
