import { tooManyRequests } from '../../errors.ts';

export interface LoginThrottleOptions {
  /** Failed logins allowed from one IP per ipWindowSeconds. */
  ipFailures: number;
  ipWindowSeconds: number;
  /** Failed logins allowed for one username per userWindowSeconds, then locked until the window ends. */
  userFailures: number;
  userWindowSeconds: number;
  /** Throttled attempts are audited once per IP and username per this many seconds, with a count. */
  auditWindowSeconds?: number;
}

export const defaultLoginThrottle: LoginThrottleOptions = {
  ipFailures: 10,
  ipWindowSeconds: 60,
  userFailures: 5,
  userWindowSeconds: 300,
  auditWindowSeconds: 60,
};

/** Why an attempt was refused: the IP's allowance or the subject's (username, account) ran out. */
export type ThrottleReason = 'ip' | 'usuario';

export class ThrottledError extends Error {
  constructor(
    readonly reason: ThrottleReason,
    readonly retryAfterSeconds: number,
  ) {
    super('throttled');
  }
}

interface Window {
  count: number;
  resetAt: number;
}

/** Past this many keys, expired windows are swept before a new one is added. */
const SWEEP_AT = 10_000;

/**
 * Fixed windows counted in memory, checked and incremented in one synchronous step: nothing can
 * run between the check and the increment, so parallel requests cannot all see the same count.
 */
class WindowCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Milliseconds until the key may try again, 0 when it still has room. */
  waitFor(key: string): number {
    const window = this.live(key);
    return window && window.count >= this.limit ? window.resetAt - this.now() : 0;
  }

  /** Takes one point; returns the window it was taken from (to give it back later). */
  take(key: string): Window {
    let window = this.live(key);
    if (!window) {
      if (this.windows.size >= SWEEP_AT) this.sweep();
      window = { count: 0, resetAt: this.now() + this.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return window;
  }

  /** Gives a point back, if its window is still the current one. */
  giveBack(key: string, taken: Window): void {
    if (this.windows.get(key) === taken && taken.count > 0) taken.count--;
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private live(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** One attempt that holds its place in the counters while its password is being checked. */
export interface ThrottleReservation {
  /** The password was right: the IP gets its point back and the subject's failures are forgotten. */
  succeeded(): void;
  /** The check could not run (database down, bug): nothing is counted. */
  cancel(): void;
}

/**
 * Failed password checks per IP and per subject (a username at login, an account when it changes
 * its password). Each attempt reserves its point BEFORE the ~50 ms argon2 check, synchronously, so
 * 60 parallel guesses get at most the limit checked; a wrong password keeps the point, a right one
 * gives it back and clears the subject (successful logins are not throttled).
 *
 * Kept in memory per server: behind a load balancer each server counts on its own, which multiplies
 * the allowance by the number of servers (documented in README).
 */
export class LoginThrottle {
  private readonly byIp: WindowCounter;
  private readonly bySubject: WindowCounter;

  constructor(options: LoginThrottleOptions = defaultLoginThrottle, now: () => number = Date.now) {
    this.byIp = new WindowCounter(options.ipFailures, options.ipWindowSeconds * 1000, now);
    this.bySubject = new WindowCounter(options.userFailures, options.userWindowSeconds * 1000, now);
  }

  /** Reserves a login attempt or throws ThrottledError; never awaits. */
  reserveLogin(ip: string, username: string): ThrottleReservation {
    return this.reserve(ip, `login:${username.trim().toLowerCase()}`);
  }

  /** Reserves a check of an account's current password (updatePassword) or throws ThrottledError. */
  reservePasswordCheck(ip: string, userId: number): ThrottleReservation {
    return this.reserve(ip, `password:${userId}`);
  }

  private reserve(ip: string, subject: string): ThrottleReservation {
    const ipWait = this.byIp.waitFor(ip);
    const subjectWait = this.bySubject.waitFor(subject);
    if (ipWait > 0 || subjectWait > 0) {
      const seconds = Math.max(1, Math.ceil(Math.max(ipWait, subjectWait) / 1000));
      throw new ThrottledError(subjectWait >= ipWait ? 'usuario' : 'ip', seconds);
    }
    const ipWindow = this.byIp.take(ip);
    const subjectWindow = this.bySubject.take(subject);
    let settled = false;
    return {
      succeeded: () => {
        if (settled) return;
        settled = true;
        this.byIp.giveBack(ip, ipWindow);
        this.bySubject.clear(subject);
      },
      cancel: () => {
        if (settled) return;
        settled = true;
        this.byIp.giveBack(ip, ipWindow);
        this.bySubject.giveBack(subject, subjectWindow);
      },
    };
  }
}

export function throttledLoginError(error: ThrottledError) {
  return tooManyRequests(
    `Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo en ${error.retryAfterSeconds} segundos.`,
    error.retryAfterSeconds,
  );
}

export function throttledPasswordError(error: ThrottledError) {
  return tooManyRequests(
    `Demasiados intentos fallidos con la contraseña actual. Inténtelo de nuevo en ${error.retryAfterSeconds} segundos.`,
    error.retryAfterSeconds,
  );
}
