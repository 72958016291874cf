/** What Seekboard stores per InfoMosaic sample (`samples.metrics`), and how a stored sample becomes the metrics' input again. */
import { groundingFigures } from "../../metrics/grounding";
import { z } from "zod";
import { INFOMOSAIC_DOMAINS } from "./formats";
import { chatMessageSchema } from "../../trajectory/messages";
import {
  countStatuses,
  primaryOf,
  type AggregateRow,
  type StoredSampleRow,
  type VerdictChange,
} from "../stored";
import {
  aggregateInfoMosaic,
  performanceByToolCalls,
  toolOutcomeMix,
  toolPositionHeatmap,
  type InfoMosaicSampleInput,
} from "./metrics";

export const infoMosaicStoredSampleSchema = z.object({
  domain: z.enum(INFOMOSAIC_DOMAINS),
  score: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  passRate: z.number().nullable(),
  passRateOverOne: z.number().nullable(),
  numToolCalls: z.number().nullable(),
  /** Tool-call turns in the release's unit (`toolCallTurns`). */
  toolCallTurns: z.number(),
  extractedResponse: z.string().nullable(),
  /** Per testcase: the judge's verdict when readable ("CORRECT"/"INCORRECT"/other), else null. */
  testcaseVerdicts: z.array(z.string().nullable()),
});
export type InfoMosaicStoredSample = z.infer<typeof infoMosaicStoredSampleSchema>;

export function infoMosaicInputFromStored(
  taskId: string,
  m: InfoMosaicStoredSample,
  messages: InfoMosaicSampleInput["messages"],
): InfoMosaicSampleInput {
  return {
    taskId,
    domain: m.domain,
    score: m.score,
    passRate: m.passRate,
    numToolCalls: m.numToolCalls,
    messages,
  };
}

/** The per-testcase verdicts from the judge's text (first fenced JSON block, in key order); nulls when unreadable. */
export function testcaseVerdictsFrom(
  block: string | null,
  testcaseCount: number,
): (string | null)[] {
  const none = new Array<string | null>(testcaseCount).fill(null);
  if (block === null) return none;
  let value: unknown;
  try {
    value = JSON.parse(block);
  } catch {
    return none;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return none;
  const values = Object.values(value).map((v) => (typeof v === "string" ? v : null));
  return none.map((_, i) => values[i] ?? null);
}

/** `samples.detail` as the aggregation reads it: the trajectory's messages, when the release had them. */
const storedDetailSchema = z
  .object({ messages: z.array(chatMessageSchema).nullish() })
  .loose()
  .nullable();

/** An "overall" row (the report and the diagnostic plots' data) and one row per domain. */
export function infoMosaicAggregateRows(samples: readonly StoredSampleRow[]): AggregateRow[] {
  const inputs = samples.map((s) =>
    infoMosaicInputFromStored(
      s.taskKey,
      infoMosaicStoredSampleSchema.parse(s.metrics),
      storedDetailSchema.parse(s.detail)?.messages ?? null,
    ),
  );
  const report = aggregateInfoMosaic(inputs);
  const plots = {
    toolOutcomes: toolOutcomeMix(inputs),
    byToolCalls: performanceByToolCalls(inputs, { edges: [0, 1, 3, 5, 8, 12, 20] }),
    heatmap: toolPositionHeatmap(inputs),
  };
  const o = report.overall;
  return [
    {
      split: "overall",
      n: o.n,
      primary: primaryOf(o.accuracy, o.accuracyCi),
      statusCounts: countStatuses(samples),
      report: { ...report, ...plots, grounding: groundingFigures(samples) },
    },
    ...Object.entries(report.byDomain).map(([domain, stats]) => ({
      split: `domain:${domain}`,
      n: stats.n,
      primary: primaryOf(stats.accuracy, stats.accuracyCi),
      statusCounts: countStatuses([]),
      report: stats,
    })),
  ];
}

/** The stored figures under a new verdict: the aggregates read `score` (2 = correct; the judge's 1 is kept when it gave one). */
export function infoMosaicWithVerdict(
  metrics: Record<string, unknown>,
  change: VerdictChange,
): Record<string, unknown> {
  return { ...metrics, score: change.score ?? (change.correct ? 2 : 0) };
}
