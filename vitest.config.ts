import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { E2E_SERVIDORES } from './e2e/servidor.ts';

/** Server tests that measure latency: see the 'timing' project. */
const TIMING = [
  'apps/server/test/event-loop.test.ts',
  'apps/server/test/limits.test.ts',
  'apps/server/test/rrhh-importacion-carga.test.ts',
  'apps/server/test/rrhh-importacion-hostil.test.ts',
  'apps/server/test/respaldo-en-vivo.test.ts',
  'apps/server/test/carga-informes-exportaciones.test.ts',
];

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Vitest's default is one worker per core less one: a single worker on two cores, and the
    // server suites mostly wait on their databases (PGlite's worker thread, PostgreSQL's process).
    // Three files at a time keep both cores busy; the latency budgets run alone ('timing').
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/*/src/**/*.test.ts'],
          // The plant model's range checks simulate weeks of minutes: seconds alone, more while the
          // server suites share the two cores.
          testTimeout: 30_000,
        },
      },
      {
        // mercurius require()s graphql's CommonJS build; our ESM imports must get the same
        // instance, or graphql refuses types "from another module or realm".
        resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: TIMING,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
        test: {
          // The responsiveness budgets (/healthz < 200 ms under load) measure this server, not
          // the other suites sharing two cores: they run last, one file at a time, alone.
          name: 'timing',
          sequence: { groupOrder: 2 },
          include: TIMING,
          fileParallelism: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'plant-sim',
          include: ['apps/plant-sim/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // A form test types and clicks through a dialog (userEvent, jsdom): well under a second
          // alone, but several seconds while the server suites hold both cores.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // After the unit and server suites, so the browser does not compete with them for CPU.
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.test.ts'],
          // Its servers start in the background (the web app built first): see e2e/global-setup.ts.
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/setup-servidor.ts'],
          // Two spec files at a time, each against its own server (e2e/servidores.ts).
          maxWorkers: E2E_SERVIDORES,
          // The browser shares two cores with the server suites: give the UI time to settle.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
