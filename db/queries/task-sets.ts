import "server-only";
import { count, eq, max } from "drizzle-orm";
import { BENCHMARK_IDS, BENCHMARKS, type BenchmarkId } from "../../lib/benchmarks/registry";
import { benchmarkIdOf } from "../benchmark-id";
import { canonicalTaskSets, type CanonicalTaskSetSummary } from "../canonical-tasks";
import type { Db } from "../client";
import { submissions } from "../schema";

/** A benchmark version the admin's "Task sets" section lists: one with approved submissions, or a registered set. */
export interface TaskSetOverviewRow {
  benchmarkId: BenchmarkId;
  benchmarkVersion: string;
  approvedSubmissions: number;
  /** The most tasks any approved submission of the version ran (null: none approved). */
  largestApprovedTasks: number | null;
  registered: CanonicalTaskSetSummary | null;
  /** Tasks of the ids the benchmark publishes for the version (its module ships them; they take precedence); null: none. */
  published: number | null;
}

const publishedCount = (id: BenchmarkId, version: string) =>
  BENCHMARKS[id].standing.publishedTasks(version)?.length ?? null;

/** Every benchmark version with approved submissions or a registered task set, in registry order, versions ascending. */
export async function taskSetOverview(db: Db): Promise<TaskSetOverviewRow[]> {
  const rows = new Map<string, TaskSetOverviewRow>();
  const keyOf = (benchmarkId: string, version: string) => JSON.stringify([benchmarkId, version]);
  const approved = await db
    .select({
      benchmarkId: submissions.benchmarkId,
      benchmarkVersion: submissions.benchmarkVersion,
      n: count(),
      largest: max(submissions.taskCount),
    })
    .from(submissions)
    .where(eq(submissions.status, "approved"))
    .groupBy(submissions.benchmarkId, submissions.benchmarkVersion);
  for (const row of approved) {
    const benchmarkId = benchmarkIdOf(row.benchmarkId);
    rows.set(keyOf(benchmarkId, row.benchmarkVersion), {
      benchmarkId,
      benchmarkVersion: row.benchmarkVersion,
      approvedSubmissions: row.n,
      largestApprovedTasks: row.largest,
      registered: null,
      published: publishedCount(benchmarkId, row.benchmarkVersion),
    });
  }
  for (const set of await canonicalTaskSets(db)) {
    const key = keyOf(set.benchmarkId, set.benchmarkVersion);
    const row = rows.get(key);
    if (row) row.registered = set;
    else
      rows.set(key, {
        benchmarkId: set.benchmarkId,
        benchmarkVersion: set.benchmarkVersion,
        approvedSubmissions: 0,
        largestApprovedTasks: null,
        registered: set,
        published: publishedCount(set.benchmarkId, set.benchmarkVersion),
      });
  }
  return [...rows.values()].sort(
    (a, b) =>
      BENCHMARK_IDS.indexOf(a.benchmarkId) - BENCHMARK_IDS.indexOf(b.benchmarkId) ||
      a.benchmarkVersion.localeCompare(b.benchmarkVersion),
  );
}
