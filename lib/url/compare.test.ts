import { describe, expect, it } from "vitest";
import {
  compareHref,
  compareTaskHref,
  MAX_COMPARED,
  parseCompareState,
  parseCompareTaskState,
} from "./compare";

describe("parseCompareState", () => {
  it("reads repeated s, the first as baseline and the second as the detailed pair", () => {
    expect(parseCompareState({ s: ["3", "7", "3"] })).toMatchObject({
      ids: [3, 7],
      base: 3,
      vs: 7,
      cell: null,
      within: null,
      page: 1,
      problems: [],
    });
  });

  it("takes base, vs, cell and in from the URL", () => {
    const state = parseCompareState({
      s: ["3", "7", "9"],
      base: "7",
      vs: "9",
      cell: "only-b",
      in: "tier:hard",
    });
    expect(state).toMatchObject({
      ids: [3, 7, 9],
      base: 7,
      vs: 9,
      cell: "only-b",
      within: { dimension: "tier", value: "hard" },
    });
  });

  it("says what it could not use instead of dropping it silently", () => {
    const state = parseCompareState({ s: ["3", "x", "0"], base: "5", cell: "sideways" });
    expect(state.ids).toEqual([3]);
    expect(state.base).toBe(3);
    expect(state.vs).toBeNull();
    expect(state.cell).toBeNull();
    expect(state.problems).toHaveLength(4);
  });

  it("caps the number of submissions", () => {
    const state = parseCompareState({
      s: Array.from({ length: MAX_COMPARED + 2 }, (_, i) => String(i + 1)),
    });
    expect(state.ids).toHaveLength(MAX_COMPARED);
    expect(state.problems[0]).toMatch(/at most/);
  });
});

describe("compareHref / compareTaskHref", () => {
  it("side by side from a matrix cell carries the cell (and its split) and reads it back", () => {
    const href = compareTaskHref(3, 7, "12", 0, {
      cell: "only-a",
      within: { dimension: "tier", value: "hard" },
    });
    expect(href).toBe("/compare/task?s=3&s=7&task=12&cell=only-a&in=tier%3Ahard");
    const params = new URLSearchParams(href.split("?")[1]);
    expect(
      parseCompareTaskState({
        s: params.getAll("s"),
        task: params.get("task") ?? undefined,
        cell: params.get("cell") ?? undefined,
        in: params.get("in") ?? undefined,
      }),
    ).toEqual({
      a: 3,
      b: 7,
      taskKey: "12",
      run: 0,
      cell: "only-a",
      within: { dimension: "tier", value: "hard" },
    });
    // A cell that is not one, or `in` without a cell: no cell context.
    expect(
      parseCompareTaskState({ s: ["3", "7"], task: "12", cell: "sideways", in: "tier:hard" }),
    ).toMatchObject({ cell: null, within: null });
  });

  it("puts the baseline first and leaves defaults out", () => {
    expect(compareHref({ ids: [3, 7, 9], base: 7 })).toBe("/compare?s=7&s=3&s=9");
    expect(
      compareHref({
        ids: [3, 7, 9],
        base: 3,
        vs: 9,
        cell: "neither",
        within: { dimension: "tier", value: "hard" },
        page: 2,
      }),
    ).toBe("/compare?s=3&s=7&s=9&vs=9&cell=neither&in=tier%3Ahard&page=2");
    expect(compareHref({ ids: [3, 7], vs: 7 })).toBe("/compare?s=3&s=7");
    expect(compareHref({ ids: [] })).toBe("/compare");
  });

  it("round-trips through the parser", () => {
    const href = compareHref({ ids: [3, 7, 9], base: 7, vs: 9, cell: "only-a" });
    const state = parseCompareState(
      Object.fromEntries(
        [...new URLSearchParams(href.split("?")[1])].reduce(
          (m, [k, v]) => m.set(k, [...(m.get(k) ?? []), v]),
          new Map<string, string[]>(),
        ),
      ),
    );
    expect(state).toMatchObject({ ids: [7, 3, 9], base: 7, vs: 9, cell: "only-a" });
  });

  it("side by side: two submissions, a task and a run", () => {
    expect(compareTaskHref(3, 7, "ws_en/01", 2)).toBe(
      "/compare/task?s=3&s=7&task=ws_en%2F01&run=2",
    );
    expect(parseCompareTaskState({ s: ["3", "7"], task: "ws_en/01", run: "2" })).toEqual({
      a: 3,
      b: 7,
      taskKey: "ws_en/01",
      run: 2,
      cell: null,
      within: null,
    });
    expect(parseCompareTaskState({ s: ["3", "7"], task: "12" })).toEqual({
      a: 3,
      b: 7,
      taskKey: "12",
      run: 0,
      cell: null,
      within: null,
    });
    expect(parseCompareTaskState({ s: "3", task: "12" })).toHaveProperty("error");
    expect(parseCompareTaskState({ s: ["3", "7"] })).toHaveProperty("error");
    expect(parseCompareTaskState({ s: ["3", "7"], task: "1", run: "-1" })).toHaveProperty("error");
  });
});
