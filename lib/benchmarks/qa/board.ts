/** The QA leaderboard: one board per dataset, accuracy and the calibration error of the stated confidence. */
import { count, rate, type Board } from "../board";
import { qaDatasetOf } from "./stored";
import type { QaReport } from "./metrics";
import { qaReportSchema } from "./report";
import { groundedColumn, groundedFigures, type StoredGrounding } from "../grounding";

export const qaBoard = {
  columns: [
    rate("accuracy", "Accuracy", "Mean over tasks of the mean over runs"),
    groundedColumn,
    rate(
      "calibrationError",
      "Calib. error",
      "Calibration error of the stated confidence (lower is better)",
    ),
    count("n", "Tasks", "Tasks"),
  ],
  primary: "accuracy",
  lowerIsBetter: ["calibrationError"],
  ciOver: "tasks",
  views: [{ picks: "version", param: "dataset", order: "latest-submission" }],
  reportSchema: qaReportSchema,
  figures: (r: QaReport & StoredGrounding) => ({
    values: { ...r.aggregate, ...groundedFigures(r).values },
    cis: {
      accuracy: r.accuracyCi,
      calibrationError: r.calibrationErrorCi,
      ...groundedFigures(r).cis,
    },
    unjudged: r.unjudged,
  }),
  /** The dataset, and its version when not v1. */
  versionLabel(key: string): string {
    const { dataset, version } = qaDatasetOf(key);
    return version === "v1" ? dataset : `${dataset} (${version})`;
  },
} as const satisfies Board<QaReport & StoredGrounding>;
