import "server-only";
import { z } from "zod";
import type { MetricsPreview } from "../../lib/submit/answer";
import { submissionFigures, type SubmissionFigure } from "../../lib/benchmarks/figures";
import { benchmarkInfo } from "../../lib/benchmarks/info";
import type { Interval } from "../../lib/metrics/bootstrap";
import { skeleton } from "../../lib/import/confusables";
import { and, asc, desc, eq, inArray, isNotNull, ne, type SQL } from "drizzle-orm";
import { benchmarkIdOf } from "../benchmark-id";
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

/** The names a team shows a submission by, which another team's may pass for. */
export const CONFUSABLE_FIELDS = ["model", "agent", "team"] as const;

/** A name of a pending submission that another team's submission on its benchmark spells differently but alike. */
export interface ConfusableName {
  field: (typeof CONFUSABLE_FIELDS)[number];
  /** The pending submission's name. */
  name: string;
  /** The other team's name and its submission (the earliest with that name). */
  other: string;
  otherId: number;
  /** The other submission's team; null: imported from the command line. */
  otherTeam: string | null;
  otherStatus: SubmissionStatus;
}

type Named = Pick<SubmissionPreview, "id" | "benchmark" | "model" | "agent" | "team">;

/**
 * For each pending submission of `queue`, its names (model, agent, team) that differ from
 * but have the skeleton of a name another team's approved or pending submission on the
 * same benchmark already has (`GPT-4о-search` beside `GPT-4o-search`): a team is an upload
 * token's team name, and the submissions imported from the command line are one team of
 * their own. Submissions without such a name are left out of the map.
 */
export async function confusableNames(
  db: Db,
  queue: readonly Named[],
): Promise<Map<number, ConfusableName[]>> {
  const found = new Map<number, ConfusableName[]>();
  if (queue.length === 0) return found;
  const others = await db
    .select({
      id: submissions.id,
      benchmark: submissions.benchmarkId,
      model: submissions.model,
      agent: submissions.agent,
      team: uploadTokens.team,
      status: submissions.status,
    })
    .from(submissions)
    .leftJoin(uploadTokens, eq(uploadTokens.id, submissions.uploaderTokenId))
    .where(
      and(
        inArray(submissions.benchmarkId, [
          ...new Set(queue.map((row) => benchmarkIdOf(row.benchmark))),
        ]),
        inArray(submissions.status, ["approved", "pending"]),
      ),
    )
    .orderBy(asc(submissions.id));
  // Indexed by benchmark, field and skeleton: each name's skeleton is computed once.
  const alike = new Map<string, (typeof others)[number][]>();
  const keyOf = (benchmark: string, field: string, name: string) =>
    `${benchmark}\u0000${field}\u0000${skeleton(name)}`;
  for (const other of others) {
    for (const field of CONFUSABLE_FIELDS) {
      const name = other[field];
      if (name === null) continue;
      const key = keyOf(other.benchmark, field, name);
      const list = alike.get(key);
      if (list) list.push(other);
      else alike.set(key, [other]);
    }
  }
  for (const row of queue) {
    const names: ConfusableName[] = [];
    for (const field of CONFUSABLE_FIELDS) {
      const name = row[field];
      if (name === null) continue;
      const seen = new Set<string>();
      for (const other of alike.get(keyOf(row.benchmark, field, name)) ?? []) {
        const otherName = other[field];
        if (otherName === null || otherName === name || other.team === row.team) continue;
        if (seen.has(otherName)) continue;
        seen.add(otherName);
        names.push({
          field,
          name,
          other: otherName,
          otherId: other.id,
          otherTeam: other.team,
          otherStatus: z.enum(SUBMISSION_STATUSES).parse(other.status),
        });
      }
    }
    if (names.length) found.set(row.id, names);
  }
  return found;
}
