/**
 * The `metrics --json` contract (docs/CLI.md), shared part: what the CLI reads from the
 * database for one submission, and the fields every benchmark's report starts with.
 * Each module's `metricsReport` builds the rest in the benchmark's own terms.
 */
import { z } from "zod";
import { runTokens } from "../standing/cost";
import { groundingFiguresSchema } from "../benchmarks/grounding";

/** The submission as the report shows it. */
export interface ReportSubmission {
  id: number;
  model: string;
  agent: string | null;
  setting: string;
  benchmarkVersion: string;
  status: string;
}

/** One stored aggregate row (a split, or "overall"): the primary metric and the benchmark's own report. */
export interface ReportAggregate {
  split: string;
  n: number;
  primary: number | null;
  primaryLo: number | null;
  primaryHi: number | null;
  statusCounts: Record<string, number>;
  metrics: Record<string, unknown> | null;
}

/** A sample's stored figures (`samples.metrics`), in import order. */
export interface ReportStoredSample {
  taskKey: string;
  run: number;
  status: string;
  metrics: Record<string, unknown> | null;
}

/** A sample's MPW columns, in import order. */
export interface ReportSampleColumns {
  taskKey: string;
  run: number;
  correct: boolean;
  fcr: number | null;
  hitRate: number;
  toolCalls: number;
  hitLogCalls: number;
  hits: number;
  factCount: number;
  factsCovered: number;
  compoundRate: number | null;
  status: string;
  tier: string | null;
  category: string | null;
  verdictSource: string;
}

export interface MetricsReportInput {
  benchmark: string;
  submission: ReportSubmission;
  importNotes: unknown;
  /** The submission's aggregate rows, in split order. */
  aggregates: readonly ReportAggregate[];
  /** Read on demand: each report needs one of the two. */
  storedSamples(): ReportStoredSample[];
  sampleColumns(): ReportSampleColumns[];
}

/** The "overall" aggregate row; a submission without one has not been aggregated. */
export function overallAggregate(input: MetricsReportInput): ReportAggregate {
  const overall = input.aggregates.find((a) => a.split === "overall");
  if (!overall) throw new Error(`submission ${input.submission.id} has no aggregates`);
  return overall;
}

/** The split rows (all but "overall"), each mapped to its JSON. */
export function splitsJson<T>(
  input: MetricsReportInput,
  json: (row: ReportAggregate) => T,
): Record<string, T> {
  return Object.fromEntries(
    input.aggregates.filter((a) => a.split !== "overall").map((a) => [a.split, json(a)]),
  );
}

/** The benchmark's own figures of the "overall" row (`aggregates.metrics`). */
export function overallFigures(input: MetricsReportInput): Record<string, unknown> {
  const { metrics } = overallAggregate(input);
  if (!metrics) throw new Error(`submission ${input.submission.id} has no aggregates`);
  return metrics;
}

/**
 * The named fields of a stored JSON object, in that order: a report copies the contract's
 * fields out of the stored figures without reinterpreting them.
 */
export function pick(value: unknown, keys: readonly string[]): Record<string, unknown> {
  const source = typeof value === "object" && value !== null ? value : {};
  return Object.fromEntries(keys.map((key) => [key, Reflect.get(source, key)]));
}

/** The fields a report starts with when its benchmark keeps its figures in the stored report JSON. */
export function reportBase(input: MetricsReportInput) {
  return {
    benchmark: input.benchmark,
    submission: input.submission,
    importNotes: input.importNotes,
  };
}

/** A sample's stored usage (`samples`): each figure null when the bundle did not report it. */
export interface ReportSampleUsage {
  taskKey: string;
  run: number;
  promptTokens: number | null;
  completionTokens: number | null;
  costUsd: number | null;
  seconds: number | null;
}

/** What every benchmark's report samples share: the sample's task id and run, beside its own fields. */
const reportSampleSchema = z.object({ taskId: z.string(), run: z.number().int() }).loose();

/**
 * The report with `tokens`, `costUsd` and `seconds` on each of its `samples`, whatever the
 * benchmark: added here once rather than by each module. `tokens` is prompt + completion,
 * null unless both are reported (as the leaderboard's cost figures count them); `costUsd`
 * and `seconds` null when not reported. Throws when a sample has no stored row.
 */
export function withSampleUsage(
  report: Record<string, unknown>,
  usage: readonly ReportSampleUsage[],
): Record<string, unknown> {
  const byKey = new Map(usage.map((u) => [`${u.run}\u0000${u.taskKey}`, u]));
  const samples = z.array(reportSampleSchema).parse(report.samples);
  return {
    ...report,
    samples: samples.map((sample) => {
      const u = byKey.get(`${sample.run}\u0000${sample.taskId}`);
      if (!u)
        throw new Error(
          `the report's sample ${sample.taskId} run ${sample.run} has no stored usage row`,
        );
      return { ...sample, tokens: runTokens(u), costUsd: u.costUsd, seconds: u.seconds };
    }),
  };
}

/** A sample's stored grounding (`samples`). */
export interface ReportSampleGrounding {
  taskKey: string;
  run: number;
  answerSeenAtCall: number | null;
  goldSeenAtCall: number | null;
  /** Not computed yet (a migrated database before the worker's backfill reached it). */
  groundingPending: boolean;
}

/**
 * The report of a benchmark with answer grounding (its module's `grounding`), whatever the
 * benchmark: `answerSeenAtCall` and `goldSeenAtCall` on each sample, and the submission's
 * counts under `aggregate.grounding` (read from the overall row's stored report). Before the
 * worker's backfill has reached a migrated submission, `aggregate.grounding` is null and its
 * samples say `groundingPending`, rather than counting them as never grounded.
 */
export function withSampleGrounding(
  report: Record<string, unknown>,
  rows: readonly ReportSampleGrounding[],
  overall: Record<string, unknown> | null,
): Record<string, unknown> {
  const byKey = new Map(rows.map((row) => [`${row.run}\u0000${row.taskKey}`, row]));
  const samples = z.array(reportSampleSchema).parse(report.samples);
  const aggregate = z.record(z.string(), z.unknown()).parse(report.aggregate);
  const stored = groundingFiguresSchema.optional().parse(overall?.grounding);
  const pending = rows.some((row) => row.groundingPending);
  return {
    ...report,
    aggregate: {
      ...aggregate,
      grounding: stored && !pending ? stored : null,
    },
    samples: samples.map((sample) => {
      const row = byKey.get(`${sample.run}\u0000${sample.taskId}`);
      if (!row)
        throw new Error(`the report's sample ${sample.taskId} run ${sample.run} has no stored row`);
      return {
        ...sample,
        answerSeenAtCall: row.answerSeenAtCall,
        goldSeenAtCall: row.goldSeenAtCall,
        ...(row.groundingPending ? { groundingPending: true } : {}),
      };
    }),
  };
}
