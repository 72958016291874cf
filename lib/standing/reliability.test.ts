import { describe, expect, it } from "vitest";
import { binomial, passAtOfTask, passHatOfTask, reliability } from "./reliability";

describe("pass^k and Pass@k estimators", () => {
  it("binomial coefficients", () => {
    expect(binomial(4, 2)).toBe(6);
    expect(binomial(5, 0)).toBe(1);
    expect(binomial(2, 3)).toBe(0);
    expect(binomial(10, 5)).toBe(252);
  });

  it("pass^k = C(c,k)/C(n,k): 3 of 4 correct, k = 2 → 3/6", () => {
    expect(passHatOfTask(3, 4, 2)).toBeCloseTo(0.5, 12);
    expect(passHatOfTask(3, 4, 3)).toBeCloseTo(1 / 4, 12);
    expect(passHatOfTask(3, 4, 4)).toBe(0);
    expect(passHatOfTask(4, 4, 4)).toBe(1);
    expect(passHatOfTask(1, 4, 2)).toBe(0);
  });

  it("Pass@k = 1 − C(n−c,k)/C(n,k): 1 of 4 correct, k = 2 → 1 − 3/6", () => {
    expect(passAtOfTask(1, 4, 2)).toBeCloseTo(0.5, 12);
    expect(passAtOfTask(0, 4, 2)).toBe(0);
    expect(passAtOfTask(3, 4, 2)).toBe(1);
  });
});

describe("reliability over tasks", () => {
  it("averages per task, for k up to the fewest runs any task has", () => {
    // Task 1: 3 runs, 2 correct; task 2: 3 runs, 3 correct; task 3: 3 runs, 0 correct.
    const r = reliability([
      { runs: 3, correct: 2 },
      { runs: 3, correct: 3 },
      { runs: 3, correct: 0 },
    ]);
    // pass^2: (1/3 + 1 + 0) / 3; pass^3: (0 + 1 + 0) / 3; Pass@2: (1 + 1 + 0) / 3.
    expect(r.passHat["2"]).toBeCloseTo(4 / 9, 12);
    expect(r.passHat["3"]).toBeCloseTo(1 / 3, 12);
    expect(r.passAt["2"]).toBeCloseTo(2 / 3, 12);
    expect(r.passAt["3"]).toBeCloseTo(2 / 3, 12);
    // Runs agree on tasks 2 and 3.
    expect(r.consistency).toBeCloseTo(2 / 3, 12);
    expect(Object.keys(r.passHat)).toEqual(["2", "3"]);
  });

  it("k stops at the fewest runs: a task with 2 runs caps k at 2", () => {
    const r = reliability([
      { runs: 4, correct: 4 },
      { runs: 2, correct: 1 },
    ]);
    expect(Object.keys(r.passHat)).toEqual(["2"]);
    expect(r.passHat["2"]).toBeCloseTo((1 + 0) / 2, 12);
  });

  it("one run per task, or no tasks: nothing to say", () => {
    expect(reliability([{ runs: 1, correct: 1 }])).toEqual({
      passHat: {},
      passAt: {},
      consistency: null,
    });
    expect(reliability([])).toEqual({ passHat: {}, passAt: {}, consistency: null });
  });
});
