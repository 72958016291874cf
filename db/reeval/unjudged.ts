/**
 * A maintainer's judging of a submission's unjudged samples: the benchmark's LLM judge run
 * on each sample without a verdict, as a background job (./jobs.ts) like a gold fix's.
 */
import { and, eq, inArray } from "drizzle-orm";
import { storedFigures } from "../../lib/benchmarks/board";
import { BENCHMARKS, benchmarkModule } from "../../lib/benchmarks/registry";
import type { LlmJudgeSetting } from "../../lib/judges/chat";
import { first, withTx, type Db } from "../client";
import { aggregates, reevalJobs, submissions } from "../schema";
import { benchmarkIdOf } from "../benchmark-id";
import { lockRows, type ReevalResult } from "./store";

/** Queues the job; its total is the unjudged samples its stored overall report counts. */
export async function judgeUnjudged(
  db: Db,
  submissionId: number,
  actor: string,
  llm: LlmJudgeSetting,
  now: Date = new Date(),
): Promise<ReevalResult<{ jobId: number; total: number }>> {
  if (!llm.config) return { ok: false, error: llm.why };
  return withTx(db, async (tx): Promise<ReevalResult<{ jobId: number; total: number }>> => {
    // One judging of a submission at a time: the check for a running job and the job queued go together.
    await lockRows(tx, "submissions", [submissionId]);
    const submission = await first(
      tx
        .select({ benchmarkId: submissions.benchmarkId, status: submissions.status })
        .from(submissions)
        .where(eq(submissions.id, submissionId))
        .limit(1),
    );
    if (!submission || submission.status === "importing")
      return { ok: false, error: `no submission ${submissionId}` };
    const benchmark = benchmarkIdOf(submission.benchmarkId);
    if (benchmarkModule(benchmark).reeval.unjudged === null)
      return {
        ok: false,
        error: `every ${BENCHMARKS[benchmark].name} sample is scored by its own scorer`,
      };
    const overall = await first(
      tx
        .select({ metrics: aggregates.metrics })
        .from(aggregates)
        .where(and(eq(aggregates.submissionId, submissionId), eq(aggregates.split, "overall")))
        .limit(1),
    );
    const total = overall
      ? (storedFigures(BENCHMARKS[benchmark].board, overall.metrics).unjudged ?? 0)
      : 0;
    if (total === 0) return { ok: false, error: "this submission has no unjudged samples" };
    const running = await first(
      tx
        .select({ id: reevalJobs.id })
        .from(reevalJobs)
        .where(
          and(
            eq(reevalJobs.submissionId, submissionId),
            inArray(reevalJobs.status, ["queued", "running"]),
          ),
        )
        .limit(1),
    );
    if (running)
      return {
        ok: false,
        error: `job ${running.id} is still judging this submission; wait for it to finish`,
      };
    const [job] = await tx
      .insert(reevalJobs)
      .values({
        submissionId,
        taskId: null,
        auditEntryId: null,
        status: "queued",
        judge: "llm",
        total,
        done: 0,
        changed: 0,
        actor,
        createdAt: now.toISOString(),
      })
      .returning({ id: reevalJobs.id });
    return { ok: true, jobId: job.id, total };
  });
}
