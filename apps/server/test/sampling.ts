// Latency sampling over real HTTP while heavy work runs (DESIGN §9: /healthz answers in < 200 ms).
import { Worker } from 'node:worker_threads';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

export const LIMIT_MS = 200;

export interface Sample {
  what: string;
  ms: number;
  status: number;
}

export async function timed(what: string, request: () => Promise<Response>): Promise<Sample> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  return { what, ms: performance.now() - started, status: response.status };
}

/** Samples /healthz every `everyMs` until `work` settles (after a short head start for the work). */
export async function sampleHealthWhile(server: TestServer, work: Promise<unknown>, everyMs = 50) {
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  const samples: Sample[] = [];
  // The garbage of the files this worker ran before and of the test's own seeding, collected before
  // the measure: a full collection of the harness's heap, in the process the test server shares,
  // is not the server's stall (the 'timing' project runs with --expose-gc; a no-op elsewhere).
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 20));
  while (!settled) {
    samples.push(await timed('healthz', () => fetch(`${server.url}/healthz`)));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  await done;
  return samples;
}

export function expectHealthFast(samples: Sample[], minimum: number) {
  const worst = Math.round(Math.max(...samples.map((s) => s.ms)));
  expect(samples.length, `muestras (peor ${worst} ms)`).toBeGreaterThanOrEqual(minimum);
  expect(worst, 'peor /healthz (ms)').toBeLessThan(LIMIT_MS);
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
 * `minimumMs` have passed (0: once). The answers' bodies come back as text, in order.
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
              }).then(async (r) => ({ status: r.status, body: await r.text() })));
            answers.push(...(await Promise.all(sent)));
          }
        } while (performance.now() < until);
        parentPort.postMessage(answers);
      })().catch((error) => { throw error; });`,
      { eval: true, workerData: { url, rounds, token, minimumMs } },
    );
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
