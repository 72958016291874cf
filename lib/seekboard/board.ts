/**
 * Leaderboard columns of WebDetective, EvoBrowseComp, InfoMosaic and generic QA, and
 * the figures each column reads from a stored aggregate report. Pure.
 */
import type { EvoReport } from "../benchmarks/evobrowsecomp/metrics";
import type { InfoMosaicReport } from "../benchmarks/infomosaic/metrics";
import type { Interval } from "../metrics/bootstrap";
import type { QaReport } from "../benchmarks/qa/metrics";
import type { WebDetectiveReport } from "../benchmarks/webdetective/metrics";
import { first, oneOf, queryString, type RawSearchParams } from "../url/search-params";

export const SEEKBOARD_BOARDS = ["webdetective", "evobrowsecomp", "infomosaic", "qa"] as const;
export type SeekboardBoard = (typeof SEEKBOARD_BOARDS)[number];

export interface BoardColumn {
  key: string;
  label: string;
  title: string;
  kind: "rate" | "count" | "number";
}

const rate = (key: string, label: string, title: string): BoardColumn => ({ key, label, title, kind: "rate" });
const count = (key: string, label: string, title: string): BoardColumn => ({ key, label, title, kind: "count" });

export const BOARD_COLUMNS: Record<SeekboardBoard, BoardColumn[]> = {
  webdetective: [
    rate("pass1", "Pass@1", "Attempted and judged correct, over all samples"),
    rate("knowledgeScore", "Knowledge", "Knowledge Score |S|/N: every evidence piece found by search or known (probe correct)"),
    rate("searchScore", "Search", "Search Score: |S|/N plus correct answers with ≤ ground-truth hops without knowledge sufficiency"),
    rate("generationScore", "Generation", "Generation Score: (F1_GR + F1_KU)/2 · |S|/N"),
    rate("goodRefusalF1", "Good refusal F1", "F1 of refusing exactly when knowledge is insufficient"),
    rate("knowledgeUtilizationF1", "Util. F1", "F1 of answering correctly when knowledge is sufficient"),
    rate("forgetRate", "Forget", "Of S* (sufficient but not correct): the clean-evidence answer is also wrong"),
    rate("leadAstrayRate", "Lead-astray", "Of S*: the clean-evidence answer is right — the agent was led astray"),
    count("n", "N", "Samples"),
  ],
  evobrowsecomp: [
    rate("accuracy", "Accuracy", "Mean over runs of each run's accuracy, all languages and settings"),
    rate("enToolBased", "EN tools", "English, tool-based: mean over runs"),
    rate("zhToolBased", "ZH tools", "Chinese, tool-based: mean over runs"),
    rate("enToolFree", "EN no tools", "English, tool-free: mean over runs"),
    rate("zhToolFree", "ZH no tools", "Chinese, tool-free: mean over runs"),
    rate("exceedRatio", "Exceed ratio", "Share of tool-based samples whose tool calls reached the limit"),
    rate("calibrationError", "Calib. error", "Calibration error of the stated confidence"),
    count("n", "Tasks", "Distinct tasks"),
    count("runs", "Runs", "Distinct runs"),
  ],
  infomosaic: [
    rate("accuracy", "Accuracy", "Share of samples scored 2 (exactly correct); score 1 is not counted"),
    rate("passRate", "Pass rate", "Mean testcase pass rate over samples where it is computable"),
    rate("acc:map", "Map", "Accuracy, map domain"),
    rate("acc:bio", "Bio", "Accuracy, bio domain"),
    rate("acc:financial", "Financial", "Accuracy, financial domain"),
    rate("acc:web", "Web", "Accuracy, web domain"),
    rate("acc:video", "Video", "Accuracy, video domain"),
    rate("acc:multidomain", "Multi", "Accuracy, multi-domain"),
    count("n", "N", "Samples"),
  ],
  qa: [
    rate("accuracy", "Accuracy", "Mean over tasks of the mean over runs"),
    rate("calibrationError", "Calib. error", "Calibration error of the stated confidence (lower is better)"),
    count("n", "Tasks", "Tasks"),
  ],
};

/** Columns where lower is better: sorted ascending first. */
const LOWER_IS_BETTER = new Set(["calibrationError", "forgetRate", "leadAstrayRate", "exceedRatio"]);
export const DEFAULT_SORT: Record<SeekboardBoard, string> = { webdetective: "pass1", evobrowsecomp: "accuracy", infomosaic: "accuracy", qa: "accuracy" };

