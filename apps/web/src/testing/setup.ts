import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  if (typeof document === 'undefined') return; // node-environment tests (codegen drift)
  cleanup();
  document.cookie.split('; ').forEach((c) => {
    document.cookie = `${c.split('=')[0]}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  });
  localStorage.clear();
});

// MUI's useMediaQuery needs matchMedia, which jsdom lacks.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
