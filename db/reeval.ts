/**
 * Re-evaluation of stored samples: re-judge, re-score, adjudicate, fix a task's gold
 * answer (then re-evaluate every sample of that task as a background job), and undo.
 *
 * Every change writes one audit entry (who, when, which sample or task, the fields before
 * and after, the judge and its configuration, the reason) and refreshes the aggregates of
 * exactly the submissions it touched, in the same transaction, so leaderboards never show
 * a verdict and a figure that disagree.
 *
 * Undo policy: an entry can be undone while its effect is still current — every field it
 * wrote still holds the value it wrote. A later change to the same sample must be undone
 * first (so undo goes in reverse order per sample, and independent samples in any order).
 * Undo never overwrites a change it did not make.
 */
import type { JudgeId, JudgeVerdict } from "../lib/judges/types";
import { exactMatchJudge, numericJudge, DEFAULT_TOLERANCE } from "../lib/judges/deterministic";
import { GraderParseError, parseGraderOutput, type GraderFormat } from "../lib/judges/grader";
import { llmCellJudge, llmJudge, publicJudgeConfig, type LlmJudgeSetting } from "../lib/judges/llm";
import { mpwSampleMetrics } from "../lib/benchmarks/mpw/metrics";
import { changedKeys, diffState, STATE_COLUMNS, STATE_KEYS, stateWithVerdict, substantiveDiff, type SampleState, type StateKey } from "../lib/reeval/state";
import { jobJudgeOptions } from "../lib/reeval/describe";
import type { Proposal } from "../lib/reeval/proposal";
import type { GoldTable, WideSearchEvaluation } from "../lib/benchmarks/widesearch/formats";
import { scoreWideSearch, scoreWideSearchAsync, type WideSearchSampleScore } from "../lib/benchmarks/widesearch/score";
import { scoredMetrics } from "../lib/benchmarks/widesearch/stored";
import { refreshAggregates } from "./aggregates";
import type { Db } from "./client";

export type ReevalResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: string };

/** A submission whose aggregates changed, for the caller to revalidate its pages. */
export interface Affected {
  submissionId: number;
  benchmarkId: string;
}

export const MAX_REASON_LENGTH = 2000;

interface SampleContext {
  id: number;
  submissionId: number;
  benchmarkId: string;
  taskId: number;
  taskKey: string;
  prediction: string | null;
  toolCalls: number;
  question: string | null;
  goldAnswer: string | null;
  atomicFacts: Record<string, string>;
  taskExtra: Record<string, unknown> | null;
  state: SampleState;
}

const STATE_SELECT = STATE_KEYS.map((key) => `s.${STATE_COLUMNS[key].column} AS "${key}"`).join(", ");

function decodeState(row: Record<string, unknown>): SampleState {
  const state: SampleState = {};
  for (const key of STATE_KEYS) {
    const raw = row[key];
    const kind = STATE_COLUMNS[key].kind;
    state[key] = kind === "boolean" ? raw === 1 : kind === "json" ? (raw === null || raw === undefined ? null : JSON.parse(raw as string)) : (raw ?? null);
  }
  return state;
}

function loadSample(db: Db, sampleId: number): SampleContext | null {
  const row = db.$client
    .prepare(
      `SELECT s.id, s.submission_id, sub.benchmark_id, s.task_id, s.task_key, s.prediction, s.tool_calls,
              t.question, t.gold_answer, t.atomic_facts, t.extra, ${STATE_SELECT}
         FROM samples s JOIN submissions sub ON sub.id = s.submission_id JOIN tasks t ON t.id = s.task_id
        WHERE s.id = ?`,
    )
    .get(sampleId) as Record<string, unknown> | undefined;
  if (!row) return null;
  return {
    id: row.id as number,
    submissionId: row.submission_id as number,
    benchmarkId: row.benchmark_id as string,
    taskId: row.task_id as number,
    taskKey: row.task_key as string,
    prediction: row.prediction as string | null,
    toolCalls: row.tool_calls as number,
    question: row.question as string | null,
    goldAnswer: row.gold_answer as string | null,
    atomicFacts: JSON.parse(row.atomic_facts as string) as Record<string, string>,
    taskExtra: row.extra ? (JSON.parse(row.extra as string) as Record<string, unknown>) : null,
    state: decodeState(row),
  };
}

function currentState(db: Db, sampleId: number): SampleState | null {
  const row = db.$client.prepare(`SELECT ${STATE_SELECT} FROM samples s WHERE s.id = ?`).get(sampleId) as Record<string, unknown> | undefined;
  return row ? decodeState(row) : null;
}