export function sortKeys(board: SeekboardBoard): string[] {
  return [...BOARD_COLUMNS[board].map((c) => c.key), "model"];
}

export function defaultDir(sort: string): "asc" | "desc" {
  return sort === "model" || LOWER_IS_BETTER.has(sort) ? "asc" : "desc";
}

export interface BoardState {
  sort: string;
  dir: "asc" | "desc";
  /** EvoBrowseComp: the benchmark version; QA: the dataset. Null: the default (newest / first). */
  version: string | null;
  /** InfoMosaic: a setting filter ("all" for every setting). */
  setting: string;
}

/** The URL parameter that picks the board's version: `version` (EvoBrowseComp) or `dataset` (QA). */
export function versionParam(board: SeekboardBoard): "version" | "dataset" | null {
  return board === "evobrowsecomp" ? "version" : board === "qa" ? "dataset" : null;
}

export function parseBoardState(board: SeekboardBoard, params: RawSearchParams): BoardState {
  const sort = oneOf(first(params, "sort"), sortKeys(board), DEFAULT_SORT[board]);
  const param = versionParam(board);
  return {
    sort,
    dir: oneOf(first(params, "dir"), ["asc", "desc"] as const, defaultDir(sort)),
    version: param ? (first(params, param)?.trim() || null) : null,
    setting: board === "infomosaic" ? (first(params, "setting")?.trim() || "all") : "all",
  };
}

export function boardQuery(board: SeekboardBoard, state: BoardState): string {
  const param = versionParam(board);
  return queryString([
    ...(param ? [[param, state.version, null] as [string, string | null, null]] : []),
    ["setting", state.setting, "all"],
    ["sort", state.sort, DEFAULT_SORT[board]],
    ["dir", state.dir, defaultDir(state.sort)],
  ]);
}

export interface BoardFigures {
  values: Record<string, number | null>;
  cis: Record<string, Interval | null>;
}

/** The figures of one stored overall report, by column key. */
export function boardFigures(board: SeekboardBoard, report: unknown): BoardFigures {
  switch (board) {
    case "webdetective": {
      const r = report as WebDetectiveReport;
      return { values: { ...r.aggregate }, cis: { ...r.ci } };
    }
    case "evobrowsecomp": {
      const r = report as EvoReport;
      const cell = (language: string, setting: string) => r.cells.find((c) => c.language === language && c.setting === setting);
      const en = cell("en", "tool-based");
      const zh = cell("zh", "tool-based");
      const enFree = cell("en", "tool-free");
      const zhFree = cell("zh", "tool-free");
      return {
        values: {
          accuracy: r.aggregate.accuracy,
          enToolBased: en?.accuracy ?? null,
          zhToolBased: zh?.accuracy ?? null,
          enToolFree: enFree?.accuracy ?? null,
          zhToolFree: zhFree?.accuracy ?? null,
          exceedRatio: r.aggregate.exceedRatio,
          calibrationError: r.calibration.error,
          n: r.aggregate.n,
          runs: r.aggregate.runs,
        },
        cis: {
          accuracy: r.overall.accuracyCi,
          enToolBased: en?.accuracyCi ?? null,
          zhToolBased: zh?.accuracyCi ?? null,
          enToolFree: enFree?.accuracyCi ?? null,
          zhToolFree: zhFree?.accuracyCi ?? null,
          exceedRatio: r.overall.exceedRatioCi,
        },
      };
    }
    case "infomosaic": {
      const r = report as InfoMosaicReport;
      const values: Record<string, number | null> = { accuracy: r.aggregate.accuracy, passRate: r.aggregate.passRate, n: r.aggregate.n };
      const cis: Record<string, Interval | null> = { accuracy: r.overall.accuracyCi, passRate: r.overall.passRateCi };
      for (const [domain, stats] of Object.entries(r.byDomain)) {
        values[`acc:${domain}`] = stats?.accuracy ?? null;
        cis[`acc:${domain}`] = stats?.accuracyCi ?? null;
      }
      return { values, cis };
    }
    case "qa": {
      const r = report as QaReport;
      return { values: { ...r.aggregate }, cis: { accuracy: r.accuracyCi, calibrationError: r.calibrationErrorCi } };
    }
  }
}

/** Newest first: versions compared as strings with numeric runs ("2026-01" > "2025-10", "v10" > "v9"). */
export function sortVersions(versions: readonly string[]): string[] {
  return [...versions].sort((a, b) => b.localeCompare(a, "en", { numeric: true }));
}
