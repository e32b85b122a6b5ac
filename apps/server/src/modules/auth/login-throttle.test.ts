import { describe, expect, it } from 'vitest';
import { LoginThrottle, ThrottledError } from './login-throttle.ts';

const options = { ipFailures: 10, ipWindowSeconds: 60, userFailures: 5, userWindowSeconds: 300 };

describe('LoginThrottle', () => {
  it('reserves synchronously: the sixth attempt in flight is refused before any check ends', () => {
    const throttle = new LoginThrottle(options, () => 0);
    for (let i = 0; i < 5; i++) throttle.reserveLogin('1.1.1.1', 'Admin');
    expect(() => throttle.reserveLogin('1.1.1.2', ' admin ')).toThrow(ThrottledError);
    // Another username from the first IP still has room (the IP allows 10).
    expect(() => throttle.reserveLogin('1.1.1.1', 'otro')).not.toThrow();
  });

  it('a right password gives the IP its point back and clears the username', () => {
    const throttle = new LoginThrottle(options, () => 0);
    for (let i = 0; i < 4; i++) throttle.reserveLogin('1.1.1.1', 'admin');
    throttle.reserveLogin('1.1.1.1', 'admin').succeeded();
    for (let i = 0; i < 5; i++) throttle.reserveLogin('1.1.1.1', 'admin');
    // 4 failures + 5 = 9 on the IP (the success was given back), the username has used its 5.
    try {
      throttle.reserveLogin('1.1.1.1', 'admin');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ reason: 'usuario', retryAfterSeconds: 300 });
    }
    expect(() => throttle.reserveLogin('1.1.1.1', 'b')).not.toThrow();
    expect(() => throttle.reserveLogin('1.1.1.1', 'c')).toThrow(ThrottledError);
  });

  it('a cancelled check counts nothing; windows end on time', () => {
    let now = 0;
    const throttle = new LoginThrottle(options, () => now);
    for (let i = 0; i < 20; i++) throttle.reserveLogin('1.1.1.1', 'admin').cancel();
    for (let i = 0; i < 5; i++) throttle.reservePasswordCheck('1.1.1.1', 7);
    expect(() => throttle.reservePasswordCheck('1.1.1.9', 7)).toThrow(ThrottledError);
    expect(() => throttle.reserveLogin('1.1.1.9', 'admin')).not.toThrow(); // login and password checks count apart
    now = 300_000;
    expect(() => throttle.reservePasswordCheck('1.1.1.9', 7)).not.toThrow();
  });
});
