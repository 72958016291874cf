/**
 * What a rubric job reads: one submission or a chosen set, every submission of a benchmark
 * version, or the matches of an earlier job (refining it); each narrowed by the board's
 * filter language. Stored with the job as JSON and parsed back with this schema.
 */
import { z } from "zod";
import { BENCHMARK_IDS } from "../benchmarks/info";
import { MAX_FILTER_LENGTH } from "../filter/parse";

/** Runs one job may read: an LLM reads each, so a scope past this is narrowed first (a filter, fewer submissions). */
export const MAX_RUBRIC_RUNS = 5000;
export const MAX_SCOPE_SUBMISSIONS = 50;

const filter = z.string().max(MAX_FILTER_LENGTH);

export const rubricScopeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("submissions"),
    submissionIds: z.array(z.number().int().positive()).min(1).max(MAX_SCOPE_SUBMISSIONS),
    filter,
  }),
  z.object({
    kind: z.literal("version"),
    benchmark: z.enum(BENCHMARK_IDS),
    version: z.string().min(1),
    filter,
  }),
  z.object({ kind: z.literal("matches"), parentId: z.number().int().positive(), filter }),
]);
export type RubricScope = z.infer<typeof rubricScopeSchema>;

/** The scope in words, for the job's page. */
export function describeScope(scope: RubricScope): string {
  const base = ((): string => {
    switch (scope.kind) {
      case "submissions":
        return scope.submissionIds.length === 1
          ? `submission #${scope.submissionIds[0]}`
          : `submissions ${scope.submissionIds.map((id) => `#${id}`).join(", ")}`;
      case "version":
        return `every submission of ${scope.benchmark} ${scope.version}`;
      case "matches":
        return `the matches of rubric search #${scope.parentId}`;
    }
  })();
  return scope.filter.trim() ? `${base}, filtered by ${scope.filter.trim()}` : base;
}

/** "12, 14 15" → [12, 14, 15]; null when a part is not a submission id. */
export function parseSubmissionIds(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((p) => !/^\d{1,9}$/.test(p) || Number(p) === 0)) return null;
  return [...new Set(parts.map(Number))];
}
