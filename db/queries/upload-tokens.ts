import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { digestsEqual } from "../../lib/auth/tokens";
import type { Db } from "../client";
import { uploadTokens } from "../schema";

/** The live (not revoked) token with this hash, if any. */
export function findActiveUploadToken(db: Db, tokenHash: string): { id: number; team: string } | undefined {
  const row = db
    .select({ id: uploadTokens.id, team: uploadTokens.team, tokenHash: uploadTokens.tokenHash })
    .from(uploadTokens)
    .where(and(eq(uploadTokens.tokenHash, tokenHash), isNull(uploadTokens.revokedAt)))
    .get();
  return row && digestsEqual(row.tokenHash, tokenHash) ? { id: row.id, team: row.team } : undefined;
}
