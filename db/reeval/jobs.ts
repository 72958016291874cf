/**
 * The background re-evaluations, run chunk by chunk by the worker (db/jobs/worker.ts), never
 * in the server's process: a gold fix's (every sample of the task judged again) and a
 * maintainer's judging of a submission's unjudged samples (./unjudged.ts).
 */
import { interruptedJobMessage, REEVAL_JOB_KINDS, reevalJobKind } from "../../lib/reeval/job-kind";
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { benchmarkModule, type BenchmarkId } from "../../lib/benchmarks/registry";
import type { JudgeOutcome } from "../../lib/benchmarks/stored";
import type { LlmJudgeSetting } from "../../lib/judges/chat";
import { JUDGE_IDS } from "../../lib/judges/types";
import { changedKeys, diffState, substantiveDiff } from "../../lib/reeval/state";
import { first, withTx, type Db } from "../client";
import { auditEntries, reevalJobs, samples, submissions } from "../schema";
import { benchmarkIdOf } from "../benchmark-id";
import { judgeSample, rescoredAs } from "./judging";
import {
  currentState,
  loadSample,
  lockRows,
  refreshAll,
  writeAudit,
  writeState,
  type Affected,
  type SampleContext,
} from "./store";

export interface JobOptions {
  llm: LlmJudgeSetting;
  fetchImpl?: typeof fetch;
  /**
   * Samples judged, then written in one transaction with their submissions' aggregates;
   * the event loop is yielded between chunks. Small, because each touched submission's
   * aggregates (bootstrap intervals included) are recomputed in that transaction.
   */
  chunkSize?: number;
  now?: () => Date;
  /** Called after each chunk that changed something (the worker bumps the public data version, which the servers watch). */
  onChunkWritten?: () => void | Promise<void>;
  /** Who runs it (`host/pid`), recorded so that a job whose worker died can be told apart. */
  worker?: string;
}

/** The oldest job waiting for a worker, if any. */
export async function nextQueuedReevalJob(db: Db): Promise<number | null> {
  return (
    (
      await first(
        db
          .select({ id: reevalJobs.id })
          .from(reevalJobs)
          .where(eq(reevalJobs.status, "queued"))
          .orderBy(reevalJobs.id)
          .limit(1),
      )
    )?.id ?? null
  );
}

/** The job's judge applied to one sample; null when the sample has nothing to judge (a table benchmark's results-only sample). */
async function reevaluate(
  ctx: SampleContext,
  judge: (typeof JUDGE_IDS)[number],
  options: JobOptions,
): Promise<JudgeOutcome | null> {
  const rules = benchmarkModule(ctx.benchmarkId).judge;
  if (rules.kind === "table") {
    if (rules.resultsOnly(ctx.state)) return null;
    // "exact" re-evaluates a table by its rule-based scorer.
    if (judge === "exact") return rescoredAs(ctx, "reevaluate:exact");
  }
  return judgeSample(ctx, judge, options.llm, `reevaluate:${judge}`, options.fetchImpl);
}

/**
 * Re-evaluates every sample of the job's task, chunk by chunk: each chunk is judged, then
 * written with its audit entries and the touched submissions' aggregates in one
 * transaction, and the job's `done`/`changed` advance. A sample changed by someone else
 * while its chunk was being judged is left alone. A judge failure stops the job ("failed",
 * with the message); what was already written stays, and the gold fix's undo reverts it.
 */
