import { useCallback, useEffect } from 'react';
import { refreshSession } from '../../../lib/refresh-token.ts';
import { authStore } from '../../../lib/auth-store.ts';
import { debeRenovar } from '../utils/kiosko.ts';

/** How often the kiosk checks its session. */
const REVISION_MS = 30_000;
/** Before a request, renew a token that expires within this (so the request never carries a dead one). */
const MARGEN_PETICION_MS = 60_000;

type WakeLockSentinelLike = { release(): Promise<void> };

/**
 * The kiosk's session and screen: renews the access token from the refresh cookie whenever it is
 * about to expire — retrying every 30 s, when the network comes back and when the screen wakes
 * (the app's own renewal is a single attempt 5 minutes ahead) — and asks the browser to keep the
 * screen on. `asegurar` runs before each of the board's requests, so a token that expired while
 * the network was down is renewed before it is used (a request with it would answer 401 and end
 * the session). The session itself ends 7 days after the login (REFRESH_TOKEN_SECONDS): then the
 * renewal fails, the next request answers 401 and the app shows '¡Sesión Expirada!' and the login,
 * which returns to the board afterwards.
 */
export function useSesionKiosko(activo: boolean): { asegurar: () => Promise<void> } {
  useEffect(() => {
    if (!activo) return;
    const revisar = () => {
      if (debeRenovar(authStore.get().expiresAt, Date.now())) void refreshSession();
    };
    const alVolver = () => {
      if (document.visibilityState === 'visible') revisar();
    };
    const timer = window.setInterval(revisar, REVISION_MS);
    window.addEventListener('online', revisar);
    document.addEventListener('visibilitychange', alVolver);
    revisar();
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', revisar);
      document.removeEventListener('visibilitychange', alVolver);
    };
  }, [activo]);

  // Keep the TV's screen on while the board is visible (where the browser offers it).
  useEffect(() => {
    if (!activo) return;
    const wakeLock = (
      navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } }
    ).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let vivo = true;
    const pedir = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((s) => {
          if (vivo) sentinel = s;
          else void s.release();
        })
        .catch(() => undefined);
    };
    pedir();
    document.addEventListener('visibilitychange', pedir);
    return () => {
      vivo = false;
      document.removeEventListener('visibilitychange', pedir);
      void sentinel?.release().catch(() => undefined);
    };
  }, [activo]);

  const asegurar = useCallback(async () => {
    if (activo && debeRenovar(authStore.get().expiresAt, Date.now(), MARGEN_PETICION_MS))
      await refreshSession();
  }, [activo]);
  return { asegurar };
}
