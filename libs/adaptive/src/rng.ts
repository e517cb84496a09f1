// Injectable randomness so selection is reproducible in tests and benchmarks.

/** A source of uniform numbers in [0, 1), like Math.random. */
export type Rng = () => number;

/**
 * A small seeded PRNG (mulberry32). Not cryptographic; it only decides which of
 * a few near-equivalent questions is served.
 */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
