/** The WebDetective leaderboard: Pass@1 and the paper's knowledge, search and generation scores. */
import { count, grouped, rate, verbatim, type Board } from "../board";
import type { WebDetectiveReport } from "./metrics";
import { webDetectiveReportSchema } from "./report";
import { groundedColumn, groundedFigures, type StoredGrounding } from "../grounding";

export const webDetectiveBoard = {
  columns: [
    rate("pass1", "Pass@1", "Attempted and judged correct, over all samples"),
    groundedColumn,
    // The paper's three scores stacked in one column, so the table fits 1366 px with Grounded beside Pass@1.
    grouped(
      rate(
        "knowledgeScore",
        "Knowledge",
        "Knowledge Score |S|/N: every evidence piece found by search or known (probe correct)",
      ),
      "Scores",
      "knowl.",
    ),
    grouped(
      rate(
        "searchScore",
        "Search",
        "Search Score: |S|/N plus correct answers with ≤ ground-truth hops without knowledge sufficiency",
      ),
      "Scores",
      "search",
    ),
    grouped(
      rate("generationScore", "Generation", "Generation Score: (F1_GR + F1_KU)/2 · |S|/N"),
      "Scores",
      "gen.",
    ),
    grouped(
      rate(
        "goodRefusalF1",
        "Good refusal F1",
        "F1 of refusing exactly when knowledge is insufficient",
      ),
      "F1",
      "refusal",
    ),
    grouped(
      rate(
        "knowledgeUtilizationF1",
        "Util. F1",
        "F1 of answering correctly when knowledge is sufficient",
      ),
      "F1",
      "util.",
    ),
    grouped(
      rate(
        "forgetRate",
        "Forget",
        "Of S* (sufficient but not correct): the clean-evidence answer is also wrong",
      ),
      "Of S*",
      "forget",
    ),
    grouped(
      rate(
        "leadAstrayRate",
        "Lead-astray",
        "Of S*: the clean-evidence answer is right — the agent was led astray",
      ),
      "Of S*",
      "astray",
    ),
    count("n", "N", "Samples"),
  ],
  primary: "pass1",
  lowerIsBetter: ["forgetRate", "leadAstrayRate"],
  ciOver: "samples",
  views: [],
  reportSchema: webDetectiveReportSchema,
  figures: (r: WebDetectiveReport & StoredGrounding) => ({
    values: { ...r.aggregate, ...groundedFigures(r).values },
    cis: { ...r.ci, ...groundedFigures(r).cis },
    unjudged: r.unjudged,
  }),
  versionLabel: verbatim,
} as const satisfies Board<WebDetectiveReport & StoredGrounding>;
