// Latency sampling over real HTTP while heavy work runs (DESIGN §9: /healthz answers in < 200 ms).
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

export const LIMIT_MS = 200;

export interface Sample {
  what: string;
  ms: number;
  status: number;
  /** When it was sent (performance.now()). */
  at: number;
}

export async function timed(what: string, request: () => Promise<Response>): Promise<Sample> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  return { what, ms: performance.now() - started, status: response.status, at: started };
}

/**
 * What the process did while the last sampleHealthWhile ran, for a failure to say why a /healthz
 * was slow: the longest its event loop was blocked, and this process's garbage collections (the
 * test server shares the worker with the test's own client and data). A slow sample with a short
 * block was the machine (the process waited for a core), not the server's code.
 */
let proceso: { inicio: number; bloqueoMs: number; gcMaxMs: number; gcMs: number } | undefined;

/**
 * Samples /healthz every `everyMs` until `work` settles (after a short head start for the work).
 * Pass the work as a function when it sends requests of its own that are timed (a /healthz with
 * each upload): it starts after the harness's garbage collection, which would hold them.
 */
export async function sampleHealthWhile(
  server: TestServer,
  work: Promise<unknown> | (() => Promise<unknown>),
  everyMs = 50,
) {
  // The garbage of the files this worker ran before and of the test's own seeding, collected before
  // the measure: a full collection of the harness's heap, in the process the test server shares,
  // is not the server's stall (the 'timing' project runs with --expose-gc; a no-op elsewhere). It
  // blocks this process 70–90 ms on a slow quiet 2-core machine, over 200 under a full run's load:
  // a request in flight meanwhile waits for it.
  (globalThis as { gc?: () => void }).gc?.();
  const bucle = monitorEventLoopDelay({ resolution: 10 });
  const medido = { inicio: performance.now(), bloqueoMs: 0, gcMaxMs: 0, gcMs: 0 };
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      medido.gcMs += entry.duration;
      medido.gcMaxMs = Math.max(medido.gcMaxMs, entry.duration);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  bucle.enable();
  let settled = false;
  const done = (typeof work === 'function' ? work() : work).finally(() => {
    settled = true;
  });
  const samples: Sample[] = [];
  try {
    await new Promise((resolve) => setTimeout(resolve, 20));
    while (!settled) {
      samples.push(await timed('healthz', () => fetch(`${server.url}/healthz`)));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await done;
  } finally {
    bucle.disable();
    gc.disconnect();
    medido.bloqueoMs = bucle.max / 1e6;
    proceso = medido;
  }
  return samples;
}

/** Fails on a /healthz sample of 200 ms or more; with `etiqueta`, prints the worst one first. */
export function expectHealthFast(samples: Sample[], minimum: number, etiqueta?: string) {
  const peor = samples.reduce<Sample | undefined>((a, s) => (a && a.ms >= s.ms ? a : s), undefined);
  const worst = Math.round(peor?.ms ?? 0);
  if (etiqueta) console.log(`${etiqueta}: peor /healthz ${worst} ms, ${samples.length} muestras`);
  expect(samples.length, `muestras (peor ${worst} ms)`).toBeGreaterThanOrEqual(minimum);
  const contexto =
    peor && proceso
      ? `; la peor, ${peor.what}, enviada a los ${Math.round(peor.at - proceso.inicio)} ms; el bucle del ` +
        `proceso bloqueado como máximo ${Math.round(proceso.bloqueoMs)} ms; GC: la mayor pausa ` +
        `${Math.round(proceso.gcMaxMs)} ms, ${Math.round(proceso.gcMs)} ms en total`
      : '';
  expect(worst, `peor /healthz (ms)${contexto}`).toBeLessThan(LIMIT_MS);
  expect(samples.filter((s) => s.status !== 200)).toEqual([]);
}

export interface Answer {
  status: number;
  body: string;
}

/**
 * Another client: POSTs GraphQL documents to `url` from a thread of its own, so that what a test
 * samples meanwhile is the server's loop, not its own fetch calls and JSON parsing sharing it. Each
 * round's documents go at once; the rounds one after another, again from the first until
 * `minimumMs` have passed (0: once). The answers come back in order, their bodies' bytes moved
 * (transferred), not copied: a copy of a long run's answers (≈ 70 × 364 KB) took this thread
 * 180–320 ms to receive, a stall of the test's own that a /healthz sent meanwhile measured as the
 * server's. A body is turned into text when first read.
 */
export function postFromAnotherThread(
  url: string,
  rounds: unknown[][],
  { token, minimumMs = 0 }: { token?: string; minimumMs?: number } = {},
): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `const { parentPort, workerData: w } = require('node:worker_threads');
      (async () => {
        const answers = [];
        const until = performance.now() + w.minimumMs;
        do {
          for (const round of w.rounds) {
            const sent = round.map((body) =>
              fetch(w.url + '/graphql', {
                method: 'POST',
                headers: { 'content-type': 'application/json', ...(w.token && { authorization: 'Bearer ' + w.token }) },
                body: JSON.stringify(body),
              }).then(async (r) => ({ status: r.status, bytes: await r.arrayBuffer() })));
            answers.push(...(await Promise.all(sent)));
          }
        } while (performance.now() < until);
        parentPort.postMessage(answers, answers.map((a) => a.bytes));
      })().catch((error) => { throw error; });`,
      { eval: true, workerData: { url, rounds, token, minimumMs } },
    );
    worker.once('message', (answers: { status: number; bytes: ArrayBuffer }[]) =>
      resolve(
        answers.map(({ status, bytes }) => {
          let body: string | undefined;
          return {
            status,
            get body() {
              return (body ??= new TextDecoder().decode(bytes));
            },
          };
        }),
      ),
    );
    worker.once('error', reject);
  });
}
