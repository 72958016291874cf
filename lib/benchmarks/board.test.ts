import { describe, expect, it } from "vitest";
import {
  count,
  grouped,
  rate,
  resolveVersion,
  sortKeys,
  sortVersions,
  stackColumns,
} from "./board";
import { boardQuery, defaultDir, parseBoardState } from "./board-state";
import { BENCHMARK_IDS, BENCHMARKS } from "./registry";

describe("leaderboard URL state", () => {
  it("defaults, round trip and unknown values", () => {
    expect(parseBoardState("evobrowsecomp", {})).toEqual({
      sort: "accuracy",
      dir: "desc",
      view: { version: null },
      verified: false,
    });
    const state = parseBoardState("evobrowsecomp", { version: "2025-10", sort: "exceedRatio" });
    expect(state).toMatchObject({ view: { version: "2025-10" }, sort: "exceedRatio", dir: "asc" });
    expect(boardQuery("evobrowsecomp", state)).toBe("?version=2025-10&sort=exceedRatio");
    expect(boardQuery("evobrowsecomp", { ...state, verified: true })).toBe(
      "?version=2025-10&sort=exceedRatio&verified=1",
    );
    expect(parseBoardState("evobrowsecomp", { verified: "1" }).verified).toBe(true);
    expect(parseBoardState("evobrowsecomp", { verified: "yes" }).verified).toBe(false);
    expect(parseBoardState("qa", { sort: "knowledgeScore", dataset: "frames@v1" })).toMatchObject({
      sort: "accuracy",
      view: { dataset: "frames@v1" },
    });
    expect(parseBoardState("webdetective", { version: "x" }).view).toEqual({});
    expect(parseBoardState("infomosaic", {}).view).toEqual({ setting: "all" });
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

describe("the boards that published their own fields before the boards were one", () => {
  it("sort by the keys their URL state accepted", () => {
    expect(sortKeys(BENCHMARKS.mpw.board)).toEqual([
      "pass1",
      "fcr",
      "grounded",
      "hitRate",
      "toolCalls",
      "n",
      "model",
    ]);
    expect(sortKeys(BENCHMARKS.widesearch.board)).toEqual([
      "successAvg",
      "successPass",
      "rowF1Avg",
      "rowF1Max",
      "itemF1Avg",
      "itemF1Max",
      "rowPrecisionAvg",
      "rowRecallAvg",
      "itemPrecisionAvg",
      "itemRecallAvg",
      "searchCalls",
      "browseCalls",
      "runs",
      "model",
    ]);
  });

  it("MPW: setting C and the overall tier by default; a closed value off its list is the default", () => {
    expect(parseBoardState("mpw", {})).toEqual({
      sort: "pass1",
      dir: "desc",
      view: { setting: "C", tier: "overall" },
      verified: false,
    });
    const state = parseBoardState("mpw", { setting: "A", tier: "hard", sort: "model" });
    expect(state).toMatchObject({ view: { setting: "A", tier: "hard" }, dir: "asc" });
    expect(boardQuery("mpw", state)).toBe("?setting=A&tier=hard&sort=model");
    expect(parseBoardState("mpw", { tier: "nope" }).view.tier).toBe("overall");
  });

  it("WideSearch: English by default, each language its own split and task set", () => {
    expect(parseBoardState("widesearch", {}).view).toEqual({ lang: "en" });
    expect(boardQuery("widesearch", parseBoardState("widesearch", { lang: "all" }))).toBe(
      "?lang=all",
    );
    const [lang] = BENCHMARKS.widesearch.board.views;
    if (lang.picks !== "split") throw new Error("lang is a split");
    expect(lang.split("all")).toMatchObject({ key: "overall", standing: null });
    expect(lang.split("zh")).toMatchObject({
      key: "lang:zh",
      standing: { field: "language", value: "zh" },
    });
  });

  it("a version is named by its key or by the label its picker shows", () => {
    const qa = BENCHMARKS.qa.board;
    const datasets = ["browsecomp-demo@v1", "frames@v2", "frames@v1"];
    expect(resolveVersion(qa, datasets, "browsecomp-demo@v1")).toBe("browsecomp-demo@v1");
    expect(resolveVersion(qa, datasets, "browsecomp-demo")).toBe("browsecomp-demo@v1");
    expect(resolveVersion(qa, datasets, "frames")).toBe("frames@v1");
    expect(resolveVersion(qa, datasets, "frames (v2)")).toBe("frames@v2");
    expect(resolveVersion(qa, datasets, "walkb-arith")).toBeNull();
    expect(resolveVersion(BENCHMARKS.evobrowsecomp.board, ["2026-01"], "2025-10")).toBeNull();
  });
});

describe("stacked columns", () => {
  it("stacks consecutive columns of a group under its label, each other column alone", () => {
    const stacks = stackColumns([
      rate("a", "A", ""),
      grouped(rate("en", "EN tools", ""), "tools", "EN"),
      grouped(rate("zh", "ZH tools", ""), "tools", "ZH"),
      grouped(count("n", "Tasks", ""), "Size", "tasks"),
      rate("b", "B", ""),
    ]);
    expect(stacks.map((s) => [s.label, s.columns.map((c) => c.key)])).toEqual([
      ["A", ["a"]],
      ["tools", ["en", "zh"]],
      ["Size", ["n"]],
      ["B", ["b"]],
    ]);
  });

  it("keeps every board's columns, in order, when stacked", () => {
    for (const id of BENCHMARK_IDS) {
      const { columns } = BENCHMARKS[id].board;
      expect(stackColumns(columns).flatMap((s) => s.columns)).toEqual(columns);
    }
  });
});
