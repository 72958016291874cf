"use server";
/**
 * Server actions for re-evaluation. Thin: each re-checks the admin session itself (a
 * form's fields are never trusted), validates its input with zod, calls db/reeval/ and
 * revalidates what changed. Cross-site calls are refused twice over: Next compares a
 * server action's Origin with its Host before running it, and the admin cookie is
 * SameSite=Strict, so a request started from another site carries no session.
 */
import { z } from "zod";
import { getDb } from "@/db/client";
import { getReevalJob, type ReevalJobView } from "@/db/queries/audit";
import { fixGold, type GoldFix } from "@/db/reeval/gold";
import { affectedByJob } from "@/db/reeval/jobs";
import { judgeUnjudged } from "@/db/reeval/unjudged";
import { adjudicate, applyProposal, previewRejudge, previewRescore } from "@/db/reeval/proposals";
import { MAX_REASON_LENGTH } from "@/db/reeval/store";
import { undoEntry } from "@/db/reeval/undo";
import { JUDGE_IDS } from "@/lib/judges/types";
import { signProposal, verifyProposal, type Proposal } from "@/lib/reeval/proposal";
import { isAdminSession } from "./auth";
import {
  ADMIN_ACTOR,
  llmSetting,
  NOT_ADMIN,
  proposalSecret,
  revalidateAffected,
  type ReevalActionResult,
} from "./reeval";
import { publicDataChanged } from "./public-pages";

const idSchema = z.coerce.number().int().positive();
const reasonSchema = z
  .string()
  .trim()
  .max(MAX_REASON_LENGTH, `at most ${MAX_REASON_LENGTH} characters`);

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

export type PreviewResult = ReevalActionResult<{ token: string; proposal: Proposal }>;

function signed(
  result: { ok: true; proposal: Proposal } | { ok: false; error: string },
): PreviewResult {
  if (!result.ok) return result;
  const secret = proposalSecret();
  if (!secret) return NOT_ADMIN;
  return { ok: true, token: signProposal(secret, result.proposal), proposal: result.proposal };
}

export async function previewRejudgeAction(
  _previous: PreviewResult | null,
  formData: FormData,
): Promise<PreviewResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const parsed = z
    .object({ sampleId: idSchema, judge: z.enum(JUDGE_IDS) })
    .safeParse({ sampleId: formData.get("sampleId"), judge: formData.get("judge") });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  return signed(
    await previewRejudge(await getDb(), parsed.data.sampleId, parsed.data.judge, llmSetting()),
  );
}

export async function previewRescoreAction(
  _previous: PreviewResult | null,
  formData: FormData,
): Promise<PreviewResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const sampleId = idSchema.safeParse(formData.get("sampleId"));
  if (!sampleId.success) return { ok: false, error: "no such sample" };
  return signed(await previewRescore(await getDb(), sampleId.data));
}

export type ApplyResult = ReevalActionResult<{ entryId: number | null }>;

export async function applyProposalAction(
  _previous: ApplyResult | null,
  formData: FormData,
): Promise<ApplyResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const secret = proposalSecret();
  if (!secret) return NOT_ADMIN;
  const parsed = z
    .object({ token: z.string().min(1).max(2_000_000), reason: reasonSchema })
    .safeParse({ token: formData.get("token"), reason: formData.get("reason") ?? "" });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  const verified = verifyProposal(secret, parsed.data.token);
  if (!verified.ok) return verified;
  const result = await applyProposal(
    await getDb(),
    verified.proposal,
    ADMIN_ACTOR,
    parsed.data.reason || null,
  );
  if (!result.ok) return result;
  await revalidateAffected(result.affected);
  return { ok: true, entryId: result.entryId };
}

export type EntryResult = ReevalActionResult<{ entryId: number }>;

