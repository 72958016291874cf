/**
 * Browser sessions kept on the server (the `sessions` table; lib/auth/sessions.ts makes and
 * hashes the ids). Only reads happen on a request's path; opening and ending a session
 * (login, logout) are the only writes.
 */
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { generateSessionId, hashSessionId, isSessionIdShape } from "../lib/auth/sessions";
import { digestsEqual } from "../lib/auth/tokens";
import { first, withTx, type Db } from "./client";
import { sessions, type SessionKind } from "./schema";

/** Who a session signs in, as opened. */
export type SessionGrant =
  { kind: "admin"; adminFingerprint: string } | { kind: "team"; uploadTokenId: number };

export interface LiveSession {
  kind: SessionKind;
  adminFingerprint: string | null;
  uploadTokenId: number | null;
  expiresAt: string;
}

/**
 * Opens a session for `grant` lasting `seconds`: returns the id for the cookie, which is not
 * stored. Sessions that have expired are removed on the way (revoked ones stay until then).
 */
export async function openSession(
  db: Db,
  grant: SessionGrant,
  seconds: number,
  now: Date = new Date(),
): Promise<{ id: string; expiresAt: string }> {
  const id = generateSessionId();
  const expiresAt = new Date(now.getTime() + seconds * 1000).toISOString();
  await withTx(db, async (tx) => {
    await tx.delete(sessions).where(lte(sessions.expiresAt, now.toISOString()));
    await tx.insert(sessions).values({
      idHash: hashSessionId(id),
      kind: grant.kind,
      adminFingerprint: grant.kind === "admin" ? grant.adminFingerprint : null,
      uploadTokenId: grant.kind === "team" ? grant.uploadTokenId : null,
      createdAt: now.toISOString(),
      expiresAt,
    });
  });
  return { id, expiresAt };
}

/** The session whose cookie holds `id`, unless there is none, it expired, or it was revoked. */
export async function findLiveSession(
  db: Db,
  id: string | undefined,
  now: Date = new Date(),
): Promise<LiveSession | undefined> {
  if (!isSessionIdShape(id)) return undefined;
  const idHash = hashSessionId(id);
  const row = await first(
    db
      .select({
        idHash: sessions.idHash,
        kind: sessions.kind,
        adminFingerprint: sessions.adminFingerprint,
        uploadTokenId: sessions.uploadTokenId,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.idHash, idHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now.toISOString()),
        ),
      )
      .limit(1),
  );
  if (!row || !digestsEqual(row.idHash, idHash)) return undefined;
  const { kind, adminFingerprint, uploadTokenId, expiresAt } = row;
  return { kind, adminFingerprint, uploadTokenId, expiresAt };
}

/** Ends the session whose cookie holds `id` (logout); false when it was not live. */
export async function revokeSession(
  db: Db,
  id: string | undefined,
  now: Date = new Date(),
): Promise<boolean> {
  if (!isSessionIdShape(id)) return false;
  return withTx(db, async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now.toISOString() })
      .where(and(eq(sessions.idHash, hashSessionId(id)), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return revoked.length === 1;
  });
}
