import "server-only";
/**
 * The standings of a leaderboard view (coverage, significance ranks, checks, cost,
 * reliability), for every board through the registry: this file reads the runs and the
 * view's task set, lib/standing decides. A view's standings change only when its rows, their
 * samples (`submissions.revision`) or its task set change, so they are kept per view under a
 * key of exactly those, and recomputed at most once per change.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { BENCHMARKS, type BenchmarkId } from "../../lib/benchmarks/registry";
import type { CanonicalTask, CoverageBasis } from "../../lib/standing/rules";
import {
  rankStandings,
  runsBySubmission,
  submissionStanding,
  type Standing,
  type StandingSample,
  type SubmissionStanding,
  type ViewSplit,
} from "../../lib/standing/standing";
import { canonicalTaskSet } from "../canonical-tasks";
import { engineOf, first, type Db } from "../client";
import { canonicalTasks, samples, submissions, tasks } from "../schema";
import { ascNullsFirst } from "./order";
import { outcomeSql, toolCallsSql } from "./stored-value-sql";

export type { Standing, ViewSplit } from "../../lib/standing/standing";

/** A view of a board: the benchmark, the split it shows (null: every task). Its rows are passed with it. */
export interface ViewScope {
  benchmarkId: BenchmarkId;
  split: ViewSplit | null;
}

interface CanonicalSet {
  basis: CoverageBasis;
  /** What the set depends on, for the cache key. */
  key: string;
  /** Its tasks, read only when the standings are computed. */
  tasks(): Promise<CanonicalTask[]>;
}

/** The version's task set: published with the module, else registered by an admin, else the largest approved submission's. */
async function canonicalSet(db: Db, id: BenchmarkId, version: string): Promise<CanonicalSet> {
  const published = BENCHMARKS[id].standing.publishedTasks(version);
  if (published) return { basis: "published", key: "published", tasks: async () => [...published] };
  const registered = await first(
    db
      .select({
        tasks: count(),
        registeredAt: sql<string | null>`max(${canonicalTasks.registeredAt})`,
      })
      .from(canonicalTasks)
      .where(and(eq(canonicalTasks.benchmarkId, id), eq(canonicalTasks.benchmarkVersion, version))),
  );
  if (registered && registered.tasks > 0) {
    return {
      basis: "registered",
      key: `registered:${registered.tasks}:${registered.registeredAt}`,
      tasks: async () => (await canonicalTaskSet(db, id, version))?.tasks ?? [],
    };
  }
  const largest = await first(
    db
      .select({ id: submissions.id, taskCount: submissions.taskCount })
      .from(submissions)
      .where(
        and(
          eq(submissions.benchmarkId, id),
          eq(submissions.benchmarkVersion, version),
          eq(submissions.status, "approved"),
        ),
      )
      .orderBy(sql`${submissions.taskCount} DESC`, asc(submissions.id))
      .limit(1),
  );
  if (!largest) return { basis: "largest-submission", key: "none", tasks: async () => [] };
  return {
    basis: "largest-submission",
    // Its tasks, not its figures: a re-evaluation of the largest submission leaves the set as it was.
    key: `largest:${largest.id}:${largest.taskCount}`,
    tasks: () =>
      db
        .selectDistinct({ taskKey: samples.taskKey, tier: tasks.tier, language: tasks.language })
        .from(samples)
        .innerJoin(tasks, eq(tasks.id, samples.taskId))
        .where(eq(samples.submissionId, largest.id))
        .orderBy(asc(samples.taskKey), ascNullsFirst(tasks.tier), ascNullsFirst(tasks.language)),
  };
}

/** Every run of the given submissions, as standings read it. */
async function standingSamples(
  db: Db,
  id: BenchmarkId,
  submissionIds: readonly number[],
): Promise<StandingSample[]> {
  const profile = BENCHMARKS[id].compare;
  const engine = engineOf(db);
  const rows = await db
    .select({
      submissionId: samples.submissionId,
      taskKey: samples.taskKey,
      tier: tasks.tier,
      language: tasks.language,
      outcome: sql.raw(`coalesce(${outcomeSql(engine, profile, "samples")}, 0)`).mapWith(Number),
      toolCalls: sql
        .raw(toolCallsSql(engine, profile, "samples"))
        .mapWith((v: unknown) => (v === null ? null : Number(v))),
      hasTrajectory: sql<number>`${samples.stepCount} > 0`.mapWith(Boolean),
      promptTokens: samples.promptTokens,
      completionTokens: samples.completionTokens,
      costUsd: samples.costUsd,
      seconds: samples.seconds,
    })
    .from(samples)
    .innerJoin(tasks, eq(tasks.id, samples.taskId))
    .where(inArray(samples.submissionId, [...submissionIds]))
    .orderBy(asc(samples.id));
  return rows.map((row) => ({ ...row, correct: row.outcome === 1 }));
}