function writeState(db: Db, sampleId: number, state: SampleState): void {
  const keys = Object.keys(state) as StateKey[];
  if (!keys.length) return;
  const values = keys.map((key) => {
    const value = state[key] ?? null;
    const kind = STATE_COLUMNS[key].kind;
    return kind === "boolean" ? (value ? 1 : 0) : kind === "json" ? (value === null ? null : JSON.stringify(value)) : (value as string | number | null);
  });
  db.$client.prepare(`UPDATE samples SET ${keys.map((key) => `${STATE_COLUMNS[key].column} = ?`).join(", ")} WHERE id = ?`).run(...values, sampleId);
}

interface AuditInput {
  action: "rejudge" | "rescore" | "adjudicate" | "gold-fix" | "reevaluate";
  sampleId: number | null;
  submissionId: number | null;
  taskId: number | null;
  actor: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  judge: string | null;
  judgeConfig: Record<string, unknown> | null;
  reason: string | null;
  parentId?: number | null;
  jobId?: number | null;
}

function writeAudit(db: Db, entry: AuditInput, now: string): number {
  return Number(
    db.$client
      .prepare(
        `INSERT INTO audit_entries (action, sample_id, submission_id, task_id, actor, created_at, before, after, judge, judge_config, reason, parent_id, job_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.action, entry.sampleId, entry.submissionId, entry.taskId, entry.actor, now, JSON.stringify(entry.before), JSON.stringify(entry.after),
        entry.judge, entry.judgeConfig ? JSON.stringify(entry.judgeConfig) : null, entry.reason, entry.parentId ?? null, entry.jobId ?? null,
      ).lastInsertRowid,
  );
}

function refreshAll(db: Db, affected: Map<number, string>): Affected[] {
  for (const submissionId of affected.keys()) refreshAggregates(db, submissionId);
  return [...affected].map(([submissionId, benchmarkId]) => ({ submissionId, benchmarkId }));
}

// --- judging ---------------------------------------------------------------------------

/** The reply forms a sample's stored judge output may be in, most specific first. */
const STORED_GRADER_FORMATS: Record<string, GraderFormat[]> = {
  mpw: ["mpw", "browsecomp"],
  evobrowsecomp: ["browsecomp", "evobrowsecomp"],
  qa: ["browsecomp"],
  webdetective: ["browsecomp"],
  infomosaic: ["infomosaic"],
};

type PromptBoard = "mpw" | "evobrowsecomp" | "infomosaic" | "webdetective" | "qa";

export interface JudgeOutcome {
  state: SampleState;
  rationale: string | null;
  judgeConfig: Record<string, unknown> | null;
}

function isPromptBoard(benchmark: string): benchmark is PromptBoard {
  return benchmark in STORED_GRADER_FORMATS;
}

function verdictState(ctx: SampleContext, verdict: JudgeVerdict & { score?: 0 | 1 | 2 }, source: string): SampleState {
  return stateWithVerdict(ctx.benchmarkId, ctx.state.metrics as Record<string, unknown> | null, {
    correct: verdict.correct,
    source,
    label: verdict.label,
    rationale: verdict.rationale,
    score: verdict.score,
  });
}

/** A WideSearch sample imported from the producer's evaluation CSV holds figures, not a response table. */
const RESULTS_ONLY = "this sample came as the producer's evaluation CSV: there is no response table to judge or re-score";

/**
 * Runs a judge on one sample and returns the state it would give it. Throws
 * LlmJudgeError / GraderParseError / Error with a message for the maintainer.
 */
async function judgeSample(ctx: SampleContext, judge: JudgeId, llm: LlmJudgeSetting, source: string, fetchImpl?: typeof fetch): Promise<JudgeOutcome> {
  if (ctx.benchmarkId === "widesearch") {
    if (judge !== "llm") throw new Error("a WideSearch sample is judged cell by cell by its table scorer: use Re-score, or the LLM judge for its llm_judge cells");
    if (ctx.state.detail === null) throw new Error(RESULTS_ONLY);
    if (!llm.config) throw new Error(llm.why);
    const score = await scoreWideSearchAsync(ctx.prediction, wideSearchTaskOf(ctx), wideSearchGoldOf(ctx), { judge: llmCellJudge(llm.config, fetchImpl) });
    return { state: wideSearchState(ctx, score, source), rationale: wideSearchSummary(score), judgeConfig: { ...publicJudgeConfig(llm.config), prompt: "WideSearch paper, Appendix 11 (LLM-as-Judge Prompt)" } };
  }
  if (!isPromptBoard(ctx.benchmarkId)) throw new Error(`no judge for benchmark ${ctx.benchmarkId}`);
  if (judge === "grader") {
    const stored = ctx.state.judgeRationale as string | null;
    if (!stored) throw new Error("this sample has no stored grader output to re-read");
    const errors: string[] = [];
    for (const format of STORED_GRADER_FORMATS[ctx.benchmarkId]) {
      try {
        const verdict = parseGraderOutput(format, stored);
        // The grader's text stays the rationale: re-reading it must not replace it by an excerpt.
        return { state: { ...verdictState(ctx, verdict, source), judgeRationale: stored }, rationale: `read as ${format} grader output: ${verdict.label}`, judgeConfig: { format } };
      } catch (error) {
        if (!(error instanceof GraderParseError)) throw error;
        errors.push(`${format}: ${error.message}`);
      }
    }
    throw new GraderParseError(`the stored grader output could not be read (${errors.join("; ")})`);
  }
  if (ctx.goldAnswer === null || ctx.goldAnswer.trim() === "") throw new Error("this task has no gold answer to judge against");
  if (judge === "exact") {
    const verdict = exactMatchJudge(ctx.prediction, ctx.goldAnswer);
    return { state: verdictState(ctx, verdict, source), rationale: verdict.rationale, judgeConfig: { normalisation: "NFKC, accents, case, punctuation, articles, whitespace" } };
  }
  if (judge === "numeric") {
    const verdict = numericJudge(ctx.prediction, ctx.goldAnswer, DEFAULT_TOLERANCE);
    return { state: verdictState(ctx, verdict, source), rationale: verdict.rationale, judgeConfig: { ...DEFAULT_TOLERANCE } };
  }
  if (!llm.config) throw new Error(llm.why);
  const verdict = await llmJudge(llm.config, ctx.benchmarkId, { question: ctx.question, gold: ctx.goldAnswer, prediction: ctx.prediction }, fetchImpl);
  return {
    state: verdictState(ctx, { ...verdict, rationale: verdict.reply }, source),
    rationale: verdict.rationale,
    judgeConfig: { ...publicJudgeConfig(llm.config), prompt: verdict.promptSource },
  };
}

function wideSearchTaskOf(ctx: SampleContext): { instanceId: string; evaluation: WideSearchEvaluation } {
  const evaluation = ctx.taskExtra?.evaluation as WideSearchEvaluation | undefined;
  if (!evaluation || !ctx.taskExtra?.gold) throw new Error("this WideSearch task has no gold table stored (the submission came as evaluation CSVs only)");
  return { instanceId: ctx.taskKey, evaluation };
}

function wideSearchGoldOf(ctx: SampleContext): GoldTable {
  return ctx.taskExtra!.gold as GoldTable;
}

function wideSearchState(ctx: SampleContext, score: WideSearchSampleScore, source: string): SampleState {
  const metrics = (ctx.state.metrics ?? {}) as Record<string, unknown>;
  return {
    correct: score.success,
    verdictSource: source,
    status: score.status,
    metrics: { ...metrics, ...scoredMetrics(score) },
    detail: { ...((ctx.state.detail ?? {}) as Record<string, unknown>), score },
  };
}

function wideSearchSummary(score: WideSearchSampleScore): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return `${score.success ? "success" : "no success"}: row F1 ${pct(score.rowF1)}, item F1 ${pct(score.itemF1)}; ${score.counts.matchedRows} of ${score.counts.goldRows} gold rows matched${score.unscoredCells ? `, ${score.unscoredCells} llm_judge cells unscored` : ""}${score.reason ? ` (${score.reason})` : ""}`;
}

/** The deterministic scorer of each benchmark, applied to one sample. */
function rescoreSample(db: Db, ctx: SampleContext): JudgeOutcome {
  switch (ctx.benchmarkId) {
    case "mpw": {
      const hitLog = readHitLog(db, ctx.id);
      const m = mpwSampleMetrics({ atomicFactKeys: Object.keys(ctx.atomicFacts), hitLog, toolCalls: ctx.toolCalls });
      const state: SampleState = {
        fcr: m.fcr, hitRate: m.hitRate, hits: m.hits, hitLogCalls: m.hitLogCalls, factCount: m.factCount, factsCovered: m.factsCovered,
        compoundRate: m.compoundRate, tier: m.tier, firstCoveredAt: m.firstCoveredAt, newFactsByCall: m.newFactsByCall, hitsByCall: m.hitsByCall,
      };
      return { state, rationale: `hit log re-read: ${m.factsCovered}/${m.factCount} facts covered, ${m.hits}/${m.hitLogCalls} calls hit (the verdict stays the judge's)`, judgeConfig: { scorer: "MPW hit-log metrics (FCR, HitRate)" } };
    }
    case "widesearch": {
      if (ctx.state.detail === null) throw new Error(RESULTS_ONLY);
      const score = scoreWideSearch(ctx.prediction, wideSearchTaskOf(ctx), wideSearchGoldOf(ctx));
      return { state: wideSearchState(ctx, score, "rescore"), rationale: wideSearchSummary(score), judgeConfig: { scorer: "lib/benchmarks/widesearch score (rule metrics; llm_judge cells unscored)" } };
    }
    default: {
      if (!isPromptBoard(ctx.benchmarkId)) throw new Error(`no scorer for benchmark ${ctx.benchmarkId}`);
      if (ctx.goldAnswer === null || ctx.goldAnswer.trim() === "") throw new Error("this task has no gold answer to score against");
      const exact = exactMatchJudge(ctx.prediction, ctx.goldAnswer);
      const numeric = numericJudge(ctx.prediction, ctx.goldAnswer, DEFAULT_TOLERANCE);
      const hasNumber = numeric.label !== "no numeric gold";
      const verdict = exact.correct || !hasNumber ? exact : numeric;
      return {
        state: verdictState(ctx, verdict, "rescore"),
        rationale: hasNumber && !exact.correct ? `${exact.rationale}; ${numeric.rationale}` : exact.rationale,
        judgeConfig: { scorer: "normalised exact match, else numeric tolerance", ...DEFAULT_TOLERANCE },
      };
    }
  }
}

function readHitLog(db: Db, sampleId: number) {
  const rows = db.$client.prepare("SELECT hit, matched_fact_keys, compound FROM hit_logs WHERE sample_id = ? ORDER BY call_index").all(sampleId) as { hit: number; matched_fact_keys: string; compound: number }[];
  return rows.map((r) => ({ hit: r.hit === 1, matchedFactKeys: JSON.parse(r.matched_fact_keys) as string[], isCompoundQuery: r.compound === 1 }));
}

// --- previews and applying them --------------------------------------------------------

function proposalOf(ctx: SampleContext, action: "rejudge" | "rescore", judge: string, outcome: JudgeOutcome, now: Date): Proposal {
  const { before, after } = substantiveDiff(ctx.state, outcome.state);
  return { sampleId: ctx.id, action, judge, judgeConfig: outcome.judgeConfig, before, after, rationale: outcome.rationale, createdAt: now.toISOString() };
}

function failure(error: unknown): { ok: false; error: string } {
  return { ok: false, error: (error as Error).message };
}

/** Runs a judge on a sample and returns what it would change, without changing anything. */
export async function previewRejudge(db: Db, sampleId: number, judge: JudgeId, llm: LlmJudgeSetting, options: { fetchImpl?: typeof fetch; now?: Date } = {}): Promise<ReevalResult<{ proposal: Proposal }>> {
  const ctx = loadSample(db, sampleId);
  if (!ctx) return { ok: false, error: `no sample ${sampleId}` };
  try {
    const outcome = await judgeSample(ctx, judge, llm, `rejudge:${judge}`, options.fetchImpl);
    return { ok: true, proposal: proposalOf(ctx, "rejudge", judge, outcome, options.now ?? new Date()) };
  } catch (error) {
    // Judge failures (timeouts, malformed replies, no gold) are answers, not crashes: nothing was changed.
    return failure(error);
  }
}

/** Re-runs the benchmark's deterministic scorer on a sample and returns what it would change. */
export function previewRescore(db: Db, sampleId: number, now: Date = new Date()): ReevalResult<{ proposal: Proposal }> {
  const ctx = loadSample(db, sampleId);
  if (!ctx) return { ok: false, error: `no sample ${sampleId}` };
  try {
    return { ok: true, proposal: proposalOf(ctx, "rescore", "deterministic", rescoreSample(db, ctx), now) };
  } catch (error) {
    return failure(error);
  }
}

/** Applies a previewed re-judge or re-score, unless the sample changed since the preview. */
export function applyProposal(db: Db, proposal: Proposal, actor: string, reason: string | null, now: Date = new Date()): ReevalResult<{ entryId: number | null; affected: Affected[] }> {
  return db.$client.transaction((): ReevalResult<{ entryId: number | null; affected: Affected[] }> => {
    const ctx = loadSample(db, proposal.sampleId);
    if (!ctx) return { ok: false, error: `no sample ${proposal.sampleId}` };
    if (changedKeys(ctx.state, proposal.before as SampleState).length) return { ok: false, error: "the sample changed since the preview; run it again" };
    if (Object.keys(proposal.after).length === 0) return { ok: true, entryId: null, affected: [] };
    writeState(db, ctx.id, proposal.after as SampleState);
    const entryId = writeAudit(
      db,
      { action: proposal.action, sampleId: ctx.id, submissionId: ctx.submissionId, taskId: ctx.taskId, actor, before: proposal.before, after: proposal.after, judge: proposal.judge, judgeConfig: proposal.judgeConfig, reason },
      now.toISOString(),
    );
    return { ok: true, entryId, affected: refreshAll(db, new Map([[ctx.submissionId, ctx.benchmarkId]])) };
  })();
}

/** A maintainer sets the verdict; the reason is mandatory. */
export function adjudicate(db: Db, sampleId: number, correct: boolean, reason: string, actor: string, now: Date = new Date()): ReevalResult<{ entryId: number; affected: Affected[] }> {
  const why = reason.trim();
  if (!why) return { ok: false, error: "an adjudication needs a reason" };
  if (why.length > MAX_REASON_LENGTH) return { ok: false, error: `the reason is longer than ${MAX_REASON_LENGTH} characters` };
  return db.$client.transaction((): ReevalResult<{ entryId: number; affected: Affected[] }> => {
    const ctx = loadSample(db, sampleId);
    if (!ctx) return { ok: false, error: `no sample ${sampleId}` };
    const next = stateWithVerdict(ctx.benchmarkId, ctx.state.metrics as Record<string, unknown> | null, {
      correct,
      source: "adjudicated",
      label: correct ? "Correct" : "Incorrect",
      rationale: `adjudicated by ${actor}: ${why}`,
    });
    const { before, after } = diffState(ctx.state, next);
    writeState(db, ctx.id, after);
    const entryId = writeAudit(db, { action: "adjudicate", sampleId: ctx.id, submissionId: ctx.submissionId, taskId: ctx.taskId, actor, before, after, judge: "maintainer", judgeConfig: null, reason: why }, now.toISOString());
    return { ok: true, entryId, affected: refreshAll(db, new Map([[ctx.submissionId, ctx.benchmarkId]])) };
  })();
}

// --- gold answers and the background re-evaluation -------------------------------------

export type GoldFix = { kind: "answer"; goldAnswer: string } | { kind: "cell"; row: number; column: string; value: string };

interface TaskRow {
  id: number;
  benchmark_id: string;
  gold_answer: string | null;
  extra: string | null;
}

function readTask(db: Db, taskId: number): TaskRow | undefined {
  return db.$client.prepare("SELECT id, benchmark_id, gold_answer, extra FROM tasks WHERE id = ?").get(taskId) as TaskRow | undefined;
}

/** The gold state a fix changes: the answer, or one cell of a WideSearch gold table. */
function goldStateOf(task: TaskRow, fix: GoldFix): ReevalResult<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
  if (fix.kind === "answer") {
    if (task.benchmark_id === "widesearch") return { ok: false, error: "a WideSearch task's gold is a table: correct one of its cells" };
    const value = fix.goldAnswer.trim();
    if (!value) return { ok: false, error: "the gold answer cannot be empty" };
    if (value === task.gold_answer) return { ok: false, error: "that is already the gold answer" };
    return { ok: true, before: { goldAnswer: task.gold_answer }, after: { goldAnswer: value } };
  }
  const gold = (task.extra ? (JSON.parse(task.extra) as { gold?: GoldTable }).gold : undefined) ?? null;
  if (!gold) return { ok: false, error: "this task has no gold table stored" };
  const col = gold.columns.indexOf(fix.column);
  if (col < 0) return { ok: false, error: `the gold table has no column "${fix.column}"` };
  if (!Number.isInteger(fix.row) || fix.row < 0 || fix.row >= gold.rows.length) return { ok: false, error: `the gold table has no row ${fix.row + 1}` };
  const old = gold.rows[fix.row][col] ?? "";
  if (old === fix.value) return { ok: false, error: "that is already the cell's value" };
  return { ok: true, before: { cell: { row: fix.row, column: fix.column, value: old } }, after: { cell: { row: fix.row, column: fix.column, value: fix.value } } };
}

