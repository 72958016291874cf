/** What Seekboard stores per QA sample (`samples.metrics`), and how a stored sample becomes the metrics' input again. */
import { z } from "zod";
import { judgedSampleFields } from "../judged-sample";
import { countStatuses, primaryOf, type AggregateRow, type StoredSampleRow } from "../stored";
import { groundingFigures } from "../../metrics/grounding";
import { aggregateQa, type QaSampleInput } from "./metrics";

export const qaStoredSampleSchema = z.object({ ...judgedSampleFields });
export type QaStoredSample = z.infer<typeof qaStoredSampleSchema>;

export function qaInputFromStored(taskId: string, run: number, m: QaStoredSample): QaSampleInput {
  return {
    taskId,
    run,
    correct: m.verdict === "correct",
    judged: m.verdict !== null,
    confidence: m.statedConfidence ?? m.judgeConfidence,
  };
}

/** QA submissions are stored with benchmark_version `<dataset>@<version>`: the dataset namespaces the tasks. */
export function qaVersionKey(dataset: string, version: string): string {
  return `${dataset}@${version}`;
}

export function qaDatasetOf(versionKey: string): { dataset: string; version: string } {
  const at = versionKey.lastIndexOf("@");
  return at < 0
    ? { dataset: versionKey, version: "v1" }
    : { dataset: versionKey.slice(0, at), version: versionKey.slice(at + 1) };
}

/** One "overall" row: accuracy with its bootstrap CI, the whole report beside it. */
export function qaAggregateRows(samples: readonly StoredSampleRow[]): AggregateRow[] {
  const report = aggregateQa(
    samples.map((s) => qaInputFromStored(s.taskKey, s.run, qaStoredSampleSchema.parse(s.metrics))),
  );
  return [
    {
      split: "overall",
      n: report.aggregate.n,
      primary: primaryOf(report.aggregate.accuracy, report.accuracyCi),
      statusCounts: countStatuses(samples),
      report: { ...report, grounding: groundingFigures(samples) },
    },
  ];
}
