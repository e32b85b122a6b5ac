import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePainted } from './use-painted.ts';

/** A PerformanceObserver that reports Element Timing: `onObserve` gets a function that reports an element as painted. */
function stubElementTiming(onObserve: (report: (element: Element) => void) => void) {
  class Observer {
    static supportedEntryTypes = ['element'];
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe(options: PerformanceObserverInit) {
      expect(options).toMatchObject({ type: 'element', buffered: true });
      onObserve((element) =>
        this.callback(
          { getEntries: () => [{ element }] } as unknown as PerformanceObserverEntryList,
          this as never,
        ),
      );
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', Observer);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usePainted', () => {
  it("turns true when the browser reports the element's paint, not for another element's", async () => {
    const element = document.createElement('p');
    let report: ((element: Element) => void) | undefined;
    stubElementTiming((r) => (report = r));
    const { result } = renderHook(() => usePainted({ current: element }, 60_000));
    expect(result.current).toBe(false);
    await waitFor(() => expect(report).toBeDefined());
    report!(document.createElement('p'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe(false);
    report!(element);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('turns true after its limit when the browser never reports the paint', async () => {
    stubElementTiming(() => {});
    const { result } = renderHook(() => usePainted({ current: document.createElement('p') }, 50));
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });

  it('without Element Timing: true from the task after the next frame', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const { result } = renderHook(() => usePainted({ current: document.createElement('p') }, 60_000));
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });
});