function writeGold(db: Db, taskId: number, state: Record<string, unknown>): void {
  if ("goldAnswer" in state) {
    db.$client.prepare("UPDATE tasks SET gold_answer = ? WHERE id = ?").run(state.goldAnswer as string | null, taskId);
    return;
  }
  const cell = state.cell as { row: number; column: string; value: string };
  const task = readTask(db, taskId)!;
  const extra = JSON.parse(task.extra!) as { gold: GoldTable } & Record<string, unknown>;
  const col = extra.gold.columns.indexOf(cell.column);
  extra.gold.rows[cell.row][col] = cell.value;
  db.$client.prepare("UPDATE tasks SET extra = ? WHERE id = ?").run(JSON.stringify(extra), taskId);
}

function goldMatches(db: Db, taskId: number, state: Record<string, unknown>): boolean {
  const task = readTask(db, taskId)!;
  if ("goldAnswer" in state) return task.gold_answer === state.goldAnswer;
  const cell = state.cell as { row: number; column: string; value: string };
  const gold = (JSON.parse(task.extra ?? "{}") as { gold?: GoldTable }).gold;
  const col = gold?.columns.indexOf(cell.column) ?? -1;
  return col >= 0 && gold!.rows[cell.row]?.[col] === cell.value;
}

/** Which judges re-evaluate a task's samples after its gold changed. */
export function jobJudgesFor(benchmark: string): JudgeId[] {
  return jobJudgeOptions(benchmark, null).map((option) => option.id);
}

