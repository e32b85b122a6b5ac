/**
 * Filler tags for load tests: each drifts along its own slow sine with a little noise, so every
 * tag changes every second (a monitored item reports each one) yet stays plausible on a chart.
 * Deterministic in (seed, tag, second) so two runs serve the same values.
 */
export function extraTagValue(seed: number, index: number, t: number): number {
  const second = Math.floor(t / 1000);
  const period = 60 + ((index * 37) % 540); // 1 to 10 minutes
  const phase = (index * 2.399963) % (2 * Math.PI); // golden angle: phases spread evenly
  const noise = unitHash(seed, index, second) - 0.5;
  return Math.round((50 + 25 * Math.sin((2 * Math.PI * second) / period + phase) + noise) * 1000) / 1000;
}

/** A cheap integer hash mapped to [0, 1): good enough for noise, far cheaper than a PRNG per tag. */
function unitHash(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ b ^ (h >>> 13), 0xc2b2ae35);
  h = Math.imul(h ^ c ^ (h >>> 16), 0x27d4eb2f);
  h ^= h >>> 15;
  return (h >>> 0) / 2 ** 32;
}
