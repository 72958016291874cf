/**
 * What every benchmark provides, in two halves by where they may run. `BenchmarkInfo`
 * (lib/benchmarks/<id>/info.ts, listed by ./info.ts) is what a page or a client component may
 * import: names, compare profile, board, standing rules, taxonomy, hints, review.
 * `BenchmarkModule` (lib/benchmarks/<id>/index.ts, listed by ./registry.ts, both
 * `server-only`) adds what runs on the server: importer, demo writer, judges, export, stored
 * figures. Every feature that concerns all benchmarks goes through one of the two registries.
 */
import type { BenchmarkDemo } from "../demo/files";
import type { MetricsReportInput } from "../export/metrics-report";
import type { SeekboardFormat } from "../bundle-format/sample";
import type { SeekboardExport } from "../export/bundle";
import type { BundleImporter } from "../import/importer";
import type { z } from "zod";
import type { Board } from "./board";
import type { AnswerJudge, HintRules, TableJudge, TaxonomyDefinition } from "./judging";
import type { AggregateRules, ReevalRules } from "./stored";
import type { TrajectoryReview } from "./review";
import type { StandingRules } from "../standing/rules";
import type { TaskFileRules } from "../standing/task-file";
import type { CallSeriesSample, FcrPassPoint } from "./atomic-facts";
import type { FailureModeRules } from "./failure-modes";
import type { AnswerGrounding } from "../metrics/grounding";

/** Where a stored per-sample value is: a column of `samples`, a column of its task, or a field of `samples.metrics`. */
export type StoredValue =
  | { sample: "correct" | "tool_calls" | "tier" | "category" }
  | { task: "language" }
  | { metric: string };

export interface SplitDimension {
  key: string;
  label: string;
  /** Display order of the values, when the benchmark has one. */
  order?: readonly string[];
  /** Where a task's value is stored. */
  from: StoredValue;
}

/** What a comparison shows for a benchmark: its primary metric, its splits, its secondary figures. */
export interface CompareProfile {
  /** The primary metric's name, in the benchmark's words. */
  metric: string;
  /** What one run's 0/1 outcome is. */
  outcome: string;
  dimensions: readonly SplitDimension[];
  /** Each sample has a hit log against atomic facts, so a fact coverage rate (MPW). */
  fcr: boolean;
  /** Where a run's 0/1 outcome is stored: a column, or a `metrics` field compared with a value. */
  outcomeFrom: { sample: "correct" } | { metric: string; equals: string };
  /**
   * Where a run's tool calls are stored; `unlessNull`: a `metrics` field that is null when the
   * bundle did not say (the run is then left out, never counted as 0 calls).
   */
  toolCallsFrom: { sample: "tool_calls"; unlessNull?: string } | { metric: string };
}

/** The client-safe half of a benchmark: what it is and how its pages show it. */
export interface BenchmarkInfo<Id extends string = string> {
  readonly id: Id;
  /** The benchmark's own name, as its paper spells it. */
  readonly name: string;
  /** Short label for the navigation bar. */
  readonly navLabel: string;
  /** One paragraph for the home page and the leaderboard's header. */
  readonly description: string;
  readonly compare: CompareProfile;
  /** The settings its manifests name, as its paper does (the submit form suggests them). */
  readonly settings?: readonly string[];

  // Leaderboard and diagnostics
  /** The leaderboard: columns, primary metric, sort order, filters and the stored report it reads. */
  readonly board: Board;

  /** What a row must cover and satisfy to be ranked and verified (the paper's protocol). */
  readonly standing: StandingRules;

  // Failure tags and hints
  /** The paper's failure taxonomy, as tags for its samples; null when the paper gives none. */
  readonly taxonomy: TaxonomyDefinition | null;
  readonly hints: HintRules;
  /** The sample filter box's placeholder: a query in this benchmark's own fields, statuses and tags (it must parse). */
  readonly filterExample: string;

  // The sample page
  /** Each tool call's outcome in the benchmark's terms (the call timeline) and where the run went wrong (the diagnosis). */
  readonly review: TrajectoryReview;
  /** Its paper's failure categories, computed for each failed run and stored at ingest (./failure-modes.ts). */
  readonly failureModes: FailureModeRules;
}

/** The whole benchmark, server side: its info plus importing, demo data, stored figures and judging. */
/** A benchmark's plots over its fact figures: each computed from the rows the shared reader gives (db/queries/fact-plots.ts). */
export interface FactPlots {
  /** Termination statuses of the runs the tool-call cohort plots read. */
  readonly cohortStatuses: readonly string[];
  readonly fcrPass: (samples: readonly FcrPassPoint[], bins: number) => { bins: object[] };
  readonly deltaFacts: (
    series: readonly CallSeriesSample[],
    kCohort: number,
    nThreshold: number,
  ) => { points: object[] };
  readonly truncated: (series: readonly CallSeriesSample[], kTrunc: number) => { points: object[] };
}

export interface BenchmarkModule<Id extends string = string> extends BenchmarkInfo<Id> {
  // Importing: manifest, importer, demo data
  /** Reads this benchmark's bundles: the manifest schema, the files hashed, the records as rows. */
  readonly importer: BundleImporter;
  /** The benchmark's part of the Seekboard bundle format v1; null when its bundles are in its own native format. */
  readonly seekboardFormat: SeekboardFormat | null;
  /**
   * How a stored submission is written back as a Seekboard-format bundle that ingests to the
   * same figures (`cli export`, `GET /api/s/{id}/bundle`), or why it cannot be (a native format).
   */
  readonly bundleExport: SeekboardExport | { unavailable: string };
  /** Deterministic demo bundles, loaded through the importer on first start (`db/seed-demo.ts`). */
  readonly demo: BenchmarkDemo;
  /** The `metrics --json` report of one submission (README: the CLI's contract). */
  readonly metricsReport: (input: MetricsReportInput) => Record<string, unknown>;
  /** How its official task file reads into a canonical task set; without it, ids in `task_id` / `id` (lib/standing/task-file.ts). */
  readonly taskFile?: TaskFileRules;
  /** A task's difficulty tier from its atomic facts' count (`tasks.tier`); without it, tasks have none. */
  readonly taskTier?: (factCount: number) => string | null;

  // Stored figures, aggregates, re-evaluation
  /** zod for the per-sample figures in `samples.metrics`; null when it has none beyond its fact figures (MPW). */
  readonly storedSampleSchema: z.ZodType<Record<string, unknown>> | null;
  /**
   * Answer grounding (lib/metrics/grounding.ts): the texts looked for in a run's tool results,
   * computed at ingest into `samples.answer_seen_at_call` / `gold_seen_at_call`. Null when the
   * benchmark has no single answer to look for (WideSearch: its gold is a table); its board,
   * report and submission page then have no grounding, rather than a zero.
   */
  readonly grounding: AnswerGrounding | null;
  readonly aggregate: AggregateRules;
  readonly reeval: ReevalRules;
  /**
   * Its plots over many submissions' fact figures (`sample_facts`; MPW's Figures 2 and 3),
   * served by `/api/analysis/<kind>` and `cli analysis`. Without it, none, and the sample
   * list's `cohort` filter selects nothing.
   */
  readonly factPlots?: FactPlots;

  // Judging
  readonly judge: AnswerJudge | TableJudge;
}
