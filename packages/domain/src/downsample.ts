/** A time-series point; `v: null` (or a non-finite value) is a gap, e.g. the collector was down. */
export interface SeriesPoint {
  t: number;
  v: number | null;
}

/** The most points a chart of this width should receive: 2 per horizontal pixel (DESIGN §8). */
export function maxPointsForWidth(pixels: number): number {
  return Math.max(2, Math.floor(2 * pixels));
}

const isGap = (p: SeriesPoint): boolean => p.v === null || !Number.isFinite(p.v);

/** Value of a point known not to be a gap. */
const valueOf = (p: SeriesPoint): number => p.v ?? 0;

/** Classic Largest-Triangle-Three-Buckets on a gap-free run, 2 ≤ threshold < run length. */
function lttbRun<P extends SeriesPoint>(run: readonly P[], threshold: number): P[] {
  const n = run.length;
  const first = run[0];
  const last = run[n - 1];
  if (!first || !last) return [];
  const sampled: P[] = [first];
  const every = (n - 2) / (threshold - 2);
  let anchor = first;
  for (let bucket = 0; bucket < threshold - 2; bucket++) {
    // The next bucket's average stands in for the point that will be chosen there.
    const nextStart = Math.floor((bucket + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * every) + 1, n);
    let avgT = 0;
    let avgV = 0;
    for (let i = nextStart; i < nextEnd; i++) {
      const p = run[i] as P;
      avgT += p.t;
      avgV += valueOf(p);
    }
    const nextCount = nextEnd - nextStart;
    avgT /= nextCount;
    avgV /= nextCount;

    const from = Math.floor(bucket * every) + 1;
    const to = Math.floor((bucket + 1) * every) + 1;
    let chosen = run[from] as P;
    let maxArea = -1;
    for (let i = from; i < to; i++) {
      const p = run[i] as P;
      // Twice the triangle area; the factor does not change which point wins.
      const area = Math.abs(
        (anchor.t - avgT) * (valueOf(p) - valueOf(anchor)) - (anchor.t - p.t) * (avgV - valueOf(anchor)),
      );
      if (area > maxArea) {
        maxArea = area;
        chosen = p;
      }
    }
    sampled.push(chosen);
    anchor = chosen;
  }
  sampled.push(last);
  return sampled;
}

/** Downsamples a gap-free run to `keep` points. */
function sampleRun<P extends SeriesPoint>(run: readonly P[], keep: number): P[] {
  if (keep >= run.length) return [...run];
  if (keep <= 0) return [];
  if (keep === 1) {
    // One point for a whole run: the one that stands out most from the run's mean.
    const mean = run.reduce((s, p) => s + valueOf(p), 0) / run.length;
    let best = run[0] as P;
    for (const p of run) if (Math.abs(valueOf(p) - mean) > Math.abs(valueOf(best) - mean)) best = p;
    return [best];
  }
  return lttbRun(run, keep);
}

/**
 * Shares `threshold` points among runs: each run first gets its two ends (so every gap starts and
 * ends where the data does), the rest in proportion to run length by largest remainder. With
 * more runs than the budget can give two points each, a plain proportional share is used and
 * very short runs may disappear. Assumes Σ lengths > threshold.
 */
function allocate(lengths: readonly number[], threshold: number): number[] {
  const total = lengths.reduce((s, n) => s + n, 0);
  const minimum = lengths.map((n) => Math.min(n, 2));
  const reserved = minimum.reduce((s, n) => s + n, 0);
  const base = reserved <= threshold ? minimum : lengths.map(() => 0);
  const spare = lengths.map((n, i) => n - (base[i] ?? 0));
  const spareTotal = reserved <= threshold ? total - reserved : total;
  const budget = threshold - (reserved <= threshold ? reserved : 0);
  const exact = spare.map((s) => (spareTotal > 0 ? (budget * s) / spareTotal : 0));
  const shares = exact.map((x, i) => (base[i] ?? 0) + Math.floor(x));
  let left = threshold - shares.reduce((s, n) => s + n, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * Largest-Triangle-Three-Buckets downsampling to at most `threshold` data points, keeping the
 * visual shape (peaks survive, unlike plain averaging) and the first and last points.
 *
 * Gaps stay gaps: `null` values split the series into runs, each run is downsampled with a share
 * of the budget proportional to its length (its two ends always kept when the budget allows), and
 * each stretch of nulls becomes a single null marker at its first timestamp (leading and trailing
 * stretches too, so the time range is unchanged). Markers do not count against `threshold`.
 * Points must be sorted by `t`; extra properties of the points are kept.
 */
export function lttb<P extends SeriesPoint>(points: readonly P[], threshold: number): P[] {
  if (!Number.isFinite(threshold) || threshold < 2) {
    throw new RangeError(`Umbral inválido para LTTB: ${threshold}`);
  }
  const limit = Math.floor(threshold);

  // Split into alternating segments: runs of values and single gap markers.
  const segments: ({ gap: P } | { run: P[] })[] = [];
  for (const p of points) {
    const previous = segments.at(-1);
    if (isGap(p)) {
      if (!previous || !('gap' in previous)) segments.push({ gap: p });
    } else if (previous && 'run' in previous) {
      previous.run.push(p);
    } else {
      segments.push({ run: [p] });
    }
  }

  const runs = segments.flatMap((s) => ('run' in s ? [s.run] : []));
  const total = runs.reduce((s, r) => s + r.length, 0);
  const shares =
    total > limit
      ? allocate(
          runs.map((r) => r.length),
          limit,
        )
      : runs.map((r) => r.length);

  const result: P[] = [];
  let runIndex = 0;
  for (const segment of segments) {
    if ('gap' in segment) {
      // A run that got no share leaves two markers side by side; one is enough.
      const previous = result.at(-1);
      if (!previous || !isGap(previous)) result.push(segment.gap);
    } else {
      result.push(...sampleRun(segment.run, shares[runIndex] ?? 0));
      runIndex += 1;
    }
  }
  return result;
}
