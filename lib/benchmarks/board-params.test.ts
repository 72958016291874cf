import { describe, expect, it } from "vitest";
import { askedValue, askedValues, boardParams } from "./board-params";
import { BENCHMARK_INFO } from "./info";

describe("boardParams", () => {
  it("a stored-report board: its version (dataset) and setting from the database, then sort, dir and verified", () => {
    const params = boardParams(BENCHMARK_INFO.qa.board, "leaderboard");
    expect(params.map((p) => [p.param, p.picksView])).toEqual([
      ["dataset", true],
      ["sort", false],
      ["dir", false],
      ["verified", false],
    ]);
    expect(params[0].values).toEqual({ stored: "versions" });
  });

  it("the API's are the leaderboard's and its format", () => {
    expect(boardParams(BENCHMARK_INFO.mpw.board, "api").map((p) => p.param)).toEqual([
      "setting",
      "tier",
      "sort",
      "dir",
      "format",
      "verified",
    ]);
  });

  it("MPW's diagnostics page has its own view parameters; the pooled settings are a list", () => {
    const [cohort, pool] = boardParams(BENCHMARK_INFO.mpw.board, "diagnostics");
    expect([cohort.param, pool.param, pool.list]).toEqual(["cohortSetting", "pool", true]);
  });
});

describe("askedValues", () => {
  const [version] = boardParams(BENCHMARK_INFO.evobrowsecomp.board, "leaderboard");
  const [, pool] = boardParams(BENCHMARK_INFO.mpw.board, "diagnostics");
  const [setting] = boardParams(BENCHMARK_INFO.mpw.board, "leaderboard");

  it("reads the first of a repeated key, trimmed where the board's parser trims; empty is the default", () => {
    expect(askedValue(version, { version: [" 2025-10 ", "nope"] })).toBe("2025-10");
    expect(askedValue(version, { version: "" })).toBeNull();
    expect(askedValue(setting, { setting: " C" })).toBe(" C");
  });

  it("reads every value of a list, split on commas and trimmed", () => {
    expect(askedValues(pool, { pool: ["C", " B-fewshot, B-guidance", ""] })).toEqual([
      "C",
      "B-fewshot",
      "B-guidance",
    ]);
  });
});
