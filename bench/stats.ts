/** Timing and percentiles shared by the benchmarks. */
import { performance } from 'node:perf_hooks';

/** The p-th percentile (0…1) by nearest rank below, as `sorted[floor(n·p)]`; 0 with no samples. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** Milliseconds of `n` sequential runs of `fn`, after `warmup` runs (JIT, caches) that are not kept. */
export async function timeRuns(fn: () => Promise<unknown>, n: number, warmup: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** Median milliseconds of `n` runs of `fn` after 5 warm-up runs. */
export async function medianTime(fn: () => Promise<unknown>, n = 30): Promise<number> {
  return percentile(await timeRuns(fn, n, 5), 0.5);
}
