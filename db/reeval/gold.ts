/**
 * Correcting a task's gold: its answer, or one cell of its gold table (benchmarks judged
 * by a table scorer). The fix is one audit entry; the re-evaluation of every sample of the
 * task is queued as a job (./jobs.ts).
 */
import { refreshAggregates } from "../aggregates";
import { regroundGold } from "../grounding";
import { and, count, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import { benchmarkModule } from "../../lib/benchmarks/registry";
import { objectOf } from "../../lib/benchmarks/stored";
import { publicJudgeConfig, type LlmJudgeSetting } from "../../lib/judges/chat";
import type { JudgeId } from "../../lib/judges/types";
import { jobJudgeOptions } from "../../lib/reeval/judge-options";
import type { GoldState } from "../../lib/reeval/gold";
import { first, withTx, type Db } from "../client";
import { auditEntries, reevalJobs, samples, submissions, tasks } from "../schema";
import { lockRows, MAX_REASON_LENGTH, writeAudit, type ReevalResult } from "./store";

export type GoldFix =
  | { kind: "answer"; goldAnswer: string }
  | { kind: "cell"; row: number; column: string; value: string };

const goldTableSchema = z
  .object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) })
  .loose();

function readTask(db: Db, taskId: number) {
  return first(
    db
      .select({
        id: tasks.id,
        benchmarkId: tasks.benchmarkId,
        goldAnswer: tasks.goldAnswer,
        extra: tasks.extra,
      })
      .from(tasks)
      .where(eq(tasks.id, taskId))
      .limit(1),
  );
}

type TaskRow = NonNullable<Awaited<ReturnType<typeof readTask>>>;

function goldTableOf(task: TaskRow) {
  const parsed = goldTableSchema.safeParse(task.extra?.gold);
  return parsed.success ? parsed.data : null;
}

/** The gold state a fix changes: the answer, or one cell of the gold table. */
function goldStateOf(
  task: TaskRow,
  fix: GoldFix,
): ReevalResult<{ before: GoldState; after: GoldState }> {
  if (fix.kind === "answer") {
    const { judge, name } = benchmarkModule(task.benchmarkId);
    if (judge.kind === "table")
      return { ok: false, error: `a ${name} task's gold is a table: correct one of its cells` };
    const value = fix.goldAnswer.trim();
    if (!value) return { ok: false, error: "the gold answer cannot be empty" };
    if (value === task.goldAnswer) return { ok: false, error: "that is already the gold answer" };
    return { ok: true, before: { goldAnswer: task.goldAnswer }, after: { goldAnswer: value } };
  }
  const gold = goldTableOf(task);
  if (!gold) return { ok: false, error: "this task has no gold table stored" };
  const col = gold.columns.indexOf(fix.column);
  if (col < 0) return { ok: false, error: `the gold table has no column "${fix.column}"` };
  if (!Number.isInteger(fix.row) || fix.row < 0 || fix.row >= gold.rows.length)
    return { ok: false, error: `the gold table has no row ${fix.row + 1}` };
  const old = gold.rows[fix.row][col] ?? "";
  if (old === fix.value) return { ok: false, error: "that is already the cell's value" };
  return {
    ok: true,
    before: { cell: { row: fix.row, column: fix.column, value: old } },
    after: { cell: { row: fix.row, column: fix.column, value: fix.value } },
  };
}

export async function writeGold(db: Db, taskId: number, state: GoldState): Promise<void> {
  if ("goldAnswer" in state) {
    await db.update(tasks).set({ goldAnswer: state.goldAnswer }).where(eq(tasks.id, taskId));
    // Whether a run retrieved the gold follows the gold; its verdict waits for the job's judge.
    for (const submissionId of await regroundGold(db, taskId))
      await refreshAggregates(db, submissionId);
    return;
  }
  const { cell } = state;
  const task = await readTask(db, taskId);
  const gold = task && goldTableOf(task);
  if (!task || !gold) throw new Error(`task ${taskId} has no gold table stored`);
  const col = gold.columns.indexOf(cell.column);
  const rows = gold.rows.map((row, i) =>
    i === cell.row ? row.map((value, j) => (j === col ? cell.value : value)) : row,
  );
  // Spreads keep the stored key order, so only the cell changes in the stored JSON.
  const extra = objectOf(task.extra);
  await db
    .update(tasks)
    .set({ extra: { ...extra, gold: { ...objectOf(extra.gold), rows } } })
    .where(eq(tasks.id, taskId));
}

