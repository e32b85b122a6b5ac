import { type ComponentType, createElement, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code loads when it is first opened, not with the screen (DESIGN §8's budget: a
 * screen's first paint carries no dialog). `isOpen` tells from the props whether it is open; once
 * opened it stays mounted, so it closes with its animation and reopens at once.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(false);
    if (!opened && isOpen(props)) setOpened(true);
    if (!opened) return null;
    return createElement(Suspense, { fallback: null }, createElement(Dialog, props));
  };
}
