import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from './auth-store.ts';
import { useSubscription } from './use-subscription.ts';

const subscribe = vi.fn((_payload: unknown, _sink: unknown) => () => {});
vi.mock('./live-client.ts', () => ({ liveClient: () => ({ subscribe }) }));

const doc = Object.assign(new String('subscription S { x }'), {}) as never;

afterEach(() => {
  subscribe.mockClear();
  authStore.clear();
});

describe('useSubscription', () => {
  it('subscribes only when logged in and enabled, and again when it becomes enabled', () => {
    const { rerender } = renderHook(({ enabled }) => useSubscription(doc, { linea: 1 }, { enabled }), {
      initialProps: { enabled: true },
    });
    expect(subscribe).not.toHaveBeenCalled(); // no token yet
    authStore.setToken('t', Date.now() + 60_000);
    rerender({ enabled: false });
    expect(subscribe).not.toHaveBeenCalled();
    rerender({ enabled: true });
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(subscribe.mock.calls[0]?.[0]).toMatchObject({ variables: { linea: 1 } });
  });
});