/**
 * Corrects a task's gold answer (or one WideSearch gold cell) and queues the
 * re-evaluation of every sample of the task across submissions. The caller runs the job
 * (`runReevalJob`) after answering. For WideSearch, "exact" means the rule-based table
 * scorer and "llm" also scores the llm_judge cells.
 */
export function fixGold(db: Db, taskId: number, fix: GoldFix, judge: JudgeId, reason: string, actor: string, llm: LlmJudgeSetting, now: Date = new Date()): ReevalResult<{ entryId: number; jobId: number; total: number }> {
  const why = reason.trim();
  if (!why) return { ok: false, error: "a gold correction needs a reason" };
  if (why.length > MAX_REASON_LENGTH) return { ok: false, error: `the reason is longer than ${MAX_REASON_LENGTH} characters` };
  return db.$client.transaction((): ReevalResult<{ entryId: number; jobId: number; total: number }> => {
    const task = readTask(db, taskId);
    if (!task) return { ok: false, error: `no task ${taskId}` };
    if (!jobJudgesFor(task.benchmark_id).includes(judge)) return { ok: false, error: `the ${judge} judge cannot re-evaluate ${task.benchmark_id} samples` };
    if (judge === "llm" && !llm.config) return { ok: false, error: llm.why };
    const running = db.$client.prepare("SELECT id FROM reeval_jobs WHERE task_id = ? AND status IN ('queued', 'running')").get(taskId) as { id: number } | undefined;
    if (running) return { ok: false, error: `job ${running.id} is still re-evaluating this task; wait for it to finish` };
    const gold = goldStateOf(task, fix);
    if (!gold.ok) return gold;
    writeGold(db, taskId, gold.after);
    const judgeConfig = judge === "llm" && llm.config ? publicJudgeConfig(llm.config) : null;
    const stamp = now.toISOString();
    const entryId = writeAudit(db, { action: "gold-fix", sampleId: null, submissionId: null, taskId, actor, before: gold.before, after: gold.after, judge, judgeConfig, reason: why }, stamp);
    const total = (db.$client.prepare("SELECT count(*) AS n FROM samples WHERE task_id = ?").get(taskId) as { n: number }).n;
    const jobId = Number(
      db.$client
        .prepare("INSERT INTO reeval_jobs (task_id, audit_entry_id, status, judge, total, done, changed, actor, created_at) VALUES (?, ?, 'queued', ?, ?, 0, 0, ?, ?)")
        .run(taskId, entryId, judge, total, actor, stamp).lastInsertRowid,
    );
    db.$client.prepare("UPDATE audit_entries SET job_id = ? WHERE id = ?").run(jobId, entryId);
    return { ok: true, entryId, jobId, total };
  })();
}

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
  /** Called after each chunk that changed something (the server empties its public page cache). */
  onChunkWritten?: () => void;
}

