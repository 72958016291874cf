import "server-only";
import { z } from "zod";
import type { MetricsPreview } from "../../lib/submit/answer";
import type { Db } from "../client";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "../schema";

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

const nullableNumber = z.number().nullable();

/**
 * A row of PREVIEW_SQL, parsed (it is a raw statement): the preview's own fields, the
 * overall split's MPW figures (null when the LEFT JOIN finds no aggregate), and the stored
 * report JSON.
 */
const previewRowSchema = z.object({
  id: z.number().int(),
  benchmark: z.string(),
  model: z.string(),
  agent: z.string().nullable(),
  setting: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  samples: z.number().int(),
  tasks: z.number().int(),
  uploadedAt: z.string(),
  team: z.string().nullable(),
  moderationReason: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  n: nullableNumber,
  pass1: nullableNumber,
  pass1Lo: nullableNumber,
  pass1Hi: nullableNumber,
  fcr: nullableNumber,
  fcrLo: nullableNumber,
  fcrHi: nullableNumber,
  hitRate: nullableNumber,
  hitRateLo: nullableNumber,
  hitRateHi: nullableNumber,
  toolCalls: nullableNumber,
  metrics: z.string().nullable(),
});
type PreviewRow = z.infer<typeof previewRowSchema>;

const PREVIEW_SQL = `
  SELECT s.id, s.benchmark_id AS benchmark, s.model, s.agent, s.setting, s.status, s.sample_count AS samples, s.task_count AS tasks,
         s.uploaded_at AS uploadedAt, t.team, s.moderation_reason AS moderationReason, s.moderated_at AS moderatedAt,
         a.n, a.pass1, a.pass1_lo AS pass1Lo, a.pass1_hi AS pass1Hi, a.fcr, a.fcr_lo AS fcrLo, a.fcr_hi AS fcrHi,
         a.hit_rate AS hitRate, a.hit_rate_lo AS hitRateLo, a.hit_rate_hi AS hitRateHi, a.tool_calls AS toolCalls, a.metrics
    FROM submissions s
    LEFT JOIN aggregates a ON a.submission_id = s.id AND a.split = 'overall'
    LEFT JOIN upload_tokens t ON t.id = s.uploader_token_id`;

/** The stored report JSON, passed through to the preview as it is. */
const reportSchema = z.record(z.string(), z.unknown());

const interval = (lo: number | null, hi: number | null): [number, number] | null => (lo === null || hi === null ? null : [lo, hi]);

function previewOf(row: PreviewRow): SubmissionPreview {
  const { n, pass1, pass1Lo, pass1Hi, fcr, fcrLo, fcrHi, hitRate, hitRateLo, hitRateHi, toolCalls, metrics, ...submission } = row;
  return {
    ...submission,
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
            extra: metrics === null ? null : reportSchema.parse(JSON.parse(metrics)),
          },
  };
}

export function getSubmissionPreview(db: Db, id: number): SubmissionPreview | undefined {
  const row = db.$client.prepare(`${PREVIEW_SQL} WHERE s.id = ?`).get(id);
  return row === undefined ? undefined : previewOf(previewRowSchema.parse(row));
}

/** Pending submissions, oldest first: the moderation queue. */
export function listModerationQueue(db: Db): SubmissionPreview[] {
  return db.$client.prepare(`${PREVIEW_SQL} WHERE s.status = 'pending' ORDER BY s.uploaded_at, s.id`).all().map((row) => previewOf(previewRowSchema.parse(row)));
}

/** The latest decisions, newest first. */
export function listRecentDecisions(db: Db, limit: number): SubmissionPreview[] {
  return db.$client
    .prepare(`${PREVIEW_SQL} WHERE s.moderated_at IS NOT NULL ORDER BY s.moderated_at DESC, s.id DESC LIMIT ?`)
    .all(limit)
    .map((row) => previewOf(previewRowSchema.parse(row)));
}
