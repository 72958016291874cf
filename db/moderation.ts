/** The admin's decision on a submission: approved ones go on the public leaderboards. */
import { and, eq, ne } from "drizzle-orm";
import { first, withTx, type Db } from "./client";
import { submissions } from "./schema";

export type ModerationDecision = "approved" | "rejected";

export type ModerationResult =
  | { ok: true; id: number; status: ModerationDecision }
  | { ok: false; problem: "not-found" | "unchanged" };

/**
 * Sets a submission's status with the reason and time. A decision may be revised
 * (an approved submission withdrawn, a rejected one approved after all), but setting
 * the status it already has is refused so a double click cannot overwrite the reason.
 * The update itself is conditional on the status, so two clicks at once on two instances
 * (PostgreSQL) cannot both pass the check either.
 */
export async function moderateSubmission(
  db: Db,
  id: number,
  decision: ModerationDecision,
  reason: string | null,
  now: Date = new Date(),
): Promise<ModerationResult> {
  return withTx(db, async (tx) => {
    const current = await first(
      tx
        .select({ status: submissions.status })
        .from(submissions)
        .where(eq(submissions.id, id))
        .limit(1),
    );
    // One still importing is not there yet.
    if (!current || current.status === "importing")
      return { ok: false, problem: "not-found" } as const;
    if (current.status === decision) return { ok: false, problem: "unchanged" } as const;
    const changed = await tx
      .update(submissions)
      .set({ status: decision, moderationReason: reason, moderatedAt: now.toISOString() })
      .where(and(eq(submissions.id, id), ne(submissions.status, decision)))
      .returning({ id: submissions.id });
    if (changed.length === 0) return { ok: false, problem: "unchanged" } as const;
    return { ok: true, id, status: decision } as const;
  });
}