export async function adjudicateAction(
  _previous: EntryResult | null,
  formData: FormData,
): Promise<EntryResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const parsed = z
    .object({
      sampleId: idSchema,
      verdict: z.enum(["correct", "incorrect"], "choose correct or incorrect"),
      reason: reasonSchema.min(1, "an adjudication needs a reason"),
    })
    .safeParse({
      sampleId: formData.get("sampleId"),
      verdict: formData.get("verdict"),
      reason: formData.get("reason") ?? "",
    });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  const result = await adjudicate(
    await getDb(),
    parsed.data.sampleId,
    parsed.data.verdict === "correct",
    parsed.data.reason,
    ADMIN_ACTOR,
  );
  if (!result.ok) return result;
  await revalidateAffected(result.affected);
  return { ok: true, entryId: result.entryId };
}

export type UndoResult = ReevalActionResult<{ restored: number }>;

export async function undoAction(
  _previous: UndoResult | null,
  formData: FormData,
): Promise<UndoResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const entryId = idSchema.safeParse(formData.get("entryId"));
  if (!entryId.success) return { ok: false, error: "no such entry" };
  const result = await undoEntry(await getDb(), entryId.data, ADMIN_ACTOR);
  if (!result.ok) return result;
  await revalidateAffected(result.affected);
  return { ok: true, restored: result.restored };
}

const goldFixSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("answer"),
    goldAnswer: z.string().trim().min(1, "enter the corrected gold answer").max(10_000),
  }),
  z.object({
    kind: z.literal("cell"),
    row: z.coerce.number().int().min(0),
    column: z.string().min(1),
    value: z.string().max(10_000),
  }),
]);

export type GoldFixResult = ReevalActionResult<{ jobId: number; total: number }>;

export async function fixGoldAction(
  _previous: GoldFixResult | null,
  formData: FormData,
): Promise<GoldFixResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const parsed = z
    .object({
      taskId: idSchema,
      judge: z.enum(JUDGE_IDS),
      reason: reasonSchema.min(1, "a gold correction needs a reason"),
      fix: goldFixSchema,
    })
    .safeParse({
      taskId: formData.get("taskId"),
      judge: formData.get("judge"),
      reason: formData.get("reason") ?? "",
      fix: {
        kind: formData.get("kind"),
        goldAnswer: formData.get("goldAnswer") ?? undefined,
        row: formData.get("row") ?? undefined,
        column: formData.get("column") ?? undefined,
        value: formData.get("value") ?? undefined,
      },
    });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  const result = await fixGold(
    await getDb(),
    parsed.data.taskId,
    parsed.data.fix as GoldFix,
    parsed.data.judge,
    parsed.data.reason,
    ADMIN_ACTOR,
    llmSetting(),
  );
  if (!result.ok) return result;
  // The gold answer itself changed: public pages show it.
  await publicDataChanged();
  // The worker runs the queued job (db/jobs/worker.ts) and bumps the public data version as
  // the job's chunks land; the maintainer's page polls its progress.
  return { ok: true, jobId: result.jobId, total: result.total };
}

/**
 * A job's progress, for the page polling it. The job runs after its action answered, where
 * nothing can revalidate; so the poll that first sees it finished revalidates its pages.
 */
export async function reevalJobStatusAction(jobId: number): Promise<ReevalJobView | null> {
  if (!(await isAdminSession())) return null;
  const id = idSchema.safeParse(jobId);
  if (!id.success) return null;
  const db = await getDb();
  const job = await getReevalJob(db, id.data);
  if (job && (job.status === "done" || job.status === "failed"))
    await revalidateAffected(await affectedByJob(db, job.id));
  return job;
}

export type JudgeUnjudgedResult = ReevalActionResult<{ jobId: number; total: number }>;

/** Queues the benchmark's LLM judge on a submission's unjudged samples; the worker runs it. */
export async function judgeUnjudgedAction(
  _previous: JudgeUnjudgedResult | null,
  formData: FormData,
): Promise<JudgeUnjudgedResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const id = idSchema.safeParse(formData.get("submissionId"));
  if (!id.success) return { ok: false, error: firstIssue(id.error) };
  const result = await judgeUnjudged(await getDb(), id.data, ADMIN_ACTOR, llmSetting());
  if (!result.ok) return result;
  return { ok: true, jobId: result.jobId, total: result.total };
}
