import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { precargarPantalla } from './app/screens.ts';
import { iniciarSesion } from './app/session.tsx';
import { readAccessCookie } from './lib/auth-store.ts';

// Signed in: the session check starts now, the screen's chunks next, both before React's first render.
const token = readAccessCookie();
void iniciarSesion({
  token,
  antes: token ? precargarPantalla(window.location.pathname) : undefined,
});

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
// The first render in a transition: React renders the shell and the screen in slices of a few
// milliseconds, not in one task that blocks input (issue 34 item 3).
const reactRoot = createRoot(root);
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// A page's first Intl formatter loads ICU's data (30–50 ms in Chromium on a 2-core machine; the next
// ones 0.1–5 ms): warmed while the session check and the screen's chunks are on their way, so that
// neither the start-up task nor the screen's first render pays it. Safari has no
// requestIdleCallback (a tablet at the line): a timer there.
const calentarIntl = () => {
  new Intl.NumberFormat('es-PE', { maximumFractionDigits: 1 }).format(1.5);
  new Intl.DateTimeFormat('es-PE', { dateStyle: 'full', timeStyle: 'short' }).format(0);
};
if (typeof requestIdleCallback === 'function') requestIdleCallback(calentarIntl, { timeout: 500 });
else setTimeout(calentarIntl, 50);
