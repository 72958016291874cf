/** InfoMosaic-Bench's `metrics --json` report: accuracy and pass rate as `aggregate`, the tool-use report, per-domain splits, each sample's score. */
import {
  overallFigures,
  pick,
  reportBase,
  splitsJson,
  type MetricsReportInput,
} from "../../export/metrics-report";
import { infoMosaicStoredSampleSchema } from "./stored";

export function infoMosaicMetricsReport(input: MetricsReportInput) {
  const report = overallFigures(input);
  return {
    ...reportBase(input),
    aggregate: pick(report.aggregate, ["accuracy", "passRate", "n"]),
    report: pick(report, ["overall", "toolOutcomes", "byToolCalls", "heatmap"]),
    splits: splitsJson(input, (row) =>
      pick(row.metrics, ["accuracy", "passRate", "n", "passRateN", "accuracyCi", "passRateCi"]),
    ),
    samples: input.storedSamples().map((s) => {
      const m = infoMosaicStoredSampleSchema.parse(s.metrics);
      return {
        taskId: s.taskKey,
        run: s.run,
        domain: m.domain,
        score: m.score,
        correct: m.score === 2,
        passRate: m.passRate,
        toolCalls: m.toolCallTurns,
        numToolCalls: m.numToolCalls,
        status: s.status,
      };
    }),
  };
}
