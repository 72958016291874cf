import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { digestsEqual } from "../../lib/auth/tokens";
import { first, type Db } from "../client";
import { submissions, uploadTokens } from "../schema";

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

/** Whether the submission was uploaded by the team that holds `tokenId` (with any of its tokens). */
export async function uploadedByTeamOf(
  db: Db,
  submissionId: number,
  tokenId: number,
): Promise<boolean> {
  const submission = await first(
    db
      .select({ tokenId: submissions.uploaderTokenId })
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      .limit(1),
  );
  if (submission?.tokenId == null) return false;
  const teams = await db
    .select({ team: uploadTokens.team })
    .from(uploadTokens)
    .where(inArray(uploadTokens.id, [submission.tokenId, tokenId]));
  return submission.tokenId === tokenId || (teams.length === 2 && teams[0].team === teams[1].team);
}
