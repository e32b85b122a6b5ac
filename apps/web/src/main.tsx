import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { precargarPantalla } from './app/screens.ts';
import { iniciarSesion } from './app/session.tsx';
import { readAccessCookie } from './lib/auth-store.ts';

/**
 * Runs `start` in a task of its own, queued now: ahead of React's first render (also a posted
 * task), and outside this module's evaluation, already the longest task of a cold screen (the
 * preloads append a link per chunk, ≈ 40–50 ms on a 2-core machine).
 */
function enTareaPropia(start: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const canal = new MessageChannel();
    canal.port1.onmessage = () => {
      canal.port1.close();
      resolve(start());
    };
    canal.port2.postMessage(null);
  });
}

// Signed in: the session check starts now, the screen's chunks next, both before React's first render.
const token = readAccessCookie();
void iniciarSesion({
  token,
  antes: token ? enTareaPropia(() => precargarPantalla(window.location.pathname)) : undefined,
});

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
