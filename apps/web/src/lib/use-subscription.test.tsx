import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from './auth-store.ts';
import { RESUSCRIBIR_MS, useSubscription } from './use-subscription.ts';

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

describe('useSubscription after an error', () => {
  it('subscribes again after 2, 4, 8… s while errors follow, from 2 s again once a message arrived', () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      authStore.setToken('t', Date.now() + 600_000);
      const { result, unmount } = renderHook(() =>
        useSubscription<{ x: number }, { linea: number }>(doc, { linea: 2 }),
      );
      const sink = (n: number) =>
        subscribe.mock.calls[n]?.[1] as { next(m: { data: unknown }): void; error(e: unknown): void };
      expect(subscribe).toHaveBeenCalledTimes(1);
      act(() => sink(0).error(new Error('rechazada')));
      act(() => vi.advanceTimersByTime(RESUSCRIBIR_MS[0] - 1));
      expect(subscribe).toHaveBeenCalledTimes(1);
      act(() => vi.advanceTimersByTime(1));
      expect(subscribe).toHaveBeenCalledTimes(2);
      act(() => sink(1).error(new Error('rechazada')));
      act(() => vi.advanceTimersByTime(RESUSCRIBIR_MS[1]));
      expect(subscribe).toHaveBeenCalledTimes(3);
      act(() => sink(2).next({ data: { x: 7 } }));
      expect(result.current).toEqual({ x: 7 });
      act(() => sink(2).error(new Error('socket cerrado')));
      act(() => vi.advanceTimersByTime(RESUSCRIBIR_MS[0]));
      expect(subscribe).toHaveBeenCalledTimes(4);
      expect(result.current).toEqual({ x: 7 }); // the last value stays meanwhile
      // Unmounted while waiting: nothing more.
      act(() => sink(3).error(new Error('rechazada')));
      unmount();
      act(() => vi.advanceTimersByTime(60_000));
      expect(subscribe).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });
});
