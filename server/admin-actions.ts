"use server";
import { revalidatePath } from "next/cache";
import { publicDataChanged } from "@/server/public-pages";
import { cookies, headers } from "next/headers";
import { z } from "zod";
import {
  ADMIN_COOKIE,
  adminCookieOptions,
  adminToken,
  checkAdminToken,
  endAdminSession,
  isAdminSession,
  isHttpsAction,
  openAdminSession,
  requestClient,
} from "@/server/auth";
import { moderationReasonSchema, rejectionReasonSchema } from "@/server/moderate";
import { getDb } from "@/db/client";
import { moderateSubmission } from "@/db/moderation";
import { issueUploadToken, revokeUploadToken } from "@/db/upload-tokens";
import { removeCanonicalTasks } from "@/db/canonical-tasks";
import { BENCHMARKS } from "@/lib/benchmarks/registry";
import { NOT_ADMIN_MESSAGE, taskSetSchema } from "@/server/task-sets";
import { teamNameSchema } from "@/lib/auth/tokens";

type ActionResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: string };
/** A refused login says when the next attempt will be heard. */
type LoginResult = { ok: true } | { ok: false; error: string; retryAfterSeconds?: number };

const NOT_ADMIN = { ok: false, error: NOT_ADMIN_MESSAGE } as const;

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

export async function login(
  _previous: LoginResult | null,
  formData: FormData,
): Promise<LoginResult> {
  const admin = adminToken();
  if (!admin) return { ok: false, error: "admin is disabled on this instance" };
  const parsed = z
    .object({ token: z.string().min(1, "enter the admin token").max(1024) })
    .safeParse({ token: formData.get("token") ?? "" });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  const checked = await checkAdminToken(requestClient(await headers()), parsed.data.token);
  if (!checked.ok) {
    const { retryAfterSeconds } = checked;
    return retryAfterSeconds === null
      ? { ok: false, error: "that is not the admin token" }
      : {
          ok: false,
          error: `too many failed attempts; try again in ${retryAfterSeconds} s`,
          retryAfterSeconds,
        };
  }
  (await cookies()).set(
    ADMIN_COOKIE,
    await openAdminSession(),
    adminCookieOptions(await isHttpsAction()),
  );
  return { ok: true };
}

/** Revokes the session on the server (a copy of the cookie stops working too), then drops the cookie. */
export async function logout(): Promise<void> {
  const store = await cookies();
  await endAdminSession(store.get(ADMIN_COOKIE)?.value);
  store.delete(ADMIN_COOKIE);
}

const teamSchema = z.object({ team: teamNameSchema });

export async function issueToken(
  _previous: ActionResult<{ team: string; token: string }> | null,
  formData: FormData,
): Promise<ActionResult<{ team: string; token: string }>> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const parsed = teamSchema.safeParse({ team: formData.get("team") ?? "" });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  const issued = await issueUploadToken(await getDb(), parsed.data.team);
  revalidatePath("/admin");
  return { ok: true, team: issued.team, token: issued.token };
}

const idSchema = z.coerce.number().int().positive();

export async function revokeToken(
  _previous: ActionResult | null,
  formData: FormData,
): Promise<ActionResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const id = idSchema.safeParse(formData.get("id"));
  if (!id.success) return { ok: false, error: "no such token" };
  if (!(await revokeUploadToken(await getDb(), id.data)))
    return { ok: false, error: "the token is unknown or already revoked" };
  revalidatePath("/admin");
  return { ok: true };
}

const moderationSchema = z.discriminatedUnion("decision", [
  z.object({ id: idSchema, decision: z.literal("approved"), reason: moderationReasonSchema }),
  z.object({ id: idSchema, decision: z.literal("rejected"), reason: rejectionReasonSchema }),
]);

export async function moderate(
  _previous: ActionResult | null,
  formData: FormData,
): Promise<ActionResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const parsed = moderationSchema.safeParse({
    id: formData.get("id"),
    decision: formData.get("decision"),
    reason: formData.get("reason") ?? "",
  });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  const { id, decision, reason } = parsed.data;
  const result = await moderateSubmission(await getDb(), id, decision, reason || null);
  if (!result.ok)
    return {
      ok: false,
      error:
        result.problem === "not-found"
          ? `no submission ${id}`
          : `submission ${id} is already ${decision}`,
    };
  await publicDataChanged();
  return { ok: true };
}

export type RemoveTaskSetResult = ActionResult<{ removed: number }>;

/** Unregisters a benchmark version's task set: coverage falls back to the largest approved submission. */
export async function removeTaskSet(
  _previous: RemoveTaskSetResult | null,
  formData: FormData,
): Promise<RemoveTaskSetResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const parsed = taskSetSchema.safeParse({
    benchmark: formData.get("benchmark"),
    version: formData.get("version") ?? "",
  });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  const { benchmark, version } = parsed.data;
  const removed = await removeCanonicalTasks(await getDb(), benchmark, version);
  if (removed === 0)
    return {
      ok: false,
      error: `no task set is registered for ${BENCHMARKS[benchmark].name} ${version}`,
    };
  await publicDataChanged();
  return { ok: true, removed };
}
