/** EvoBrowseComp's `metrics --json` report: accuracy and exceed ratio as `aggregate`, the rest of the stored report, each sample's fields. */
import {
  overallFigures,
  pick,
  reportBase,
  type MetricsReportInput,
} from "../../export/metrics-report";
import { evoStoredSampleSchema } from "./stored";

export function evoBrowseCompMetricsReport(input: MetricsReportInput) {
  const report = overallFigures(input);
  return {
    ...reportBase(input),
    aggregate: pick(report.aggregate, ["accuracy", "exceedRatio", "n", "runs"]),
    report: pick(report, [
      "benchmarkVersion",
      "overall",
      "cells",
      "byLanguage",
      "bySetting",
      "calibration",
      "samples",
      "unjudged",
    ]),
    samples: input.storedSamples().map((s) => {
      const m = evoStoredSampleSchema.parse(s.metrics);
      return {
        taskId: s.taskKey,
        run: s.run,
        language: m.language,
        setting: m.setting,
        verdict: m.verdict,
        correct: m.verdict === "correct",
        toolCalls: m.toolCalls,
        toolCallLimit: m.toolCallLimit,
        exceeded: m.exceeded,
        confidence: m.statedConfidence ?? m.judgeConfidence,
        domain: m.domain,
        status: s.status,
      };
    }),
  };
}
