/**
 * Rubric search jobs (lib/rubric): an admin's rubric read by the configured LLM judge
 * against every run of a scope, in the worker (db/jobs/worker.ts). The runs are frozen when
 * the job is queued, one `rubric_results` row each with no verdict yet; the worker judges a
 * few at a time and returns to its queue between them (an upload never waits for a whole
 * rubric job). A job whose worker died is queued again and resumes at its first run with
 * no verdict: a verdict is one run's row, written once, so nothing is judged twice.
 */
import { and, asc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import {
  chatCompletion,
  LlmJudgeError,
  publicJudgeConfig,
  type LlmJudgeConfig,
  type LlmJudgeSetting,
} from "../../lib/judges/chat";
import {
  estimateJobTokens,
  MAX_RUBRIC_CHARS,
  rubricMessages,
  runTokens,
  spreadSample,
  type RubricRun,
} from "../../lib/rubric/prompt";
import { parseRubricReply, RubricReplyError } from "../../lib/rubric/reply";
import { MAX_RUBRIC_RUNS, type RubricScope } from "../../lib/rubric/scope";
import { stepAnchor } from "../../lib/trajectory/reading";
import { first, withTx, type Db } from "../client";
import { filteredSampleIds } from "../queries/samples";
import { sampleSteps } from "../queries/trajectory";
import { rubricJobs, rubricResults, samples, submissions, submissionTasks } from "../schema";

/** Runs whose prompts the estimate builds (evenly spread over the scope). */
const ESTIMATE_SAMPLE = 20;
/** Result rows written per statement when a job is queued. */
const INSERT_BATCH = 500;

export type ScopeRuns = { ok: true; sampleIds: number[] } | { ok: false; error: string };

/** The runs a scope selects, in sample order; why not, when it selects none that can be read. */
export async function scopeRuns(db: Db, scope: RubricScope): Promise<ScopeRuns> {
  let submissionIds: number[];
  let within: Set<number> | null = null;
  switch (scope.kind) {
    case "submissions": {
      const found = await db
        .select({ id: submissions.id })
        .from(submissions)
        .where(
          and(inArray(submissions.id, scope.submissionIds), ne(submissions.status, "importing")),
        )
        .orderBy(asc(submissions.id));
      const missing = scope.submissionIds.filter((id) => !found.some((row) => row.id === id));
      if (missing.length)
        return { ok: false, error: `no submission ${missing.map((id) => `#${id}`).join(", ")}` };
      submissionIds = found.map((row) => row.id);
      break;
    }
    case "version": {
      // Approved and pending ones: the admin reads both; visitors see results over approved ones only.
      const found = await db
        .select({ id: submissions.id })
        .from(submissions)
        .where(
          and(
            eq(submissions.benchmarkId, scope.benchmark),
            eq(submissions.benchmarkVersion, scope.version),
            inArray(submissions.status, ["approved", "pending"]),
          ),
        )
        .orderBy(asc(submissions.id));
      if (found.length === 0)
        return {
          ok: false,
          error: `no approved or pending submission of ${scope.benchmark} ${scope.version}`,
        };
      submissionIds = found.map((row) => row.id);
      break;
    }
    case "matches": {
      const matches = await db
        .select({ sampleId: rubricResults.sampleId, submissionId: rubricResults.submissionId })
        .from(rubricResults)
        .where(and(eq(rubricResults.jobId, scope.parentId), eq(rubricResults.verdict, "match")))
        .orderBy(asc(rubricResults.sampleId));
      if (matches.length === 0)
        return { ok: false, error: `rubric search #${scope.parentId} has no matches to refine` };
      within = new Set(matches.map((m) => m.sampleId));
      submissionIds = [...new Set(matches.map((m) => m.submissionId))].sort((a, b) => a - b);
      break;
    }
  }
  const ids: number[] = [];
  for (const submissionId of submissionIds) {
    const selected = await filteredSampleIds(db, submissionId, scope.filter);
    if (selected.error) return { ok: false, error: `filter ${selected.error.message}` };
    for (const id of selected.ids) if (within === null || within.has(id)) ids.push(id);
  }
  if (ids.length === 0) return { ok: false, error: "the scope selects no runs" };
  if (ids.length > MAX_RUBRIC_RUNS)
    return {
      ok: false,
      error: `the scope selects ${ids.length} runs; one search reads at most ${MAX_RUBRIC_RUNS} (narrow it with a filter)`,
    };
  return { ok: true, sampleIds: ids.sort((a, b) => a - b) };
}

/** One run as the judge reads it: its own question and gold (never another submission's), its steps. */
export async function loadRubricRun(db: Db, sampleId: number): Promise<RubricRun | null> {
  const row = await first(
    db
      .select({
        question: submissionTasks.question,
        gold: submissionTasks.goldAnswer,
        prediction: samples.prediction,
        correct: samples.correct,
        status: samples.status,
      })
      .from(samples)
      .leftJoin(
        submissionTasks,
        and(
          eq(submissionTasks.submissionId, samples.submissionId),
          eq(submissionTasks.taskId, samples.taskId),
        ),
      )
      .where(eq(samples.id, sampleId))
      .limit(1),
  );
  if (!row) return null;
  return { ...row, steps: await sampleSteps(db, sampleId) };
}

export function checkRubric(rubric: string): string | null {
  if (!rubric.trim()) return "write the rubric: what a run must show to match";
  if (rubric.length > MAX_RUBRIC_CHARS)
    return `the rubric is longer than ${MAX_RUBRIC_CHARS} characters`;
  return null;
}

export type RubricPreview =
  { ok: true; runs: number; estimatedTokens: number } | { ok: false; error: string };

type Plan =
  { ok: true; sampleIds: number[]; estimatedTokens: number } | { ok: false; error: string };

async function plan(db: Db, rubric: string, scope: RubricScope): Promise<Plan> {
  const problem = checkRubric(rubric);
  if (problem) return { ok: false, error: problem };
  const runs = await scopeRuns(db, scope);
  if (!runs.ok) return runs;
  const sampled: number[] = [];
  for (const index of spreadSample(runs.sampleIds.length, ESTIMATE_SAMPLE)) {
    const run = await loadRubricRun(db, runs.sampleIds[index]);
    if (run) sampled.push(runTokens(rubricMessages(rubric.trim(), run)));
  }
  return {
    ok: true,
    sampleIds: runs.sampleIds,
    estimatedTokens: estimateJobTokens(sampled, runs.sampleIds.length),
  };
}

/** How many runs a job would read and about how many tokens the judge would take, before it starts. */
export async function previewRubricJob(
  db: Db,
  rubric: string,
  scope: RubricScope,
): Promise<RubricPreview> {
  const planned = await plan(db, rubric, scope);
  return planned.ok
    ? { ok: true, runs: planned.sampleIds.length, estimatedTokens: planned.estimatedTokens }
    : planned;
}

export type CreatedRubricJob =
  { ok: true; id: number; runs: number; estimatedTokens: number } | { ok: false; error: string };

/** Queues a job over the scope's runs as they are now (its count never moves after). */
export async function createRubricJob(
  db: Db,
  input: { rubric: string; scope: RubricScope; actor: string; judge: LlmJudgeConfig },
  now: Date = new Date(),
): Promise<CreatedRubricJob> {
  const preview = await plan(db, input.rubric, input.scope);
  if (!preview.ok) return preview;
  const ids = preview.sampleIds;
  const id = await withTx(db, async (tx) => {
    const [job] = await tx
      .insert(rubricJobs)
      .values({
        rubric: input.rubric.trim(),
        scope: input.scope,
        parentId: input.scope.kind === "matches" ? input.scope.parentId : null,
        status: "queued",
        total: ids.length,
        estimatedTokens: preview.estimatedTokens,
        judgeConfig: publicJudgeConfig(input.judge),
        actor: input.actor,
        createdAt: now.toISOString(),
      })
      .returning({ id: rubricJobs.id });
    const owners = new Map<number, number>();
    for (let start = 0; start < ids.length; start += INSERT_BATCH) {
      const chunk = ids.slice(start, start + INSERT_BATCH);
      for (const row of await tx
        .select({ id: samples.id, submissionId: samples.submissionId })
        .from(samples)
        .where(inArray(samples.id, chunk)))
        owners.set(row.id, row.submissionId);
      const values = chunk.flatMap((sampleId) => {
        const submissionId = owners.get(sampleId);
        return submissionId === undefined ? [] : [{ jobId: job.id, sampleId, submissionId }];
      });
      if (values.length) await tx.insert(rubricResults).values(values);
    }
    return job.id;
  });
  return { ok: true, id, runs: ids.length, estimatedTokens: preview.estimatedTokens };
}

/** The job this worker is in the middle of (it returns to its queue between chunks), else the oldest queued. */
export async function nextRubricJob(db: Db, worker: string): Promise<number | null> {
  const mine = await first(
    db
      .select({ id: rubricJobs.id })
      .from(rubricJobs)
      .where(and(eq(rubricJobs.status, "running"), eq(rubricJobs.worker, worker)))
      .orderBy(asc(rubricJobs.id))
      .limit(1),
  );
  if (mine) return mine.id;
  const queued = await first(
    db
      .select({ id: rubricJobs.id })
      .from(rubricJobs)
      .where(eq(rubricJobs.status, "queued"))
      .orderBy(asc(rubricJobs.id))
      .limit(1),
  );
  return queued?.id ?? null;
}

export interface RubricChunkOptions {
  llm: LlmJudgeSetting;
  /** Who runs it (`host/pid`). */
  worker: string;
  fetchImpl?: typeof fetch;
  /** Runs judged before the worker looks at its queue again. */
  chunkSize?: number;
  now?: () => Date;
}

async function endJob(
  db: Db,
  jobId: number,
  status: "done" | "failed",
  error: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(rubricJobs)
    .set({ status, error, finishedAt: at.toISOString() })
    .where(and(eq(rubricJobs.id, jobId), eq(rubricJobs.status, "running")));
}

async function statusOf(db: Db, jobId: number) {
  return first(
    db
      .select({ status: rubricJobs.status, worker: rubricJobs.worker, rubric: rubricJobs.rubric })
      .from(rubricJobs)
      .where(eq(rubricJobs.id, jobId))
      .limit(1),
  );
}

/**
 * Claims the job (if queued) and judges its next few runs. A reply that is not the asked-for
 * JSON marks that run unreadable and the job goes on; a judge that cannot be reached (or
 * answers an HTTP error) fails the job, with its message, keeping the verdicts so far. A
 * cancelled job stops before its next run. Returns whether runs are left.
 */
export async function runRubricChunk(
  db: Db,
  jobId: number,
  options: RubricChunkOptions,
): Promise<boolean> {
  const clock = options.now ?? (() => new Date());
  const job = await statusOf(db, jobId);
  if (!job) return false;
  if (job.status === "queued") {
    const claimed = await db
      .update(rubricJobs)
      .set({
        status: "running",
        worker: options.worker,
        startedAt: sql`coalesce(${rubricJobs.startedAt}, ${clock().toISOString()})`,
      })
      .where(and(eq(rubricJobs.id, jobId), eq(rubricJobs.status, "queued")))
      .returning({ id: rubricJobs.id });
    if (claimed.length === 0) return false;
  } else if (job.status !== "running" || job.worker !== options.worker) return false;
  const config = options.llm.config;
  if (!config) {
    await endJob(db, jobId, "failed", options.llm.why, clock());
    return false;
  }
  const pending = await db
    .select({ sampleId: rubricResults.sampleId })
    .from(rubricResults)
    .where(and(eq(rubricResults.jobId, jobId), isNull(rubricResults.verdict)))
    .orderBy(asc(rubricResults.sampleId))
    .limit(options.chunkSize ?? 4);
  if (pending.length === 0) {
    await endJob(db, jobId, "done", null, clock());
    return false;
  }
  for (const { sampleId } of pending) {
    // Cancelled meanwhile (by the admin, from the server): stop before the next call.
    if ((await statusOf(db, jobId))?.status !== "running") return false;
    const run = await loadRubricRun(db, sampleId);
    if (!run) continue;
    let reply: string;
    try {
      reply = await chatCompletion(config, rubricMessages(job.rubric, run), options.fetchImpl);
    } catch (error) {
      if (!(error instanceof LlmJudgeError)) throw error;
      await endJob(db, jobId, "failed", error.message, clock());
      return false;
    }
    const ordinals = new Map(run.steps.map((s) => [s.ordinal, s.step]));
    let row: {
      verdict: "match" | "no-match" | "unreadable";
      reason: string;
      cited: { ordinal: number; anchor: string }[];
      dropped: number;
    };
    try {
      const verdict = parseRubricReply(reply, new Set(ordinals.keys()));
      row = {
        verdict: verdict.match ? "match" : "no-match",
        reason: verdict.reason,
        cited: verdict.cited.flatMap((ordinal) => {
          const step = ordinals.get(ordinal);
          return step ? [{ ordinal, anchor: stepAnchor(step, ordinal) }] : [];
        }),
        dropped: verdict.dropped,
      };
    } catch (error) {
      if (!(error instanceof RubricReplyError)) throw error;
      row = { verdict: "unreadable", reason: error.message, cited: [], dropped: 0 };
    }
    await withTx(db, async (tx) => {
      const written = await tx
        .update(rubricResults)
        .set({ ...row, judgedAt: clock().toISOString() })
        .where(
          and(
            eq(rubricResults.jobId, jobId),
            eq(rubricResults.sampleId, sampleId),
            isNull(rubricResults.verdict),
          ),
        )
        .returning({ sampleId: rubricResults.sampleId });
      if (written.length === 0) return;
      await tx
        .update(rubricJobs)
        .set({
          done: sql`${rubricJobs.done} + 1`,
          matched: sql`${rubricJobs.matched} + ${row.verdict === "match" ? 1 : 0}`,
          unreadable: sql`${rubricJobs.unreadable} + ${row.verdict === "unreadable" ? 1 : 0}`,
          droppedCitations: sql`${rubricJobs.droppedCitations} + ${row.dropped}`,
        })
        .where(eq(rubricJobs.id, jobId));
    });
  }
  return true;
}

/** Cancels a queued or running job; its verdicts so far stay. Whether it was cancelled. */
export async function cancelRubricJob(
  db: Db,
  jobId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(rubricJobs)
    .set({ status: "cancelled", finishedAt: now.toISOString() })
    .where(and(eq(rubricJobs.id, jobId), inArray(rubricJobs.status, ["queued", "running"])))
    .returning({ id: rubricJobs.id });
  return rows.length > 0;
}

/**
 * Jobs left running by a worker that died are queued again: the next worker resumes each at
 * its first run without a verdict. `self`'s own are its to resume. Returns how many.
 */
export async function requeueInterruptedRubricJobs(
  db: Db,
  isAlive: (worker: string | null) => boolean,
  self: string,
): Promise<number> {
  const running = await db
    .select({ id: rubricJobs.id, worker: rubricJobs.worker })
    .from(rubricJobs)
    .where(
      and(
        eq(rubricJobs.status, "running"),
        or(isNull(rubricJobs.worker), ne(rubricJobs.worker, self)),
      ),
    )
    .orderBy(asc(rubricJobs.id));
  const dead = running.filter((job) => !isAlive(job.worker)).map((job) => job.id);
  if (dead.length === 0) return 0;
  const requeued = await db
    .update(rubricJobs)
    .set({ status: "queued", worker: null })
    .where(and(inArray(rubricJobs.id, dead), eq(rubricJobs.status, "running")))
    .returning({ id: rubricJobs.id });
  return requeued.length;
}
