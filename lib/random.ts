/** mulberry32: a small, well-distributed 32-bit PRNG. Seeded, so results are reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Resample indices from the same mulberry32 stream as `seededRandom`: `fill` writes
 * exactly the values `Math.floor(random() * n)` would, in the same order. The stream is
 * stepped inline because bootstraps draw millions of indices on every ingest, and a
 * closure call per draw was a third of their time.
 */
export class SeededIndices {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Fills `target` with indices in [0, n). */
  fill(target: Uint32Array, n: number): void {
    // (u / 2^32) · n and u · (n / 2^32): dividing by 2^32 is exact, so both are one
    // rounding of the same product u · n / 2^32, and so the same double.
    const scale = n / 4294967296;
    let state = this.state;
    for (let i = 0; i < target.length; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      // A Uint32Array store truncates toward zero, which is floor for these values.
      target[i] = ((t ^ (t >>> 14)) >>> 0) * scale;
    }
    this.state = state;
  }
}

/** A 32-bit seed from a string (FNV-1a), to give each named stream its own sequence. */
export function seedFrom(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
