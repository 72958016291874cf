import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { digestsEqual } from "../../lib/auth/tokens";
import { first, type Db } from "../client";
import { uploadTokens } from "../schema";

/** The live (not revoked) token with this hash, if any. */
export async function findActiveUploadToken(
  db: Db,
  tokenHash: string,
): Promise<{ id: number; team: string } | undefined> {
  const row = await first(
    db
      .select({ id: uploadTokens.id, team: uploadTokens.team, tokenHash: uploadTokens.tokenHash })
      .from(uploadTokens)
      .where(and(eq(uploadTokens.tokenHash, tokenHash), isNull(uploadTokens.revokedAt)))
      .limit(1),
  );
  return row && digestsEqual(row.tokenHash, tokenHash) ? { id: row.id, team: row.team } : undefined;
}
