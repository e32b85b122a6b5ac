import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleDraw } from './draw-queue.ts';

describe('scheduleDraw', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each drawing in a task of its own, in order, none synchronously', () => {
    const drawn: string[] = [];
    scheduleDraw(() => drawn.push('a'));
    scheduleDraw(() => drawn.push('b'));
    scheduleDraw(() => drawn.push('c'));
    expect(drawn).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['a']);
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['a', 'b']);
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['a', 'b', 'c']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops a cancelled drawing, and a throwing one does not stop the queue', () => {
    const drawn: string[] = [];
    scheduleDraw(() => {
      throw new Error('roto');
    });
    const cancel = scheduleDraw(() => drawn.push('cancelado'));
    scheduleDraw(() => drawn.push('b'));
    cancel();
    expect(() => vi.advanceTimersToNextTimer()).toThrow('roto');
    vi.runAllTimers();
    expect(drawn).toEqual(['b']);
  });
});
