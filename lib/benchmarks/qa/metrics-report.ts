/** Generic QA's `metrics --json` report: the dataset, accuracy and calibration error as `aggregate`, the rest of the stored report, each sample's verdict and confidence. */
import {
  overallFigures,
  pick,
  reportBase,
  type MetricsReportInput,
} from "../../export/metrics-report";
import { qaDatasetOf, qaStoredSampleSchema } from "./stored";

export function qaMetricsReport(input: MetricsReportInput) {
  const report = overallFigures(input);
  return {
    ...reportBase(input),
    dataset: qaDatasetOf(input.submission.benchmarkVersion).dataset,
    aggregate: pick(report.aggregate, ["accuracy", "calibrationError", "n"]),
    report: pick(report, [
      "accuracyCi",
      "calibrationErrorCi",
      "calibration",
      "samples",
      "runs",
      "unjudged",
    ]),
    samples: input.storedSamples().map((s) => {
      const m = qaStoredSampleSchema.parse(s.metrics);
      return {
        taskId: s.taskKey,
        run: s.run,
        verdict: m.verdict,
        correct: m.verdict === "correct",
        confidence: m.statedConfidence ?? m.judgeConfidence,
        toolCalls: m.toolCalls,
        status: s.status,
      };
    }),
  };
}
