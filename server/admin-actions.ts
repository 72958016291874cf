"use server";
import { revalidatePath } from "next/cache";
import { publicDataChanged } from "@/server/public-pages";
import { cookies } from "next/headers";
import { z } from "zod";
import { ADMIN_COOKIE, adminCookieOptions, adminToken, isAdminSession, isHttpsAction } from "@/server/auth";
import { moderationReasonSchema, rejectionReasonSchema } from "@/server/moderate";
import { getDb } from "@/db/client";
import { moderateSubmission } from "@/db/moderation";
import { issueUploadToken, revokeUploadToken } from "@/db/upload-tokens";
import { signAdminSession } from "@/lib/auth/admin-session";
import { secretsEqual } from "@/lib/auth/tokens";
import { SlidingWindowLimiter } from "@/lib/submit/rate-limit";

type ActionResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: string };

const NOT_ADMIN = { ok: false, error: "your admin session has ended; log in again" } as const;
// Slows guessing at the admin token; the API (Bearer) is not affected.
const failedLogins = new SlidingWindowLimiter(60_000);
const FAILED_LOGINS_PER_MINUTE = 10;

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

export async function login(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const admin = adminToken();
  if (!admin) return { ok: false, error: "admin is disabled on this instance" };
  const parsed = z.object({ token: z.string().min(1, "enter the admin token").max(1024) }).safeParse({ token: formData.get("token") ?? "" });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  if (!secretsEqual(parsed.data.token, admin)) {
    const allowed = failedLogins.attempt("admin", FAILED_LOGINS_PER_MINUTE);
    return { ok: false, error: allowed.allowed ? "that is not the admin token" : `too many failed attempts; wait ${allowed.retryAfterSeconds} s` };
  }
  (await cookies()).set(ADMIN_COOKIE, signAdminSession(admin), adminCookieOptions(await isHttpsAction()));
  return { ok: true };
}

export async function logout(): Promise<void> {
  (await cookies()).delete(ADMIN_COOKIE);
}

const teamSchema = z.object({ team: z.string().trim().min(1, "name the team").max(80, "at most 80 characters") });

export async function issueToken(_previous: ActionResult<{ team: string; token: string }> | null, formData: FormData): Promise<ActionResult<{ team: string; token: string }>> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const parsed = teamSchema.safeParse({ team: formData.get("team") ?? "" });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  const issued = issueUploadToken(getDb(), parsed.data.team);
  revalidatePath("/admin");
  return { ok: true, team: issued.team, token: issued.token };
}

const idSchema = z.coerce.number().int().positive();

export async function revokeToken(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const id = idSchema.safeParse(formData.get("id"));
  if (!id.success) return { ok: false, error: "no such token" };
  if (!revokeUploadToken(getDb(), id.data)) return { ok: false, error: "the token is unknown or already revoked" };
  revalidatePath("/admin");
  return { ok: true };
}

const moderationSchema = z.discriminatedUnion("decision", [
  z.object({ id: idSchema, decision: z.literal("approved"), reason: moderationReasonSchema }),
  z.object({ id: idSchema, decision: z.literal("rejected"), reason: rejectionReasonSchema }),
]);

export async function moderate(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  if (!(await isAdminSession())) return NOT_ADMIN;
  const parsed = moderationSchema.safeParse({ id: formData.get("id"), decision: formData.get("decision"), reason: formData.get("reason") ?? "" });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  const { id, decision, reason } = parsed.data;
  const result = moderateSubmission(getDb(), id, decision, reason || null);
  if (!result.ok) return { ok: false, error: result.problem === "not-found" ? `no submission ${id}` : `submission ${id} is already ${decision}` };
  publicDataChanged();
  return { ok: true };
}
