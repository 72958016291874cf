import "server-only";
import { asc, inArray } from "drizzle-orm";
import { canViewSubmission, type Viewer } from "../../lib/auth/visibility";
import type { Db } from "../client";
import { submissions } from "../schema";

/** Those of `ids` that exist but the viewer may not see: callers answer for them as for ids that do not exist. */
export async function hiddenSubmissionIds(
  db: Db,
  ids: number[],
  viewer: Viewer,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: submissions.id,
      status: submissions.status,
      uploaderTokenId: submissions.uploaderTokenId,
    })
    .from(submissions)
    .where(inArray(submissions.id, ids))
    .orderBy(asc(submissions.id));
  return rows.filter((row) => !canViewSubmission(row, viewer)).map((row) => row.id);
}
