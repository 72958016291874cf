import { describe, expect, it } from "vitest";
import { bootstrapMeans } from "../../metrics/bootstrap";
import { bootstrapStatistics } from "./bootstrap";
import {
  calibrationError,
  calibrationErrorCi,
  tooFewSamples,
  type CalibrationPoint,
} from "./calibration";

const pt = (confidence: number, correct: boolean): CalibrationPoint => ({ confidence, correct });

// Sorted by confidence: 10✗ 20✓ | 60✗ 80✓ 90✓  (β = 2 → ⌊5/2⌋ = 2 bins; the last takes the remainder)
const FIVE = [pt(90, true), pt(10, false), pt(80, true), pt(20, true), pt(60, false)];

describe("calibrationError (BrowseComp / HLE method)", () => {
  it("RMS over equal-count bins, hand-computed", () => {
    const result = calibrationError(FIVE, { binSize: 2 });
    // bin 1: conf (0.1+0.2)/2 = 0.15, acc 1/2 → gap 0.35, weight 2/5 → 0.4 · 0.1225 = 0.049
    // bin 2: conf (0.6+0.8+0.9)/3 = 0.7667, acc 2/3 → gap 0.1, weight 3/5 → 0.6 · 0.01 = 0.006
    // CE = sqrt(0.049 + 0.006) = sqrt(0.055)
    expect(result.error).toBeCloseTo(Math.sqrt(0.055), 12);
    expect(result.bins.map((b) => [b.n, b.minConfidence, b.maxConfidence])).toEqual([
      [2, 0.1, 0.2],
      [3, 0.6, 0.9],
    ]);
    expect(result.bins[0].meanConfidence).toBeCloseTo(0.15, 12);
    expect(result.bins[1].accuracy).toBeCloseTo(2 / 3, 12);
  });

  it("L1 and max norms", () => {
    expect(calibrationError(FIVE, { binSize: 2, norm: "l1" }).error).toBeCloseTo(
      0.4 * 0.35 + 0.6 * 0.1,
      12,
    ); // 0.2
    expect(calibrationError(FIVE, { binSize: 2, norm: "max" }).error).toBeCloseTo(0.35, 12);
  });

  it("skipLastBin reproduces the reference script's loop over all bins but the last", () => {
    const result = calibrationError(FIVE, { binSize: 2, skipLastBin: true });
    expect(result.error).toBeCloseTo(Math.sqrt(0.049), 12); // bin 2 dropped, weights still over n = 5
    expect(result.bins.map((b) => b.counted)).toEqual([true, false]);
  });

  it("fewer samples than β form one bin", () => {
    // conf (0.1+0.2+0.6+0.8+0.9)/5 = 0.52, acc 3/5 = 0.6 → |0.52 − 0.6| = 0.08
    const result = calibrationError(FIVE, { binSize: 100 });
    expect(result.bins).toHaveLength(1);
    expect(result.error).toBeCloseTo(0.08, 12);
  });

  it("by default, 10 bins of equal count; fewer samples, one bin each, hand-computed", () => {
    // 10✗ | 20✓ | 60✗ | 80✓ | 90✓: gaps 0.1, 0.8, 0.6, 0.2, 0.1; squares sum to 1.06, each weighs 1/5
    const result = calibrationError(FIVE);
    expect(result.binSize).toBeNull();
    expect(result.bins.map((b) => b.n)).toEqual([1, 1, 1, 1, 1]);
    expect(result.error).toBeCloseTo(Math.sqrt(1.06 / 5), 12);
  });

  it("B equal-count bins: bin b holds ⌊b·n/B⌋ … ⌊(b+1)·n/B⌋ − 1, hand-computed", () => {
    // B = 3, n = 5: edges 0, 1, 3, 5 → 10✗ | 20✓ 60✗ | 80✓ 90✓
    // gaps 0.1 (w 1/5), |0.4 − 0.5| = 0.1 (w 2/5), |0.85 − 1| = 0.15 (w 2/5)
    // CE = sqrt(0.2·0.01 + 0.4·0.01 + 0.4·0.0225) = sqrt(0.015)
    const result = calibrationError(FIVE, { bins: 3 });
    expect(result.bins.map((b) => b.n)).toEqual([1, 2, 2]);
    expect(result.error).toBeCloseTo(Math.sqrt(0.015), 12);
    // B = 2: edges 0, 2, 5, the same bins as β = 2.
    expect(calibrationError(FIVE, { bins: 2 }).error).toBeCloseTo(Math.sqrt(0.055), 12);
    expect(() => calibrationError(FIVE, { bins: 0 })).toThrow(RangeError);
  });

  it("an 80-sample model has 10 bins of 8, too few samples per bin; 100 samples, 10 of 10, enough", () => {
    const points = (n: number) => Array.from({ length: n }, (_, i) => pt(i % 101, i % 2 === 0));
    const eighty = calibrationError(points(80));
    expect(eighty.bins.map((b) => b.n)).toEqual(Array(10).fill(8));
    expect(tooFewSamples(eighty)).toBe(true);
    // β = 100, the reference script's bins: one bin, the gap of the means.
    expect(calibrationError(points(80), { binSize: 100 }).bins).toHaveLength(1);
    const hundred = calibrationError(points(100));
    expect(hundred.bins.map((b) => b.n)).toEqual(Array(10).fill(10));
    expect(tooFewSamples(hundred)).toBe(false);
  });

  it("ties keep input order (stable sort), which decides bin membership at an edge", () => {
    // [50✗ 50✗ | 50✓ 90✓]: gaps 0.5 and 0.3 → sqrt(0.5·0.25 + 0.5·0.09) = sqrt(0.17)
    expect(
      calibrationError([pt(50, false), pt(50, false), pt(50, true), pt(90, true)], { binSize: 2 })
        .error,
    ).toBeCloseTo(Math.sqrt(0.17), 12);
    // [50✓ 50✗ | 50✗ 90✓]: gaps 0 and |0.7 − 0.5| = 0.2 → sqrt(0.5·0.04) = sqrt(0.02)
    expect(
      calibrationError([pt(50, true), pt(50, false), pt(50, false), pt(90, true)], { binSize: 2 })
        .error,
    ).toBeCloseTo(Math.sqrt(0.02), 12);
  });

  it("is 0 when calibrated, null with no samples, and refuses confidences outside 0–100", () => {
    expect(
      calibrationError([pt(100, true), pt(100, true), pt(0, false)], { binSize: 1 }).error,
    ).toBe(0);
    expect(calibrationError([])).toMatchObject({ error: null, n: 0, bins: [] });
    expect(() => calibrationError([pt(101, true)])).toThrow(RangeError);
    expect(() => calibrationError([pt(0.5, true)], { binSize: 0 })).toThrow(RangeError);
  });

  it("has a deterministic bootstrap interval around the estimate", () => {
    const points = Array.from({ length: 40 }, (_, i) => pt((i * 37) % 101, i % 3 !== 0));
    const a = calibrationErrorCi(points, { binSize: 10 });
    expect(a).toEqual(calibrationErrorCi(points, { binSize: 10 }));
    expect(a!.lo).toBeLessThanOrEqual(a!.hi);
    expect(calibrationErrorCi([])).toBeNull();
  });
});

describe("bootstrapStatistics", () => {
  it("draws as bootstrapMeans does: the same interval for a mean", () => {
    const values = [1, 0, 0, 1, 1, 0.5, 0.25, 1, 0, 1];
    const [generic] = bootstrapStatistics(values.length, (idx) => [
      Array.from(idx).reduce((s, i) => s + values[i], 0) / idx.length,
    ]);
    const [means] = bootstrapMeans([values]);
    expect(generic).toEqual(means);
  });

  it("gives null intervals with no samples, and drops null / NaN resamples", () => {
    expect(bootstrapStatistics(0, () => [0, 0])).toEqual([null, null]);
    expect(bootstrapStatistics(3, () => [null, Number.NaN, 1])).toEqual([
      null,
      null,
      { lo: 1, hi: 1 },
    ]);
  });
});
