import "server-only";
import { inArray } from "drizzle-orm";
import { canViewSubmission, type Viewer } from "../../lib/auth/visibility";
import type { Db } from "../client";
import { submissions } from "../schema";

/** Those of `ids` that exist but the viewer may not see: callers answer for them as for ids that do not exist. */
export function hiddenSubmissionIds(db: Db, ids: number[], viewer: Viewer): number[] {
  if (ids.length === 0) return [];
  return db
    .select({ id: submissions.id, status: submissions.status, uploaderTokenId: submissions.uploaderTokenId })
    .from(submissions)
    .where(inArray(submissions.id, ids))
    .all()
    .filter((row) => !canViewSubmission(row, viewer))
    .map((row) => row.id);
}
