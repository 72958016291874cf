/** The analysis plots' kinds and options, shared by the CLI, the API and MPW's analysis page. */
import { z } from "zod";

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
