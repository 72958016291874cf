/** What Seekboard stores per WebDetective sample (`samples.metrics`), and how a stored sample becomes the metrics' input again. */
import { groundingFigures } from "../../metrics/grounding";
import { z } from "zod";
import { judgedSampleFields, withJudgedVerdict } from "../judged-sample";
import { countStatuses, primaryOf, type AggregateRow, type StoredSampleRow } from "../stored";
import {
  aggregateWebDetective,
  webDetectiveSampleMetrics,
  type WebDetectiveSampleInput,
} from "./metrics";

export const webDetectiveStoredSampleSchema = z.object({
  ...judgedSampleFields,
  evidence: z.array(
    z.object({
      id: z.string(),
      foundBySearch: z.boolean(),
      probeCorrect: z.boolean().nullable(),
      // Samples stored before bundles could say which call found a link read as "not said".
      foundAtCall: z.number().int().nullable().default(null),
    }),
  ),
  refused: z.boolean(),
  hopsUsed: z.number(),
  hopsGt: z.number(),
  searched: z.boolean(),
  cleanEvidenceCorrect: z.boolean().nullable(),
  knowledgeSufficient: z.boolean(),
  region: z.enum(["S", "I"]),
  response: z.enum(["correct", "wrong", "refused"]),
  missingEvidence: z.array(z.string()),
  searchCredit: z.boolean(),
  degradation: z.enum(["forget", "lead-astray", "unknown"]).nullable(),
});
export type WebDetectiveStoredSample = z.infer<typeof webDetectiveStoredSampleSchema>;

export function webDetectiveInputFromStored(
  taskId: string,
  run: number,
  m: WebDetectiveStoredSample,
): WebDetectiveSampleInput {
  return {
    taskId,
    run,
    evidence: m.evidence,
    refused: m.refused,
    correct: m.verdict === "correct",
    judged: m.verdict !== null,
    hopsUsed: m.hopsUsed,
    hopsGt: m.hopsGt,
    searched: m.searched,
    cleanEvidenceCorrect: m.cleanEvidenceCorrect,
  };
}

/** One "overall" row: Pass@1 with its bootstrap CI, the whole report beside it. */
export function webDetectiveAggregateRows(samples: readonly StoredSampleRow[]): AggregateRow[] {
  const report = aggregateWebDetective(
    samples.map((s) =>
      webDetectiveInputFromStored(
        s.taskKey,
        s.run,
        webDetectiveStoredSampleSchema.parse(s.metrics),
      ),
    ),
  );
  return [
    {
      split: "overall",
      n: report.aggregate.n,
      primary: primaryOf(report.aggregate.pass1, report.ci.pass1),
      statusCounts: countStatuses(samples),
      report: { ...report, grounding: groundingFigures(samples) },
    },
  ];
}

/**
 * The stored figures under a new verdict. Those that follow from it (response class, search
 * credit, degradation test) are re-derived from the stored evidence chain, so the sample
 * page agrees with the aggregates, which derive them the same way. A refusal stays a refusal.
 */
export function webDetectiveWithVerdict(
  metrics: Record<string, unknown>,
  change: { correct: boolean },
): Record<string, unknown> {
  const correct = change.correct;
  const withVerdict = withJudgedVerdict(metrics, change);
  const stored = webDetectiveStoredSampleSchema.safeParse(withVerdict);
  if (!stored.success)
    return {
      ...withVerdict,
      response: metrics.refused === true ? "refused" : correct ? "correct" : "wrong",
    };
  const derived = webDetectiveSampleMetrics(webDetectiveInputFromStored("", 0, stored.data));
  return {
    ...withVerdict,
    response: derived.response,
    searchCredit: derived.searchCredit,
    degradation: derived.degradation,
  };
}
