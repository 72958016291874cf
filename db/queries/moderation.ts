import "server-only";
import { z } from "zod";
import type { MetricsPreview } from "../../lib/submit/answer";
import { submissionFigures, type SubmissionFigure } from "../../lib/benchmarks/figures";
import { benchmarkInfo } from "../../lib/benchmarks/info";
import type { Interval } from "../../lib/metrics/bootstrap";
import { and, asc, desc, eq, isNotNull, ne, type SQL } from "drizzle-orm";
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
  /** Its board's columns with its overall figures; null when it has no aggregate. */
  figures: SubmissionFigure[] | null;
}

/** The preview's columns: the submission's own fields, the overall split's primary metric and stored report (null when the LEFT JOIN finds no aggregate). */
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
  primary: aggregates.primary,
  primaryLo: aggregates.primaryLo,
  primaryHi: aggregates.primaryHi,
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

const pair = (ci: Interval | null): [number, number] | null =>
  ci === null ? null : [ci.lo, ci.hi];

function previewOf(row: PreviewRow): SubmissionPreview {
  const { n, primary, primaryLo, primaryHi, metrics, status, ...submission } = row;
  const figures =
    n === null ? null : submissionFigures(benchmarkInfo(submission.benchmark).board, metrics);
  // The figures this preview published before every board had its own: Pass@1 is the primary metric.
  const figure = (key: string) => figures?.find((f) => f.key === key) ?? null;
  const board = benchmarkInfo(submission.benchmark).board;
  return {
    ...submission,
    status: z.enum(SUBMISSION_STATUSES).parse(status),
    metrics:
      n === null
        ? null
        : {
            n,
            pass1: primary,
            pass1Ci: interval(primaryLo, primaryHi),
            fcr: figure("fcr")?.value ?? null,
            fcrCi: pair(figure("fcr")?.ci ?? null),
            hitRate: figure("hitRate")?.value ?? null,
            hitRateCi: pair(figure("hitRate")?.ci ?? null),
            toolCalls: figure(board.toolCallsFigure ?? "toolCalls")?.value ?? null,
            extra: metrics === null ? null : reportSchema.parse(metrics),
          },
    figures,
  };
}

export async function getSubmissionPreview(
  db: Db,
  id: number,
): Promise<SubmissionPreview | undefined> {
  const row = await first(
    previewsWhere(db, and(eq(submissions.id, id), ne(submissions.status, "importing"))!).limit(1),
  );
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
