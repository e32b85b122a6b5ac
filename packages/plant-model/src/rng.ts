/**
 * Counter-based randomness. Every stream is seeded by hashing (seed, line, day, stream id), so any
 * line-day can be computed on its own, in any order, and always gives the same numbers.
 */

/** The splitmix32 finaliser: a well-mixed 32-bit value from a 32-bit input. */
export function mix32(value: number): number {
  let z = (value + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** Hash of integer parts (seed, line, day index, stream, …) into one 32-bit seed. */
export function hash(...parts: number[]): number {
  let h = 0x2545f491;
  for (const part of parts) h = mix32(h ^ Math.trunc(part));
  return h;
}

/** Uniform [0, 1) from integer parts, for one-off draws that need no stream. */
export function hashUnit(...parts: number[]): number {
  return hash(...parts) / 4294967296;
}

/** Stream ids, so that adding draws to one concern never shifts the numbers of another. */
export const STREAM = {
  firstProduct: 1,
  schedule: 2,
  minutes: 3,
  energy: 4,
  air: 5,
  utilities: 6,
  pta: 7,
  hr: 8,
  values: 9,
  month: 10,
  sap: 11,
  cip: 12,
  motivos: 13,
} as const;

/** A small sequential generator (mulberry32) over one hashed seed. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** Poisson count (Knuth; the means used here are small). */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** Index drawn with the given non-negative weights. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}
