// Latency sampling over real HTTP while heavy work runs (DESIGN §9: /healthz answers in < 200 ms).
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
