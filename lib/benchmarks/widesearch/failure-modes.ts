/**
 * WideSearch's failure modes, from the stored table diff (`samples.detail.score`, as its
 * diagnosis reads it): the table could not be scored (no response; no table or columns
 * that do not match: format), gold rows missing, wrong cells in matched rows, rows not in
 * the gold table.
 */
import type { FailureModeRules } from "../failure-modes";
import { wideSearchDetailSchema } from "./review";

export const wideSearchFailureModes: FailureModeRules = {
  modes: [
    { id: "missing-rows", label: "gold rows missing" },
    { id: "wrong-cells", label: "wrong cells in matched rows" },
    { id: "extra-rows", label: "rows not in the gold table" },
    { id: "format", label: "format: no table, or other columns" },
    { id: "no-answer", label: "no response" },
  ],
  classify: (sample) => {
    const detail = wideSearchDetailSchema.safeParse(sample.detail ?? {});
    const score = detail.success ? detail.data.score : null;
    if (!score) return [];
    if (score.status === "no_response") return ["no-answer"];
    if (score.status !== "scored") return ["format"];
    const wrong = score.rows.some((r) =>
      r.cells.some((c) => !c.isKey && c.score !== "unscored" && c.score < 1),
    );
    return [
      ...(score.missingGoldRows.length ? ["missing-rows"] : []),
      ...(wrong ? ["wrong-cells"] : []),
      ...(score.extraPredictedRows.length ? ["extra-rows"] : []),
    ];
  },
};