export async function goldMatches(db: Db, taskId: number, state: GoldState): Promise<boolean> {
  const task = await readTask(db, taskId);
  if (!task) return false;
  if ("goldAnswer" in state) return task.goldAnswer === state.goldAnswer;
  const gold = goldTableOf(task);
  const col = gold?.columns.indexOf(state.cell.column) ?? -1;
  return col >= 0 && gold!.rows[state.cell.row]?.[col] === state.cell.value;
}

/** Which judges re-evaluate a task's samples after its gold changed. */
function jobJudgesFor(benchmark: string): JudgeId[] {
  return jobJudgeOptions(benchmark, null).map((option) => option.id);
}

/**
 * Corrects a task's gold answer (or one gold cell) and queues the re-evaluation of every
 * sample of the task across submissions, which the worker runs (db/jobs/worker.ts). For a table-scored benchmark, "exact" means the rule-based table scorer and
 * "llm" also scores the llm_judge cells.
 */
export async function fixGold(
  db: Db,
  taskId: number,
  fix: GoldFix,
  judge: JudgeId,
  reason: string,
  actor: string,
  llm: LlmJudgeSetting,
  now: Date = new Date(),
): Promise<ReevalResult<{ entryId: number; jobId: number; total: number }>> {
  const why = reason.trim();
  if (!why) return { ok: false, error: "a gold correction needs a reason" };
  if (why.length > MAX_REASON_LENGTH)
    return { ok: false, error: `the reason is longer than ${MAX_REASON_LENGTH} characters` };
  return withTx(
    db,
    async (tx): Promise<ReevalResult<{ entryId: number; jobId: number; total: number }>> => {
      // One correction of a task at a time: the check for a running job and the job queued go together.
      await lockRows(tx, "tasks", [taskId]);
      const task = await readTask(tx, taskId);
      if (!task) return { ok: false, error: `no task ${taskId}` };
      if (!jobJudgesFor(task.benchmarkId).includes(judge))
        return {
          ok: false,
          error: `the ${judge} judge cannot re-evaluate ${task.benchmarkId} samples`,
        };
      if (judge === "llm" && !llm.config) return { ok: false, error: llm.why };
      const running = await first(
        tx
          .select({ id: reevalJobs.id })
          .from(reevalJobs)
          .where(
            and(eq(reevalJobs.taskId, taskId), inArray(reevalJobs.status, ["queued", "running"])),
          )
          .limit(1),
      );
      if (running)
        return {
          ok: false,
          error: `job ${running.id} is still re-evaluating this task; wait for it to finish`,
        };
      const gold = goldStateOf(task, fix);
      if (!gold.ok) return gold;
      await writeGold(tx, taskId, gold.after);
      const judgeConfig = judge === "llm" && llm.config ? publicJudgeConfig(llm.config) : null;
      const stamp = now.toISOString();
      const entryId = await writeAudit(
        tx,
        {
          action: "gold-fix",
          sampleId: null,
          submissionId: null,
          taskId,
          actor,
          before: gold.before,
          after: gold.after,
          judge,
          judgeConfig,
          reason: why,
        },
        stamp,
      );
      const total =
        (
          await first(
            tx
              .select({ n: count() })
              .from(samples)
              .innerJoin(submissions, eq(submissions.id, samples.submissionId))
              .where(and(eq(samples.taskId, taskId), ne(submissions.status, "importing"))),
          )
        )?.n ?? 0;
      const [job] = await tx
        .insert(reevalJobs)
        .values({
          taskId,
          auditEntryId: entryId,
          status: "queued",
          judge,
          total,
          done: 0,
          changed: 0,
          actor,
          createdAt: stamp,
        })
        .returning({ id: reevalJobs.id });
      await tx.update(auditEntries).set({ jobId: job.id }).where(eq(auditEntries.id, entryId));
      return { ok: true, entryId, jobId: job.id, total };
    },
  );
}
