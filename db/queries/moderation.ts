import "server-only";
import { z } from "zod";
import type { MetricsPreview } from "../../lib/submit/answer";
import { and, asc, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { first, type Db } from "../client";
import {
  aggregates,
  submissions,
  SUBMISSION_STATUSES,
  uploadTokens,
  type SubmissionStatus,
} from "../schema";

export interface SubmissionPreview {
  id: number;
  benchmark: string;
  model: string;
  agent: string | null;
  setting: string;
  status: SubmissionStatus;
  samples: number;
  tasks: number;
  uploadedAt: string;
  team: string | null;
  moderationReason: string | null;
  moderatedAt: string | null;
  metrics: MetricsPreview | null;
}

/** The preview's columns: the submission's own fields, the overall split's MPW figures (null when the LEFT JOIN finds no aggregate), and the stored report. */
const PREVIEW_COLUMNS = {
  id: submissions.id,
  benchmark: submissions.benchmarkId,
  model: submissions.model,
  agent: submissions.agent,
  setting: submissions.setting,
  status: submissions.status,
  samples: submissions.sampleCount,
  tasks: submissions.taskCount,
  uploadedAt: submissions.uploadedAt,
  team: uploadTokens.team,
  moderationReason: submissions.moderationReason,
  moderatedAt: submissions.moderatedAt,
  n: aggregates.n,
  pass1: aggregates.pass1,
  pass1Lo: aggregates.pass1Lo,
  pass1Hi: aggregates.pass1Hi,
  fcr: aggregates.fcr,
  fcrLo: aggregates.fcrLo,
  fcrHi: aggregates.fcrHi,
  hitRate: aggregates.hitRate,
  hitRateLo: aggregates.hitRateLo,
  hitRateHi: aggregates.hitRateHi,
  toolCalls: aggregates.toolCalls,
  metrics: aggregates.metrics,
};

function previewsWhere(db: Db, where: SQL) {
  return db
    .select(PREVIEW_COLUMNS)
    .from(submissions)
    .leftJoin(
      aggregates,
      and(eq(aggregates.submissionId, submissions.id), eq(aggregates.split, "overall")),
    )
    .leftJoin(uploadTokens, eq(uploadTokens.id, submissions.uploaderTokenId))
    .where(where);
}

type PreviewRow = Awaited<ReturnType<typeof previewsWhere>>[number];

/** The stored report JSON, passed through to the preview as it is. */
const reportSchema = z.record(z.string(), z.unknown());

const interval = (lo: number | null, hi: number | null): [number, number] | null =>
  lo === null || hi === null ? null : [lo, hi];

function previewOf(row: PreviewRow): SubmissionPreview {
  const {
    n,
    pass1,
    pass1Lo,
    pass1Hi,
    fcr,
    fcrLo,
    fcrHi,
    hitRate,
    hitRateLo,
    hitRateHi,
    toolCalls,
    metrics,
    status,
    ...submission
  } = row;
  return {
    ...submission,
    status: z.enum(SUBMISSION_STATUSES).parse(status),
    metrics:
      n === null
        ? null
        : {
            n,
            pass1,
            pass1Ci: interval(pass1Lo, pass1Hi),
            fcr,
            fcrCi: interval(fcrLo, fcrHi),
            hitRate,
            hitRateCi: interval(hitRateLo, hitRateHi),
            toolCalls,
            extra: metrics === null ? null : reportSchema.parse(metrics),
          },
  };
}

export async function getSubmissionPreview(
  db: Db,
  id: number,
): Promise<SubmissionPreview | undefined> {
  const row = await first(previewsWhere(db, eq(submissions.id, id)).limit(1));
  return row === undefined ? undefined : previewOf(row);
}

/** Pending submissions, oldest first: the moderation queue. */
export async function listModerationQueue(db: Db): Promise<SubmissionPreview[]> {
  const rows = await previewsWhere(db, eq(submissions.status, "pending")).orderBy(
    asc(submissions.uploadedAt),
    asc(submissions.id),
  );
  return rows.map(previewOf);
}

/** The latest decisions, newest first. */
export async function listRecentDecisions(db: Db, limit: number): Promise<SubmissionPreview[]> {
  const rows = await previewsWhere(db, isNotNull(submissions.moderatedAt))
    .orderBy(desc(submissions.moderatedAt), desc(submissions.id))
    .limit(limit);
  return rows.map(previewOf);
}
