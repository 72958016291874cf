/**
 * Who may see a submission. Approved ones are public; a pending (or rejected) one is
 * seen only by the admin and by the team whose token uploaded it — everyone else gets
 * a 404, as if it did not exist. One still importing is seen by no one.
 */
export interface Viewer {
  admin: boolean;
  /** The upload token this browser or client uploaded with, when it is still valid. */
  uploaderTokenId: number | null;
}

export const PUBLIC_VIEWER: Viewer = { admin: false, uploaderTokenId: null };

export function canViewSubmission(
  submission: { status: string; uploaderTokenId: number | null },
  viewer: Viewer,
): boolean {
  if (submission.status === "importing") return false;
  if (submission.status === "approved" || viewer.admin) return true;
  return (
    submission.uploaderTokenId !== null && submission.uploaderTokenId === viewer.uploaderTokenId
  );
}
