import { describe, expect, it } from "vitest";
import { paretoFrontier, type CostPoint } from "./frontier";

const ids = (points: CostPoint[]) => paretoFrontier(points).map((p) => p.id);

describe("paretoFrontier", () => {
  it("no points: no frontier", () => {
    expect(paretoFrontier([])).toEqual([]);
  });

  it("one point is its own frontier", () => {
    expect(paretoFrontier([{ id: 7, cost: 0.3, accuracy: 0.4 }])).toEqual([
      { id: 7, cost: 0.3, accuracy: 0.4 },
    ]);
  });

  it("leaves out a point another beats on both cost and accuracy", () => {
    // 2 costs more than 1 and is less accurate.
    expect(
      ids([
        { id: 1, cost: 1, accuracy: 0.5 },
        { id: 2, cost: 2, accuracy: 0.4 },
        { id: 3, cost: 3, accuracy: 0.7 },
      ]),
    ).toEqual([1, 3]);
  });

  it("leaves out an undominated point below the hull (a concave corner)", () => {
    // The segment 1–3 is at 0.2 + 0.6 · (1/2) = 0.5 at cost 2, above 2's 0.3.
    expect(
      ids([
        { id: 1, cost: 1, accuracy: 0.2 },
        { id: 2, cost: 2, accuracy: 0.3 },
        { id: 3, cost: 3, accuracy: 0.8 },
      ]),
    ).toEqual([1, 3]);
  });

  it("keeps an undominated point above the hull (a convex corner)", () => {
    // The segment 1–3 is at 0.2 + 0.6 · (1/3) = 0.4 at cost 2, below 2's 0.6.
    expect(
      ids([
        { id: 1, cost: 1, accuracy: 0.2 },
        { id: 2, cost: 2, accuracy: 0.6 },
        { id: 3, cost: 4, accuracy: 0.8 },
      ]),
    ).toEqual([1, 2, 3]);
  });

  it("of equal costs keeps the more accurate; equal accuracy at a higher cost is dominated", () => {
    expect(
      ids([
        { id: 1, cost: 1, accuracy: 0.3 },
        { id: 2, cost: 1, accuracy: 0.5 },
        { id: 3, cost: 2, accuracy: 0.5 },
      ]),
    ).toEqual([2]);
  });

  it("of equal points keeps one, the lowest id, whatever the input order", () => {
    const a = { id: 5, cost: 1, accuracy: 0.5 };
    const b = { id: 3, cost: 1, accuracy: 0.5 };
    expect(ids([a, b])).toEqual([3]);
    expect(ids([b, a])).toEqual([3]);
  });

  it("drops a point exactly between two others (collinear), as HAL's hull does", () => {
    expect(
      ids([
        { id: 1, cost: 0, accuracy: 0 },
        { id: 2, cost: 1, accuracy: 0.25 },
        { id: 3, cost: 2, accuracy: 0.5 },
      ]),
    ).toEqual([1, 3]);
    // 0.3 − 0.1 is 0.19999999999999998 in floating point: still collinear.
    expect(
      ids([
        { id: 1, cost: 1, accuracy: 0.1 },
        { id: 2, cost: 2, accuracy: 0.2 },
        { id: 3, cost: 3, accuracy: 0.3 },
      ]),
    ).toEqual([1, 3]);
  });

  it("a board: orders the frontier by cost and leaves out the dominated and the concave", () => {
    const points: CostPoint[] = [
      { id: 4, cost: 3.0, accuracy: 0.5 },
      { id: 1, cost: 0.5, accuracy: 0.1 }, // below 6–2: 0.05 + 0.3 · (0.25 / 0.8) = 0.14375 at cost 0.5
      { id: 5, cost: 4.0, accuracy: 0.45 }, // dominated by 4
      { id: 2, cost: 1.0, accuracy: 0.3 }, // above 6–4: 0.05 + 0.8 · (0.45 / 2.8) ≈ 0.179 at cost 1
      { id: 3, cost: 1.5, accuracy: 0.32 }, // below 2–4: 0.3 + 0.5 · 0.1 = 0.35 at cost 1.5
      { id: 6, cost: 0.2, accuracy: 0.05 },
    ];
    expect(ids(points)).toEqual([6, 2, 4]);
  });

  it("refuses a cost or accuracy that is not a finite number", () => {
    expect(() => paretoFrontier([{ id: 1, cost: Number.NaN, accuracy: 0.5 }])).toThrow(RangeError);
    expect(() => paretoFrontier([{ id: 1, cost: 1, accuracy: Number.POSITIVE_INFINITY }])).toThrow(
      RangeError,
    );
  });
});
