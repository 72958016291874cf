/**
 * `metrics <id> --json`: the submission's report in its benchmark's contract (docs/CLI.md),
 * built by the benchmark's module from what is stored, with its standing under `aggregate`
 * (the leaderboard API's fields). Rates are fractions; taskId is the benchmark's own task
 * id as a string.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { submissions } from "../db/schema";
import { getViewStandings } from "../db/queries/standing";
import {
  getAggregates,
  getSubmission,
  listSampleMetrics,
  listSampleUsage,
  listWideSearchSampleMetrics,
} from "../db/queries/submissions";
import { benchmarkModule } from "../lib/benchmarks/registry";
import { withSampleGrounding, withSampleUsage } from "../lib/export/metrics-report";
import { standingFields } from "../lib/standing/standing";

/** The benchmark module's own report of a submission, from what is stored. */
export async function moduleReport(db: Db, submissionId: number) {
  const submission = await getSubmission(db, submissionId);
  if (!submission) throw new Error(`no submission ${submissionId}`);
  // The module reads one of the two (lib/export/metrics-report.ts): both are read first, as
  // its callbacks cannot wait for a query.
  const [storedSamples, sampleColumns] = [
    await listWideSearchSampleMetrics(db, submissionId),
    await listSampleMetrics(db, submissionId),
  ];
  return benchmarkModule(submission.benchmarkId).metricsReport({
    benchmark: submission.benchmarkId,
    submission: {
      id: submission.id,
      model: submission.model,
      agent: submission.agent,
      setting: submission.setting,
      benchmarkVersion: submission.benchmarkVersion,
      status: submission.status,
    },
    importNotes: submission.importNotes,
    aggregates: await getAggregates(db, submissionId),
    storedSamples: () => storedSamples,
    sampleColumns: () => sampleColumns,
  });
}

/** The module's report with the submission's standing under `aggregate`, and each sample's tokens, dollars and time. */
export async function metricsReport(db: Db, submissionId: number) {
  const submission = await getSubmission(db, submissionId);
  if (!submission) throw new Error(`no submission ${submissionId}`);
  const benchmark = benchmarkModule(submission.benchmarkId);
  const stored = await listSampleUsage(db, submissionId);
  const moduleOwn = withSampleUsage(await moduleReport(db, submissionId), stored);
  const overall = (await getAggregates(db, submissionId)).find((a) => a.split === "overall");
  // A benchmark without grounding (WideSearch) has no grounding fields, rather than nulls.
  const report = benchmark.grounding
    ? withSampleGrounding(moduleOwn, stored, overall?.metrics ?? null)
    : moduleOwn;
  // Ranked among the approved submissions of its version on every task of it (and of its
  // setting, where the board shows one setting at a time), as if it were approved.
  const board = benchmark.board;
  const bySetting = board.views.some((view) => view.picks === "setting" && view.values !== null);
  const peerRows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.benchmarkId, benchmark.id),
        eq(submissions.benchmarkVersion, submission.benchmarkVersion),
        eq(submissions.status, "approved"),
        ...(bySetting ? [eq(submissions.setting, submission.setting)] : []),
      ),
    );
  const peers = peerRows.map((row) => row.id);
  const standing = (
    await getViewStandings(db, { benchmarkId: benchmark.id, split: null }, [
      ...new Set([...peers, submissionId]),
    ])
  ).get(submissionId);
  if (!standing) throw new Error(`no standing for submission ${submissionId}`);
  const aggregate = report.aggregate;
  if (typeof aggregate !== "object" || aggregate === null || Array.isArray(aggregate))
    throw new Error(`the ${benchmark.id} report has no aggregate object`);
  return {
    ...report,
    aggregate: {
      ...aggregate,
      ...standingFields(standing),
      standingView: {
        version: submission.benchmarkVersion,
        setting: bySetting ? submission.setting : null,
        split: null,
      },
    },
  };
}
