/**
 * Canonical task sets: the official tasks of a benchmark version, registered from the task
 * file an admin uploads (lib/standing/task-file.ts reads it). Coverage is measured against
 * them. A registration replaces the version's whole set, in one transaction.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { BenchmarkId } from "../lib/benchmarks/registry";
import type { CanonicalTask } from "../lib/standing/task-file";
import { benchmarkIdOf } from "./benchmark-id";
import { withTx, type Db } from "./client";
import { ensureBenchmark } from "./ingest-shared";
import { canonicalTasks } from "./schema";

export interface CanonicalTaskSet {
  /** The file it was registered from, and when (ISO). */
  source: string;
  registeredAt: string;
  /** Ordered by task key. */
  tasks: CanonicalTask[];
}

/** One registered set, counted: what the admin page and `cli tasks list` show. */
export interface CanonicalTaskSetSummary {
  benchmarkId: BenchmarkId;
  benchmarkVersion: string;
  tasks: number;
  source: string;
  registeredAt: string;
}

/** 8 columns a row: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement. */
const INSERT_BATCH = 1000;

/**
 * Makes `tasks` the set of this benchmark version, replacing whatever was registered
 * before. Returns how many tasks it now has and how many the set it replaced had.
 */
export async function registerCanonicalTasks(
  db: Db,
  benchmarkId: BenchmarkId,
  version: string,
  tasks: readonly CanonicalTask[],
  source: string,
  now: Date = new Date(),
): Promise<{ tasks: number; replaced: number }> {
  // An empty set would silently unrank everything: the parser never yields one, and neither may a caller.
  if (tasks.length === 0) throw new Error("a canonical task set needs at least one task");
  const registeredAt = now.toISOString();
  return withTx(db, async (tx) => {
    await ensureBenchmark(tx, benchmarkId);
    const replaced = (
      await tx
        .delete(canonicalTasks)
        .where(
          and(
            eq(canonicalTasks.benchmarkId, benchmarkId),
            eq(canonicalTasks.benchmarkVersion, version),
          ),
        )
        .returning({ taskKey: canonicalTasks.taskKey })
    ).length;
    for (let start = 0; start < tasks.length; start += INSERT_BATCH) {
      await tx.insert(canonicalTasks).values(
        tasks.slice(start, start + INSERT_BATCH).map((task) => ({
          benchmarkId,
          benchmarkVersion: version,
          taskKey: task.taskKey,
          tier: task.tier,
          language: task.language,
          question: task.question ?? null,
          source,
          registeredAt,
        })),
      );
    }
    return { tasks: tasks.length, replaced };
  });
}

/** The registered set of a benchmark version, or null when none is. */
export async function canonicalTaskSet(
  db: Db,
  benchmarkId: BenchmarkId,
  version: string,
): Promise<CanonicalTaskSet | null> {
  const rows = await db
    .select({
      taskKey: canonicalTasks.taskKey,
      tier: canonicalTasks.tier,
      language: canonicalTasks.language,
      source: canonicalTasks.source,
      registeredAt: canonicalTasks.registeredAt,
    })
    .from(canonicalTasks)
    .where(
      and(
        eq(canonicalTasks.benchmarkId, benchmarkId),
        eq(canonicalTasks.benchmarkVersion, version),
      ),
    )
    .orderBy(asc(canonicalTasks.taskKey));
  if (rows.length === 0) return null;
  return {
    source: rows[0].source,
    registeredAt: rows[0].registeredAt,
    tasks: rows.map(({ taskKey, tier, language }) => ({ taskKey, tier, language })),
  };
}

/** Unregisters a benchmark version's set: the tasks it had (0 when none was registered). */
export async function removeCanonicalTasks(
  db: Db,
  benchmarkId: BenchmarkId,
  version: string,
): Promise<number> {
  const removed = await withTx(db, (tx) =>
    tx
      .delete(canonicalTasks)
      .where(
        and(
          eq(canonicalTasks.benchmarkId, benchmarkId),
          eq(canonicalTasks.benchmarkVersion, version),
        ),
      )
      .returning({ taskKey: canonicalTasks.taskKey }),
  );
  return removed.length;
}

/** Every registered set, counted, by benchmark then version. */
export async function canonicalTaskSets(db: Db): Promise<CanonicalTaskSetSummary[]> {
  // One registration writes one source and time for the whole set; max() picks that value (a group is never empty).
  const rows = await db
    .select({
      benchmarkId: canonicalTasks.benchmarkId,
      benchmarkVersion: canonicalTasks.benchmarkVersion,
      tasks: count(),
      source: sql<string>`max(${canonicalTasks.source})`,
      registeredAt: sql<string>`max(${canonicalTasks.registeredAt})`,
    })
    .from(canonicalTasks)
    .groupBy(canonicalTasks.benchmarkId, canonicalTasks.benchmarkVersion)
    .orderBy(asc(canonicalTasks.benchmarkId), asc(canonicalTasks.benchmarkVersion));
  return rows.map((row) => ({ ...row, benchmarkId: benchmarkIdOf(row.benchmarkId) }));
}
