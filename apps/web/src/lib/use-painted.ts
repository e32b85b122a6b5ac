import { type RefObject, useEffect, useState } from 'react';

/** Element Timing: the browser's own record of when an element with `elementtiming` was painted. */
type ElementTiming = PerformanceEntry & { element?: Element | null };

/**
 * True once the element in `ref` (rendered with an `elementtiming` attribute) has been painted, as
 * the browser reports it (Element Timing, the paint's presentation); where the browser does not
 * report it, from the task after the next frame; at the latest after `limiteMs`. (Chromium reports
 * an element below the fold too: at 360 px /fabrica's chart still loads right after its card.)
 */
export function usePainted(ref: RefObject<Element | null>, limiteMs = 1000): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let done = false;
    const mark = () => {
      if (done) return;
      done = true;
      setPainted(true);
    };
    const limit = setTimeout(mark, limiteMs);
    const element = ref.current;
    const supported =
      typeof PerformanceObserver !== 'undefined' &&
      (PerformanceObserver.supportedEntryTypes ?? []).includes('element');
    if (element && supported) {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => (entry as ElementTiming).element === element)) mark();
      });
      observer.observe({ type: 'element', buffered: true });
      return () => {
        observer.disconnect();
        clearTimeout(limit);
      };
    }
    let next: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      next = setTimeout(mark, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(next);
      clearTimeout(limit);
    };
  }, [ref, limiteMs]);
  return painted;
}