/**
 * Two memos per database, each keyed by everything its entries depend on, so an entry is
 * never stale: a view's standings (its rows, their revisions, its task set), and each
 * row's own part (its revision, judge, the view's task set). A change to one submission
 * re-reads and recomputes that submission alone, then ranks the view again.
 */
interface Memo {
  views: Map<string, Map<number, Standing>>;
  parts: Map<string, SubmissionStanding>;
}

const VIEW_LIMIT = 64;
const PART_LIMIT = 2_000;
const memos = new WeakMap<Db, Memo>();

function memoOf(db: Db): Memo {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = { views: new Map(), parts: new Map() }));
  return memo;
}

/** Sets a memo entry, dropping the oldest beyond the limit. */
function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  if (map.size >= limit) map.delete(map.keys().next().value ?? "");
  map.set(key, value);
}

/**
 * The standings of a view's rows. Rows of different versions are never ranked together:
 * each version's rows are measured against that version's task set.
 */
export async function getViewStandings(
  db: Db,
  scope: ViewScope,
  submissionIds: readonly number[],
): Promise<Map<number, Standing>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: submissions.id,
      version: submissions.benchmarkVersion,
      revision: submissions.revision,
      judgeModel: submissions.judgeModel,
    })
    .from(submissions)
    .where(inArray(submissions.id, [...submissionIds]))
    .orderBy(asc(submissions.id));
  const byVersion = new Map<string, typeof rows>();
  for (const row of rows) byVersion.set(row.version, [...(byVersion.get(row.version) ?? []), row]);
  const result = new Map<number, Standing>();
  const memo = memoOf(db);
  const rules = BENCHMARKS[scope.benchmarkId].standing;
  for (const [version, group] of byVersion) {
    const canonical = await canonicalSet(db, scope.benchmarkId, version);
    const viewKey = JSON.stringify([scope.benchmarkId, version, scope.split, canonical.key]);
    const key = JSON.stringify([viewKey, group.map((r) => [r.id, r.revision, r.judgeModel])]);
    let standings = memo.views.get(key);
    if (!standings) {
      const partKey = (r: (typeof group)[number]) =>
        JSON.stringify([viewKey, r.id, r.revision, r.judgeModel]);
      const missing = group.filter((r) => !memo.parts.has(partKey(r)));
      if (missing.length) {
        const view = {
          canonical: { tasks: await canonical.tasks(), basis: canonical.basis },
          split: scope.split,
        };
        const bySubmission = runsBySubmission(
          await standingSamples(
            db,
            scope.benchmarkId,
            missing.map((r) => r.id),
          ),
        );
        for (const r of missing)
          remember(
            memo.parts,
            partKey(r),
            submissionStanding(rules, view, r, bySubmission.get(r.id) ?? []),
            PART_LIMIT,
          );
      }
      const parts = new Map(
        group.map((r) => {
          const part = memo.parts.get(partKey(r));
          if (!part) throw new Error(`no standing for submission ${r.id}`);
          return [r.id, part];
        }),
      );
      standings = rankStandings(parts);
      remember(memo.views, key, standings, VIEW_LIMIT);
    }
    for (const [submissionId, standing] of standings) result.set(submissionId, standing);
  }
  return result;
}

/**
 * One submission checked against its module's rules, at ingest and whenever asked: the
 * rules hold over the whole version, whatever view it is later shown in.
 */
export async function submissionChecks(
  db: Db,
  benchmarkId: BenchmarkId,
  submissionId: number,
): Promise<Pick<Standing, "verified" | "checks">> {
  const standing = (await getViewStandings(db, { benchmarkId, split: null }, [submissionId])).get(
    submissionId,
  );
  if (!standing) throw new Error(`no submission ${submissionId}`);
  return { verified: standing.verified, checks: standing.checks };
}
