import { describe, expect, it } from "vitest";
import { boardQuery, defaultDir, parseBoardState, sortVersions } from "./board";
import { testcaseVerdictsFrom } from "../benchmarks/infomosaic/stored";
import { qaDatasetOf, qaVersionKey } from "../benchmarks/qa/stored";

describe("leaderboard URL state", () => {
  it("defaults, round trip and unknown values", () => {
    expect(parseBoardState("evobrowsecomp", {})).toEqual({ sort: "accuracy", dir: "desc", version: null, setting: "all" });
    const state = parseBoardState("evobrowsecomp", { version: "2025-10", sort: "exceedRatio" });
    expect(state).toMatchObject({ version: "2025-10", sort: "exceedRatio", dir: "asc" });
    expect(boardQuery("evobrowsecomp", state)).toBe("?version=2025-10&sort=exceedRatio");
    expect(parseBoardState("qa", { sort: "knowledgeScore", dataset: "frames@v1" })).toMatchObject({ sort: "accuracy", version: "frames@v1" });
    expect(parseBoardState("webdetective", { version: "x" }).version).toBeNull();
    expect(defaultDir("model")).toBe("asc");
    expect(defaultDir("calibrationError")).toBe("asc");
  });

  it("versions newest first, numbers compared as numbers", () => {
    expect(sortVersions(["2025-10", "2026-01", "2025-9"])).toEqual(["2026-01", "2025-10", "2025-9"]);
    expect(sortVersions(["v9", "v10"])).toEqual(["v10", "v9"]);
  });
});

describe("stored helpers", () => {
  it("QA version keys", () => {
    expect(qaDatasetOf(qaVersionKey("frames@x", "v2"))).toEqual({ dataset: "frames@x", version: "v2" });
  });

  it("testcase verdicts from the judge's block, padded with null", () => {
    expect(testcaseVerdictsFrom('{"a": "CORRECT", "b": "INCORRECT"}', 3)).toEqual(["CORRECT", "INCORRECT", null]);
    expect(testcaseVerdictsFrom("not json", 2)).toEqual([null, null]);
    expect(testcaseVerdictsFrom(null, 1)).toEqual([null]);
  });
});
