import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, readAccessCookie } from './auth-store.ts';

const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
const TOKEN = `x.${payload}.y`;

afterEach(() => {
  vi.restoreAllMocks();
  authStore.clear();
});

describe('authStore', () => {
  it('adopts the token an earlier visit left in the cookie without writing the cookie or the session hint again', () => {
    document.cookie = `access_token=${TOKEN}; Path=/`;
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const writes = vi.fn();
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookie?.get?.call(document) as string,
      set: writes,
    });
    const hint = vi.spyOn(Storage.prototype, 'setItem');
    try {
      const token = readAccessCookie();
      expect(token).toBe(TOKEN);
      authStore.adoptToken(TOKEN, Date.now() + 3_600_000);
      expect(authStore.get().token).toBe(TOKEN);
      expect(authStore.isLoggedIn()).toBe(true);
      expect(writes).not.toHaveBeenCalled();
      expect(hint).not.toHaveBeenCalled();
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
  });

  it('writes the cookie and the hint for a token from a login or a refresh, and clears both', () => {
    authStore.setToken(TOKEN, Date.now() + 3_600_000);
    expect(readAccessCookie()).toBe(TOKEN);
    expect(authStore.mayHaveRefreshSession()).toBe(true);
    authStore.clear();
    expect(readAccessCookie()).toBeNull();
    expect(authStore.mayHaveRefreshSession()).toBe(false);
  });
});