/**
 * Re-evaluates every sample of the job's task, chunk by chunk: each chunk is judged, then
 * written with its audit entries and the touched submissions' aggregates in one
 * transaction, and the job's `done`/`changed` advance. A sample changed by someone else
 * while its chunk was being judged is left alone. A judge failure stops the job ("failed",
 * with the message); what was already written stays, and the gold fix's undo reverts it.
 */
export async function runReevalJob(db: Db, jobId: number, options: JobOptions): Promise<void> {
  const sqlite = db.$client;
  const clock = options.now ?? (() => new Date());
  const job = sqlite.prepare("SELECT id, task_id, audit_entry_id, judge, actor, status FROM reeval_jobs WHERE id = ?").get(jobId) as
    | { id: number; task_id: number; audit_entry_id: number; judge: JudgeId; actor: string; status: string }
    | undefined;
  if (!job || job.status !== "queued") return;
  sqlite.prepare("UPDATE reeval_jobs SET status = 'running', started_at = ? WHERE id = ?").run(clock().toISOString(), jobId);
  const ids = (sqlite.prepare("SELECT id FROM samples WHERE task_id = ? ORDER BY id").all(job.task_id) as { id: number }[]).map((r) => r.id);
  const chunkSize = options.chunkSize ?? 5;
  try {
    for (let start = 0; start < ids.length; start += chunkSize) {
      const chunk = ids.slice(start, start + chunkSize);
      const results: { ctx: SampleContext; outcome: JudgeOutcome }[] = [];
      for (const id of chunk) {
        const ctx = loadSample(db, id);
        if (!ctx) continue;
        if (ctx.benchmarkId === "widesearch" && ctx.state.detail === null) continue; // results-only: nothing to re-score
        const outcome =
          ctx.benchmarkId === "widesearch" && job.judge === "exact"
            ? rescoredAs(db, ctx, "reevaluate:exact")
            : await judgeSample(ctx, job.judge, options.llm, `reevaluate:${job.judge}`, options.fetchImpl);
        results.push({ ctx, outcome });
      }
      const changedInChunk = sqlite.transaction(() => {
        const affected = new Map<number, string>();
        const stamp = clock().toISOString();
        let changed = 0;
        for (const { ctx, outcome } of results) {
          const current = currentState(db, ctx.id);
          if (!current || changedKeys(current, ctx.state).length) continue;
          const { before, after } = substantiveDiff(current, outcome.state);
          if (!Object.keys(after).length) continue;
          writeState(db, ctx.id, after);
          writeAudit(
            db,
            { action: "reevaluate", sampleId: ctx.id, submissionId: ctx.submissionId, taskId: ctx.taskId, actor: job.actor, before, after, judge: job.judge, judgeConfig: outcome.judgeConfig, reason: outcome.rationale, parentId: job.audit_entry_id, jobId },
            stamp,
          );
          affected.set(ctx.submissionId, ctx.benchmarkId);
          changed += 1;
        }
        refreshAll(db, affected);
        sqlite.prepare("UPDATE reeval_jobs SET done = done + ?, changed = changed + ? WHERE id = ?").run(chunk.length, changed, jobId);
        return changed;
      })();
      if (changedInChunk > 0) options.onChunkWritten?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    sqlite.prepare("UPDATE reeval_jobs SET status = 'done', finished_at = ? WHERE id = ?").run(clock().toISOString(), jobId);
  } catch (error) {
    sqlite.prepare("UPDATE reeval_jobs SET status = 'failed', error = ?, finished_at = ? WHERE id = ?").run((error as Error).message, clock().toISOString(), jobId);
  }
}

/**
 * Jobs run inside the server process, so a restart stops them where they were. At start
 * (before any new job can begin) such jobs are marked failed, saying why: their task
 * accepts a new gold fix again, and the interrupted fix can be undone, which reverts the
 * samples it had already changed. Returns how many jobs were marked.
 */
export function failInterruptedJobs(db: Db, now: Date = new Date()): number {
  return db.$client
    .prepare("UPDATE reeval_jobs SET status = 'failed', error = ?, finished_at = ? WHERE status IN ('queued', 'running')")
    .run("interrupted: the server stopped before the job finished; undo the gold fix and apply it again", now.toISOString()).changes;
}

function rescoredAs(db: Db, ctx: SampleContext, source: string): JudgeOutcome {
  const outcome = rescoreSample(db, ctx);
  return { ...outcome, state: { ...outcome.state, verdictSource: source } };
}

/** Submissions whose samples a job changed so far (for revalidating their pages). */
export function affectedByJob(db: Db, jobId: number): Affected[] {
  return db.$client
    .prepare("SELECT DISTINCT a.submission_id AS submissionId, s.benchmark_id AS benchmarkId FROM audit_entries a JOIN submissions s ON s.id = a.submission_id WHERE a.job_id = ? AND a.sample_id IS NOT NULL")
    .all(jobId) as Affected[];
}

// --- undo ------------------------------------------------------------------------------

interface EntryRow {
  id: number;
  action: string;
  sample_id: number | null;
  task_id: number | null;
  submission_id: number | null;
  before: string;
  after: string;
  undone_at: string | null;
  job_id: number | null;
}

function laterEntry(db: Db, sampleId: number, entryId: number): number | null {
  const row = db.$client.prepare("SELECT id FROM audit_entries WHERE sample_id = ? AND id > ? AND undone_at IS NULL ORDER BY id DESC LIMIT 1").get(sampleId, entryId) as { id: number } | undefined;
  return row?.id ?? null;
}

/** Restores a sample entry's `before` if its `after` is still current; the reason it cannot, otherwise. */
function undoSampleEntry(db: Db, entry: EntryRow, actor: string, stamp: string, affected: Map<number, string>): string | null {
  const current = currentState(db, entry.sample_id!);
  if (!current) return `sample ${entry.sample_id} no longer exists`;
  const after = JSON.parse(entry.after) as SampleState;
  if (changedKeys(current, after).length) {
    const later = laterEntry(db, entry.sample_id!, entry.id);
    return `sample ${entry.sample_id} changed since entry ${entry.id}${later ? `: undo entry ${later} first` : ""}`;
  }
  writeState(db, entry.sample_id!, JSON.parse(entry.before) as SampleState);
  db.$client.prepare("UPDATE audit_entries SET undone_at = ?, undone_by = ? WHERE id = ?").run(stamp, actor, entry.id);
  const benchmark = db.$client.prepare("SELECT benchmark_id FROM submissions WHERE id = ?").get(entry.submission_id) as { benchmark_id: string };
  affected.set(entry.submission_id!, benchmark.benchmark_id);
  return null;
}

/**
 * Undoes an entry: restores `before` and stamps `undoneAt`/`undoneBy`. Refused when the
 * sample (or task gold) has changed since. Undoing a gold fix restores the old gold and
 * undoes every sample change its re-evaluation made, all or nothing; it waits for a
 * running job to finish.
 */
export function undoEntry(db: Db, entryId: number, actor: string, now: Date = new Date()): ReevalResult<{ restored: number; affected: Affected[] }> {
  try {
    return undoInTransaction(db, entryId, actor, now);
  } catch (error) {
    if (error instanceof UndoRefused) return { ok: false, error: error.message };
    throw error;
  }
}

class UndoRefused extends Error {}

function undoInTransaction(db: Db, entryId: number, actor: string, now: Date): ReevalResult<{ restored: number; affected: Affected[] }> {
  return db.$client.transaction((): ReevalResult<{ restored: number; affected: Affected[] }> => {
    const entry = db.$client.prepare("SELECT id, action, sample_id, task_id, submission_id, before, after, undone_at, job_id FROM audit_entries WHERE id = ?").get(entryId) as EntryRow | undefined;
    if (!entry) return { ok: false, error: `no audit entry ${entryId}` };
    if (entry.undone_at) return { ok: false, error: `entry ${entryId} was already undone` };
    const stamp = now.toISOString();
    const affected = new Map<number, string>();
    if (entry.action !== "gold-fix") {
      const problem = undoSampleEntry(db, entry, actor, stamp, affected);
      if (problem) return { ok: false, error: problem };
      return { ok: true, restored: 1, affected: refreshAll(db, affected) };
    }
    const job = entry.job_id ? (db.$client.prepare("SELECT status FROM reeval_jobs WHERE id = ?").get(entry.job_id) as { status: string } | undefined) : undefined;
    if (job && (job.status === "queued" || job.status === "running")) return { ok: false, error: "its re-evaluation is still running; undo when it has finished" };
    if (!goldMatches(db, entry.task_id!, JSON.parse(entry.after))) return { ok: false, error: "the task's gold changed since this correction: undo the later correction first" };
    const children = db.$client
      .prepare("SELECT id, action, sample_id, task_id, submission_id, before, after, undone_at, job_id FROM audit_entries WHERE parent_id = ? AND undone_at IS NULL ORDER BY id DESC")
      .all(entryId) as EntryRow[];
    for (const child of children) {
      const problem = undoSampleEntry(db, child, actor, stamp, affected);
      // Throwing rolls back the children already restored: a gold fix is undone whole or not at all.
      if (problem) throw new UndoRefused(problem);
    }
    writeGold(db, entry.task_id!, JSON.parse(entry.before));
    db.$client.prepare("UPDATE audit_entries SET undone_at = ?, undone_by = ? WHERE id = ?").run(stamp, actor, entry.id);
    return { ok: true, restored: children.length, affected: refreshAll(db, affected) };
  })();
}
