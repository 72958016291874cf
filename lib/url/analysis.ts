import { z } from "zod";
import { MPW_SETTINGS, type MpwSetting } from "../benchmarks/mpw/manifest";
import { first, oneOf, type RawSearchParams } from "./search-params";

export const ANALYSIS_KINDS = ["fcr-pass1", "delta-facts", "truncated"] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

export function isAnalysisKind(value: string): value is AnalysisKind {
  return (ANALYSIS_KINDS as readonly string[]).includes(value);
}

export const ANALYSIS_DEFAULTS = { bins: 15, kCohort: 8, nThreshold: 50, kTrunc: 8 } as const;

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Options of each plot's data, shared by the CLI, the API and the page. */
export const analysisOptionsSchema = z.object({
  bins: int(1, 100).default(ANALYSIS_DEFAULTS.bins),
  kCohort: int(1, 128).default(ANALYSIS_DEFAULTS.kCohort),
  nThreshold: int(0, 1_000_000).default(ANALYSIS_DEFAULTS.nThreshold),
  kTrunc: int(1, 128).default(ANALYSIS_DEFAULTS.kTrunc),
});

export type AnalysisOptions = z.infer<typeof analysisOptionsSchema>;

export const submissionIdsSchema = z
  .string()
  .regex(/^\d+(,\d+)*$/, "submissions must be a comma-separated list of submission ids")
  .transform((text) => [...new Set(text.split(",").map(Number))]);

/** The analysis page's view state: which models, pooled settings, cohort setting and options. */
export interface AnalysisPageState extends AnalysisOptions {
  models: string[];
  /** Settings pooled into the FCR-vs-Pass@1 curve. */
  pool: MpwSetting[];
  /** Setting whose submissions the Δfacts(k) and FCR(k) plots use. */
  cohortSetting: MpwSetting;
}

const DEFAULT_POOL: MpwSetting[] = ["B-guidance", "B-fewshot", "C"];

export function parseAnalysisPageState(params: RawSearchParams): AnalysisPageState {
  const options = analysisOptionsSchema.safeParse({
    bins: first(params, "bins"),
    kCohort: first(params, "kCohort"),
    nThreshold: first(params, "nThreshold"),
    kTrunc: first(params, "kTrunc"),
  });
  // Accepts both `models=a,b` and the repeated `models=a&models=b` a form submits.
  const listOf = (key: string) =>
    [params[key] ?? []]
      .flat()
      .flatMap((value) => value.split(","))
      .map((s) => s.trim())
      .filter(Boolean);
  const pool = listOf("pool").filter((s): s is MpwSetting =>
    (MPW_SETTINGS as readonly string[]).includes(s),
  );
  return {
    ...(options.success ? options.data : analysisOptionsSchema.parse({})),
    models: listOf("models").slice(0, 12),
    pool: pool.length ? pool : DEFAULT_POOL,
    cohortSetting: oneOf(first(params, "cohortSetting"), MPW_SETTINGS, "C"),
  };
}
