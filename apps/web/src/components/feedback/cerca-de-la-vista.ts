import { type RefObject, useEffect, useState } from 'react';

/**
 * How far below (or above) the viewport a place counts as near: a short scroll, so that what is
 * loaded or drawn there is ready by the time a person's scroll brings it in, while what sits further
 * down costs nothing to open the screen (DESIGN §8, issue 34).
 */
const MARGEN = '200px 0px';

/**
 * True once the element of `ref` has come within {@link MARGEN} of the viewport, and from then on.
 * It is watched only while `vigilar` holds (a place whose content has not arrived would seem nearer
 * than it will be); `yaCerca` starts it true. Without IntersectionObserver it is true at once.
 */
export function useCercaDeLaVista(
  ref: RefObject<Element | null>,
  vigilar: boolean,
  yaCerca = false,
): boolean {
  const [cerca, setCerca] = useState(() => yaCerca || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (cerca || !vigilar || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setCerca(true);
      },
      { rootMargin: MARGEN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [cerca, vigilar, ref]);
  return cerca;
}
