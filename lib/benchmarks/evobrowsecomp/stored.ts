/** What Seekboard stores per EvoBrowseComp sample (`samples.metrics`), and how a stored sample becomes the metrics' input again. */
import { groundingFigures } from "../../metrics/grounding";
import { z } from "zod";
import { judgedSampleFields } from "../judged-sample";
import { countStatuses, primaryOf, type AggregateRow, type StoredSampleRow } from "../stored";
import { aggregateEvoBrowseComp, type EvoSampleInput } from "./metrics";

export const evoStoredSampleSchema = z.object({
  ...judgedSampleFields,
  language: z.enum(["en", "zh"]),
  setting: z.enum(["tool-based", "tool-free"]),
  toolCallLimit: z.number(),
  toolCallsCounted: z.boolean(),
  domain: z.string().nullable(),
  hops: z.number().nullable(),
  freshEvidence: z.boolean().nullable(),
  rootDomains: z.number().nullable(),
  exceeded: z.boolean().nullable(),
});
export type EvoStoredSample = z.infer<typeof evoStoredSampleSchema>;

export function evoInputFromStored(
  taskId: string,
  run: number,
  version: string,
  m: EvoStoredSample,
): EvoSampleInput {
  return {
    taskId,
    run,
    language: m.language,
    setting: m.setting,
    correct: m.verdict === "correct",
    judged: m.verdict !== null,
    toolCalls: m.toolCalls,
    toolCallLimit: m.toolCallLimit,
    confidence: m.statedConfidence ?? m.judgeConfidence,
    benchmarkVersion: version,
    domain: m.domain,
    hops: m.hops,
    freshEvidence: m.freshEvidence,
    rootDomains: m.rootDomains,
  };
}

/** One "overall" row: accuracy with its bootstrap CI, the whole report beside it. */
export function evoAggregateRows(samples: readonly StoredSampleRow[]): AggregateRow[] {
  const report = aggregateEvoBrowseComp(
    samples.map((s) =>
      evoInputFromStored(s.taskKey, s.run, s.version, evoStoredSampleSchema.parse(s.metrics)),
    ),
  );
  return [
    {
      split: "overall",
      n: report.aggregate.n,
      primary: primaryOf(report.aggregate.accuracy, report.overall.accuracyCi),
      statusCounts: countStatuses(samples),
      report: { ...report, grounding: groundingFigures(samples) },
    },
  ];
}
