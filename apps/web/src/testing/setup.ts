import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default: a form's first render takes longer while the server
// suites hold both cores (the web project's test timeout is 20 s for the same reason).
configure({ asyncUtilTimeout: 5_000 });

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