export async function runReevalJob(db: Db, jobId: number, options: JobOptions): Promise<void> {
  const clock = options.now ?? (() => new Date());
  const job = await first(
    db
      .select({
        taskId: reevalJobs.taskId,
        submissionId: reevalJobs.submissionId,
        auditEntryId: reevalJobs.auditEntryId,
        judge: reevalJobs.judge,
        actor: reevalJobs.actor,
        status: reevalJobs.status,
      })
      .from(reevalJobs)
      .where(eq(reevalJobs.id, jobId))
      .limit(1),
  );
  if (!job || job.status !== "queued") return;
  const judge = JUDGE_IDS.find((id) => id === job.judge);
  // Claimed in one conditional statement: of two workers reaching the same job, one runs it
  // (on PostgreSQL the second's UPDATE waits for the first's, then finds the job no longer queued).
  const claimed = await db
    .update(reevalJobs)
    .set({ status: "running", startedAt: clock().toISOString(), worker: options.worker ?? null })
    .where(and(eq(reevalJobs.id, jobId), eq(reevalJobs.status, "queued")))
    .returning({ id: reevalJobs.id });
  if (claimed.length === 0) return;
  const scope =
    job.taskId !== null
      ? eq(samples.taskId, job.taskId)
      : job.submissionId !== null
        ? eq(samples.submissionId, job.submissionId)
        : null;
  const ids = scope
    ? (
        await db
          .select({ id: samples.id })
          .from(samples)
          // A submission still importing is not there yet: its samples are judged with the fixed gold as they are read.
          .innerJoin(submissions, eq(submissions.id, samples.submissionId))
          .where(and(scope, ne(submissions.status, "importing")))
          .orderBy(samples.id)
      ).map((r) => r.id)
    : [];
  const chunkSize = options.chunkSize ?? 5;
  try {
    if (!judge) throw new Error(`unknown judge "${job.judge}"`);
    if (!scope) throw new Error("the job names neither a task nor a submission");
    for (let start = 0; start < ids.length; start += chunkSize) {
      const chunk = ids.slice(start, start + chunkSize);
      const results: { ctx: SampleContext; outcome: JudgeOutcome }[] = [];
      // A submission's job judges only its unjudged samples (its total counts those).
      let inScope = 0;
      for (const id of chunk) {
        const ctx = await loadSample(db, id);
        if (!ctx) continue;
        if (job.taskId === null) {
          const unjudged = benchmarkModule(ctx.benchmarkId).reeval.unjudged;
          if (!unjudged?.(ctx.state)) continue;
        }
        inScope += 1;
        const outcome = await reevaluate(ctx, judge, options);
        if (outcome) results.push({ ctx, outcome });
      }
      const changedInChunk = await withTx(db, async (tx) => {
        const affected = new Map<number, BenchmarkId>();
        const stamp = clock().toISOString();
        let changed = 0;
        // Locked (PostgreSQL) before their state is compared: a sample changed since it was judged is left alone, never overwritten.
        await lockRows(
          tx,
          "samples",
          results.map(({ ctx }) => ctx.id),
        );
        for (const { ctx, outcome } of results) {
          const current = await currentState(tx, ctx.id);
          if (!current || changedKeys(current, ctx.state).length) continue;
          // An unjudged sample's first verdict is recorded even where it keeps "not correct".
          const { before, after } =
            job.taskId === null
              ? diffState(current, outcome.state)
              : substantiveDiff(current, outcome.state);
          if (!Object.keys(after).length) continue;
          await writeState(tx, ctx.id, after);
          await writeAudit(
            tx,
            {
              action: "reevaluate",
              sampleId: ctx.id,
              submissionId: ctx.submissionId,
              taskId: ctx.taskId,
              actor: job.actor,
              before,
              after,
              judge,
              judgeConfig: outcome.judgeConfig,
              reason: outcome.rationale,
              parentId: job.auditEntryId,
              jobId,
            },
            stamp,
          );
          affected.set(ctx.submissionId, ctx.benchmarkId);
          changed += 1;
        }
        await refreshAll(tx, affected);
        await tx
          .update(reevalJobs)
          .set({
            done: sql`${reevalJobs.done} + ${job.taskId === null ? inScope : chunk.length}`,
            changed: sql`${reevalJobs.changed} + ${changed}`,
          })
          .where(eq(reevalJobs.id, jobId));
        return changed;
      });
      if (changedInChunk > 0) await options.onChunkWritten?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await db
      .update(reevalJobs)
      .set({ status: "done", finishedAt: clock().toISOString() })
      .where(eq(reevalJobs.id, jobId));
  } catch (error) {
    await db
      .update(reevalJobs)
      .set({
        status: "failed",
        error: error instanceof Error ? error.message : String(error),
        finishedAt: clock().toISOString(),
      })
      .where(eq(reevalJobs.id, jobId));
  }
}

/**
 * A job writes chunk by chunk, so one whose worker died stopped part-way: it is marked
 * failed, saying why (`isAlive` tells live workers; a job with none ran in a server of
 * before the worker existed). A gold fix's task accepts a new fix again, and the interrupted fix
 * can be undone, which reverts the samples it had already changed; a judging's verdicts stay,
 * and the submission can be judged again (its samples still unjudged). Queued jobs wait for a
 * worker. Returns how many jobs were marked.
 */
export async function failInterruptedJobs(
  db: Db,
  isAlive: (worker: string | null) => boolean,
  now: Date = new Date(),
): Promise<number> {
  const running = await db
    .select({ id: reevalJobs.id, worker: reevalJobs.worker, taskId: reevalJobs.taskId })
    .from(reevalJobs)
    .where(eq(reevalJobs.status, "running"))
    .orderBy(reevalJobs.id);
  const dead = running.filter((job) => !isAlive(job.worker));
  let failed = 0;
  // Each kind says what is right for it: a gold fix is undone and applied again; a judging's
  // verdicts stay and a new job judges the samples still unjudged.
  for (const kind of REEVAL_JOB_KINDS) {
    const ids = dead.filter((job) => reevalJobKind(job) === kind).map((job) => job.id);
    if (ids.length === 0) continue;
    const marked = await db
      .update(reevalJobs)
      .set({
        status: "failed",
        error: interruptedJobMessage(kind),
        finishedAt: now.toISOString(),
      })
      .where(and(inArray(reevalJobs.id, ids), eq(reevalJobs.status, "running")))
      .returning({ id: reevalJobs.id });
    failed += marked.length;
  }
  return failed;
}

/** Submissions whose samples a job changed so far (for revalidating their pages). */
export async function affectedByJob(db: Db, jobId: number): Promise<Affected[]> {
  const rows = await db
    .selectDistinct({
      submissionId: auditEntries.submissionId,
      benchmarkId: submissions.benchmarkId,
    })
    .from(auditEntries)
    .innerJoin(submissions, eq(submissions.id, auditEntries.submissionId))
    .where(and(eq(auditEntries.jobId, jobId), isNotNull(auditEntries.sampleId)))
    .orderBy(auditEntries.submissionId);
  return rows.flatMap((r) =>
    r.submissionId === null
      ? []
      : [{ submissionId: r.submissionId, benchmarkId: benchmarkIdOf(r.benchmarkId) }],
  );
}
