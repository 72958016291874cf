import { describe, expect, it } from "vitest";
import { LEADERBOARD_SORTS } from "../url/leaderboard";
import { sortKeys, sortVersions } from "./board";
import { boardQuery, defaultDir, parseBoardState } from "./board-state";
import { BENCHMARK_IDS, BENCHMARKS } from "./registry";
import { WIDESEARCH_SORTS } from "./widesearch/url";

describe("leaderboard URL state", () => {
  it("defaults, round trip and unknown values", () => {
    expect(parseBoardState("evobrowsecomp", {})).toEqual({
      sort: "accuracy",
      dir: "desc",
      version: null,
      setting: "all",
      verified: false,
    });
    const state = parseBoardState("evobrowsecomp", { version: "2025-10", sort: "exceedRatio" });
    expect(state).toMatchObject({ version: "2025-10", sort: "exceedRatio", dir: "asc" });
    expect(boardQuery("evobrowsecomp", state)).toBe("?version=2025-10&sort=exceedRatio");
    expect(boardQuery("evobrowsecomp", { ...state, verified: true })).toBe(
      "?version=2025-10&sort=exceedRatio&verified=1",
    );
    expect(parseBoardState("evobrowsecomp", { verified: "1" }).verified).toBe(true);
    expect(parseBoardState("evobrowsecomp", { verified: "yes" }).verified).toBe(false);
    expect(parseBoardState("qa", { sort: "knowledgeScore", dataset: "frames@v1" })).toMatchObject({
      sort: "accuracy",
      version: "frames@v1",
    });
    expect(parseBoardState("webdetective", { version: "x" }).version).toBeNull();
    expect(defaultDir("model")).toBe("asc");
    expect(defaultDir("calibrationError")).toBe("asc");
  });

  it("versions newest first, numbers compared as numbers", () => {
    expect(sortVersions(["2025-10", "2026-01", "2025-9"])).toEqual([
      "2026-01",
      "2025-10",
      "2025-9",
    ]);
    expect(sortVersions(["v9", "v10"])).toEqual(["v10", "v9"]);
  });
});

describe("every module's board", () => {
  it.each(BENCHMARK_IDS)(
    "%s: the primary metric and the lower-is-better keys are columns; keys are unique",
    (id) => {
      const board = BENCHMARKS[id].board;
      const keys = board.columns.map((c) => c.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).toContain(board.primary);
      expect(keys).toEqual(expect.arrayContaining([...(board.lowerIsBetter ?? [])]));
      expect(board.lowerIsBetter ?? []).not.toContain(board.primary);
    },
  );
});

describe("the boards with their own queries", () => {
  it("sort by the keys their URL state accepts", () => {
    expect(sortKeys(BENCHMARKS.mpw.board)).toEqual([...LEADERBOARD_SORTS]);
    expect(sortKeys(BENCHMARKS.widesearch.board)).toEqual([...WIDESEARCH_SORTS]);
  });
});
