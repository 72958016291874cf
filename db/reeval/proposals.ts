/**
 * Re-judging and re-scoring one sample: a preview of what would change (nothing written),
 * then applying it unless the sample changed since; and a maintainer's adjudication.
 */
import type { JudgeOutcome } from "../../lib/benchmarks/stored";
import type { LlmJudgeSetting } from "../../lib/judges/chat";
import type { JudgeId } from "../../lib/judges/types";
import type { Proposal } from "../../lib/reeval/proposal";
import {
  changedKeys,
  diffState,
  metricsOf,
  stateWithVerdict,
  substantiveDiff,
} from "../../lib/reeval/state";
import { withTx, type Db } from "../client";
import { judgeSample, rescoreSample } from "./judging";
import {
  failure,
  loadSample,
  lockRows,
  MAX_REASON_LENGTH,
  refreshAll,
  writeAudit,
  writeState,
  type Affected,
  type ReevalResult,
  type SampleContext,
} from "./store";

function proposalOf(
  ctx: SampleContext,
  action: "rejudge" | "rescore",
  judge: string,
  outcome: JudgeOutcome,
  now: Date,
): Proposal {
  const { before, after } = substantiveDiff(ctx.state, outcome.state);
  return {
    sampleId: ctx.id,
    action,
    judge,
    judgeConfig: outcome.judgeConfig,
    before,
    after,
    rationale: outcome.rationale,
    createdAt: now.toISOString(),
  };
}

/** Runs a judge on a sample and returns what it would change, without changing anything. */
export async function previewRejudge(
  db: Db,
  sampleId: number,
  judge: JudgeId,
  llm: LlmJudgeSetting,
  options: { fetchImpl?: typeof fetch; now?: Date } = {},
): Promise<ReevalResult<{ proposal: Proposal }>> {
  const ctx = await loadSample(db, sampleId);
  if (!ctx) return { ok: false, error: `no sample ${sampleId}` };
  try {
    const outcome = await judgeSample(ctx, judge, llm, `rejudge:${judge}`, options.fetchImpl);
    return {
      ok: true,
      proposal: proposalOf(ctx, "rejudge", judge, outcome, options.now ?? new Date()),
    };
  } catch (error) {
    // Judge failures (timeouts, malformed replies, no gold) are answers, not crashes: nothing was changed.
    return failure(error);
  }
}

/** Re-runs the benchmark's deterministic scorer on a sample and returns what it would change. */
export async function previewRescore(
  db: Db,
  sampleId: number,
  now: Date = new Date(),
): Promise<ReevalResult<{ proposal: Proposal }>> {
  const ctx = await loadSample(db, sampleId);
  if (!ctx) return { ok: false, error: `no sample ${sampleId}` };
  try {
    return {
      ok: true,
      proposal: proposalOf(ctx, "rescore", "deterministic", rescoreSample(ctx), now),
    };
  } catch (error) {
    return failure(error);
  }
}

/** Applies a previewed re-judge or re-score, unless the sample changed since the preview. */
export async function applyProposal(
  db: Db,
  proposal: Proposal,
  actor: string,
  reason: string | null,
  now: Date = new Date(),
): Promise<ReevalResult<{ entryId: number | null; affected: Affected[] }>> {
  return withTx(
    db,
    async (tx): Promise<ReevalResult<{ entryId: number | null; affected: Affected[] }>> => {
      await lockRows(tx, "samples", [proposal.sampleId]);
      const ctx = await loadSample(tx, proposal.sampleId);
      if (!ctx) return { ok: false, error: `no sample ${proposal.sampleId}` };
      if (changedKeys(ctx.state, proposal.before).length)
        return { ok: false, error: "the sample changed since the preview; run it again" };
      if (Object.keys(proposal.after).length === 0)
        return { ok: true, entryId: null, affected: [] };
      await writeState(tx, ctx.id, proposal.after);
      const entryId = await writeAudit(
        tx,
        {
          action: proposal.action,
          sampleId: ctx.id,
          submissionId: ctx.submissionId,
          taskId: ctx.taskId,
          actor,
          before: proposal.before,
          after: proposal.after,
          judge: proposal.judge,
          judgeConfig: proposal.judgeConfig,
          reason,
        },
        now.toISOString(),
      );
      return {
        ok: true,
        entryId,
        affected: await refreshAll(tx, new Map([[ctx.submissionId, ctx.benchmarkId]])),
      };
    },
  );
}

/** A maintainer sets the verdict; the reason is mandatory. */
export async function adjudicate(
  db: Db,
  sampleId: number,
  correct: boolean,
  reason: string,
  actor: string,
  now: Date = new Date(),
): Promise<ReevalResult<{ entryId: number; affected: Affected[] }>> {
  const why = reason.trim();
  if (!why) return { ok: false, error: "an adjudication needs a reason" };
  if (why.length > MAX_REASON_LENGTH)
    return { ok: false, error: `the reason is longer than ${MAX_REASON_LENGTH} characters` };
  return withTx(
    db,
    async (tx): Promise<ReevalResult<{ entryId: number; affected: Affected[] }>> => {
      await lockRows(tx, "samples", [sampleId]);
      const ctx = await loadSample(tx, sampleId);
      if (!ctx) return { ok: false, error: `no sample ${sampleId}` };
      const next = stateWithVerdict(ctx.benchmarkId, metricsOf(ctx.state), {
        correct,
        source: "adjudicated",
        label: correct ? "Correct" : "Incorrect",
        rationale: `adjudicated by ${actor}: ${why}`,
      });
      const { before, after } = diffState(ctx.state, next);
      await writeState(tx, ctx.id, after);
      const entryId = await writeAudit(
        tx,
        {
          action: "adjudicate",
          sampleId: ctx.id,
          submissionId: ctx.submissionId,
          taskId: ctx.taskId,
          actor,
          before,
          after,
          judge: "maintainer",
          judgeConfig: null,
          reason: why,
        },
        now.toISOString(),
      );
      return {
        ok: true,
        entryId,
        affected: await refreshAll(tx, new Map([[ctx.submissionId, ctx.benchmarkId]])),
      };
    },
  );
}
