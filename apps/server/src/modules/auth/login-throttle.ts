import { RateLimiterMemory } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../errors.ts';

export interface LoginThrottleOptions {
  /** Failed logins allowed from one IP per ipWindowSeconds. */
  ipFailures: number;
  ipWindowSeconds: number;
  /** Failed logins allowed for one username per userWindowSeconds, then locked until the window ends. */
  userFailures: number;
  userWindowSeconds: number;
}

export const defaultLoginThrottle: LoginThrottleOptions = {
  ipFailures: 10,
  ipWindowSeconds: 60,
  userFailures: 5,
  userWindowSeconds: 300,
};

/**
 * Counts failed logins per IP and per username. Only failures count; a successful login clears
 * the username's counter. Kept in memory per server: behind a load balancer each server counts
 * on its own, which multiplies the allowance by the number of servers (documented in README).
 */
export class LoginThrottle {
  private readonly byIp: RateLimiterMemory;
  private readonly byUser: RateLimiterMemory;

  constructor(private readonly options: LoginThrottleOptions = defaultLoginThrottle) {
    this.byIp = new RateLimiterMemory({ points: options.ipFailures, duration: options.ipWindowSeconds });
    this.byUser = new RateLimiterMemory({
      points: options.userFailures,
      duration: options.userWindowSeconds,
    });
  }

  /** Throws TOO_MANY_REQUESTS when the IP or the username has used up its failures. */
  async assertAllowed(ip: string, username: string): Promise<void> {
    const [ipState, userState] = await Promise.all([this.byIp.get(ip), this.byUser.get(userKey(username))]);
    const blocked = [
      ipState && ipState.consumedPoints >= this.options.ipFailures ? ipState.msBeforeNext : 0,
      userState && userState.consumedPoints >= this.options.userFailures ? userState.msBeforeNext : 0,
    ];
    const waitMs = Math.max(...blocked);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw tooManyRequests(
        `Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo en ${seconds} segundos.`,
        seconds,
      );
    }
  }

  async recordFailure(ip: string, username: string): Promise<void> {
    await Promise.all([this.byIp.penalty(ip, 1), this.byUser.penalty(userKey(username), 1)]);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.byUser.delete(userKey(username));
  }
}

const userKey = (username: string) => username.trim().toLowerCase();
