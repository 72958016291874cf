import { describe, expect, it } from "vitest";
import { SeededIndices, seededRandom, seedFrom } from "./random";

describe("SeededIndices", () => {
  it("draws exactly Math.floor(seededRandom(seed)() * n), in order, across fills", () => {
    for (const seed of [0, 1, 20260122, 0xffffffff, seedFrom("mpw")]) {
      for (const n of [1, 2, 7, 1608, 100_003]) {
        const random = seededRandom(seed);
        const indices = new SeededIndices(seed);
        const target = new Uint32Array(n === 1 ? 3 : Math.min(n, 500));
        for (let fill = 0; fill < 3; fill++) {
          indices.fill(target, n);
          const expected = Array.from(target, () => Math.floor(random() * n));
          expect(Array.from(target)).toEqual(expected);
        }
      }
    }
  });

  it("every index lies in [0, n)", () => {
    const target = new Uint32Array(10_000);
    new SeededIndices(9).fill(target, 3);
    expect(Math.max(...target)).toBe(2);
    expect(Math.min(...target)).toBe(0);
  });
});

describe("seedFrom", () => {
  it("is FNV-1a over UTF-16 code units", () => {
    // FNV-1a 32-bit offset basis for the empty string; "a" → 0xe40c292c (published test vector).
    expect(seedFrom("")).toBe(0x811c9dc5);
    expect(seedFrom("a")).toBe(0xe40c292c);
  });
});
