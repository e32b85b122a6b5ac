import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { E2E_SERVIDORES } from './e2e/servidor.ts';
import Secuenciador from './scripts/secuenciador.ts';

/**
 * Web tests that replace a module with vi.mock: they need a module graph of their own (isolate),
 * as a module another file already loaded in the same worker keeps its real imports.
 */
const WEB_CON_MOCKS = [
  'apps/web/src/lib/download.test.ts',
  'apps/web/src/lib/use-subscription.test.tsx',
  'apps/web/src/features/notificaciones/components/campana.test.tsx',
  'apps/web/src/components/charts/chart-al-verse.test.tsx',
];

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
    // The e2e servers stop when the last browser file ends, before `timing` (e2e/detener-servidores.ts).
    reporters: ['default', './scripts/summary-reporter.ts', './e2e/detener-servidores.ts'],
    // The server suites wait on their databases (PGlite's worker thread, PostgreSQL's process),
    // and some on real time: four files at a time keep both cores busy (three left them a third
    // idle while two files waited). The browser tests run after them (their own group, one e2e
    // server per worker), the latency budgets last and alone ('timing').
    maxWorkers: 4,
    // Each project's long files first, the waiting ones spread (a fresh clone has no durations
    // cached): scripts/secuenciador.ts.
    sequence: { sequencer: Secuenciador },
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          isolate: false,
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
          isolate: false,
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
          sequence: { groupOrder: 3 },
          include: TIMING,
          fileParallelism: false,
          isolate: false,
          // gc(): a test collects the garbage of its own seeding before it measures (the stall of a
          // full collection of the harness's leftovers is not the server's: see
          // carga-informes-exportaciones.test.ts).
          execArgv: ['--expose-gc'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'plant-sim',
          include: ['apps/plant-sim/src/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: WEB_CON_MOCKS,
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          isolate: false,
          // Two files at a time, after the server suites (a group of their own: Vitest takes one
          // worker count per group): jsdom tests never wait, so two keep both cores busy, and every
          // further worker imports React, MUI and jsdom again (the web files alone: 38 s and 72
          // CPU-s with two workers, 51 s and 102 CPU-s with four; docs/testing.md).
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // A form test types and clicks through a dialog (userEvent, jsdom): well under a second
          // alone, but several seconds while the server suites hold both cores.
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-mocks',
          include: WEB_CON_MOCKS,
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // After the unit, server and web suites: together they overloaded two cores.
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          // Its web app builds in the background from the start; its servers start when its first file
          // asks for one: see e2e/global-setup.ts.
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/setup-servidor.ts'],
          isolate: false,
          // Three spec files at a time, each against its own server (e2e/servidores.ts): with two,
          // a quarter of the cores was idle during the browser tests.
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
