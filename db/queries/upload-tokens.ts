import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { digestsEqual } from "../../lib/auth/tokens";
import type { Db } from "../client";
import { uploadTokens } from "../schema";

interface UploadTokenRow {
  id: number;
  team: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** The live (not revoked) token with this hash, if any. */
export function findActiveUploadToken(db: Db, tokenHash: string): { id: number; team: string } | undefined {
  const row = db
    .select({ id: uploadTokens.id, team: uploadTokens.team, tokenHash: uploadTokens.tokenHash })
    .from(uploadTokens)
    .where(and(eq(uploadTokens.tokenHash, tokenHash), isNull(uploadTokens.revokedAt)))
    .get();
  return row && digestsEqual(row.tokenHash, tokenHash) ? { id: row.id, team: row.team } : undefined;
}

/** Every token ever issued, newest first, without their hashes. */
export function listUploadTokens(db: Db): UploadTokenRow[] {
  return db
    .select({ id: uploadTokens.id, team: uploadTokens.team, createdAt: uploadTokens.createdAt, revokedAt: uploadTokens.revokedAt, lastUsedAt: uploadTokens.lastUsedAt })
    .from(uploadTokens)
    .orderBy(desc(uploadTokens.id))
    .all();
}
