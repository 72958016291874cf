/** Issuing, listing and revoking per-team upload tokens. The token is returned once and only its hash is kept. */
import { and, desc, eq, isNull } from "drizzle-orm";
import { generateUploadToken, hashUploadToken } from "../lib/auth/tokens";
import { withTx, type Db } from "./client";
import { uploadTokens } from "./schema";

export interface IssuedUploadToken {
  id: number;
  team: string;
  /** Shown to the admin once; never stored. */
  token: string;
}

export interface UploadTokenRow {
  id: number;
  team: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** Every token ever issued, newest first, without their hashes. */
export async function listUploadTokens(db: Db): Promise<UploadTokenRow[]> {
  return db
    .select({
      id: uploadTokens.id,
      team: uploadTokens.team,
      createdAt: uploadTokens.createdAt,
      revokedAt: uploadTokens.revokedAt,
      lastUsedAt: uploadTokens.lastUsedAt,
    })
    .from(uploadTokens)
    .orderBy(desc(uploadTokens.id));
}

export async function issueUploadToken(
  db: Db,
  team: string,
  now: Date = new Date(),
): Promise<IssuedUploadToken> {
  const token = generateUploadToken();
  const [row] = await withTx(db, (tx) =>
    tx
      .insert(uploadTokens)
      .values({ team, tokenHash: hashUploadToken(token), createdAt: now.toISOString() })
      .returning({ id: uploadTokens.id }),
  );
  return { id: row.id, team, token };
}

/** False when there is no such token or it was already revoked. */
export async function revokeUploadToken(
  db: Db,
  id: number,
  now: Date = new Date(),
): Promise<boolean> {
  const revoked = await withTx(db, (tx) =>
    tx
      .update(uploadTokens)
      .set({ revokedAt: now.toISOString() })
      .where(and(eq(uploadTokens.id, id), isNull(uploadTokens.revokedAt)))
      .returning({ id: uploadTokens.id }),
  );
  return revoked.length === 1;
}

/** Records a successful upload; failed ones leave the database exactly as it was. */
export async function touchUploadToken(db: Db, id: number, now: Date = new Date()): Promise<void> {
  await withTx(db, (tx) =>
    tx.update(uploadTokens).set({ lastUsedAt: now.toISOString() }).where(eq(uploadTokens.id, id)),
  );
}
