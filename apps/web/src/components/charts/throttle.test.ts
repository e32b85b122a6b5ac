import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then at most once per window with the latest arguments', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    t(1);
    expect(fn).toHaveBeenCalledTimes(1);
    t(2);
    t(3);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(99);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  it('20 calls over 500 ms make about 6 calls, the last one with the final arguments', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    for (let i = 0; i < 20; i++) {
      t(i);
      vi.advanceTimersByTime(25);
    }
    vi.advanceTimersByTime(200);
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(fn.mock.calls.length).toBeLessThanOrEqual(7);
    expect(fn).toHaveBeenLastCalledWith(19);
  });

  it('runs at once again after an idle window; cancel drops the pending call', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    t('a');
    vi.advanceTimersByTime(150);
    t('b');
    expect(fn).toHaveBeenCalledTimes(2);
    t('c');
    t.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
