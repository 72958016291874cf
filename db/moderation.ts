/** The admin's decision on a submission: approved ones go on the public leaderboards. */
import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { submissions } from "./schema";

export type ModerationDecision = "approved" | "rejected";

export type ModerationResult = { ok: true; id: number; status: ModerationDecision } | { ok: false; problem: "not-found" | "unchanged" };

/**
 * Sets a submission's status with the reason and time. A decision may be revised
 * (an approved submission withdrawn, a rejected one approved after all), but setting
 * the status it already has is refused so a double click cannot overwrite the reason.
 */
export function moderateSubmission(db: Db, id: number, decision: ModerationDecision, reason: string | null, now: Date = new Date()): ModerationResult {
  return db.transaction((tx) => {
    const current = tx.select({ status: submissions.status }).from(submissions).where(eq(submissions.id, id)).get();
    if (!current) return { ok: false, problem: "not-found" } as const;
    if (current.status === decision) return { ok: false, problem: "unchanged" } as const;
    tx.update(submissions).set({ status: decision, moderationReason: reason, moderatedAt: now.toISOString() }).where(eq(submissions.id, id)).run();
    return { ok: true, id, status: decision } as const;
  });
}
