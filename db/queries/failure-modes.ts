import "server-only";
import { and, asc, eq, not } from "drizzle-orm";
import { failureModeReport, type FailureModeReport } from "../../lib/benchmarks/failure-modes";
import { BENCHMARK_INFO, benchmarkInfo, type BenchmarkId } from "../../lib/benchmarks/info";
import { pairedFailureModes, type ModePairs } from "../../lib/compare/failure-modes";
import type { Db } from "../client";
import { sampleFailureModes, samples } from "../schema";

/** Each failed sample of a submission with its stored modes, keyed by (task, run). */
export async function failedRunModes(
  db: Db,
  submissionId: number,
): Promise<Map<string, { taskKey: string; run: number; modes: string[] }>> {
  const rows = await db
    .select({
      id: samples.id,
      taskKey: samples.taskKey,
      run: samples.run,
      mode: sampleFailureModes.mode,
    })
    .from(samples)
    .leftJoin(sampleFailureModes, eq(sampleFailureModes.sampleId, samples.id))
    .where(and(eq(samples.submissionId, submissionId), not(samples.correct)))
    .orderBy(asc(samples.id));
  const runs = new Map<string, { taskKey: string; run: number; modes: string[] }>();
  for (const row of rows) {
    const key = runKey(row.taskKey, row.run);
    const entry = runs.get(key) ?? { taskKey: row.taskKey, run: row.run, modes: [] };
    if (row.mode !== null) entry.modes.push(row.mode);
    runs.set(key, entry);
  }
  return runs;
}

export const runKey = (taskKey: string, run: number) => `${run}\u0000${taskKey}`;

/** A submission's failure modes: each mode's count and share of its failed runs, with the interval. */
export async function submissionFailureModes(
  db: Db,
  submission: { id: number; benchmarkId: string },
): Promise<FailureModeReport> {
  const runs = await failedRunModes(db, submission.id);
  return failureModeReport(
    benchmarkInfo(submission.benchmarkId).failureModes,
    [...runs.values()].map((r) => r.modes),
  );
}

/** A and B's failure modes over the run pairs /compare matched (`pairedRows`). */
export async function comparedFailureModes(
  db: Db,
  benchmark: BenchmarkId,
  a: number,
  b: number,
  runs: readonly { taskKey: string; run: number }[],
): Promise<ModePairs> {
  const [aModes, bModes] = [await failedRunModes(db, a), await failedRunModes(db, b)];
  const none: string[] = [];
  return pairedFailureModes(
    BENCHMARK_INFO[benchmark].failureModes,
    runs.map((r) => ({
      a: aModes.get(runKey(r.taskKey, r.run))?.modes ?? none,
      b: bModes.get(runKey(r.taskKey, r.run))?.modes ?? none,
    })),
  );
}
