/**
 * Seeded randomness for the sample generator. Everything random in the sample comes from here:
 * no Math.random, no clock. Each record gets its own generator derived from (seed, stream, index),
 * so product 4711 is the same whatever was generated before it.
 */

/** mulberry32: a tiny, fast 32-bit PRNG with a good enough distribution for sample data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes integers into one 32-bit seed (murmur3 finaliser per step). */
export function mixSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** Stream tags so that different record kinds never share a random sequence. */
export const STREAM_TAG = {
  product: 1,
  category: 2,
  brand: 3,
  content: 4,
  image: 5,
  document: 6,
} as const;

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  static for(seed: number, tag: number, index: number): Rng {
    return new Rng(mixSeed(seed, tag, index));
  }

  /** [0, 1) */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** k distinct items in their original order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const n = items.length;
    const count = Math.min(k, n);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(Math.floor(this.next() * n));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
  }

  /** A contiguous run of 'min..max' items from the list. */
  run<T>(items: readonly T[], min: number, max: number): T[] {
    const len = Math.min(items.length, this.int(min, max));
    const start = this.int(0, items.length - len);
    return items.slice(start, start + len);
  }
}
