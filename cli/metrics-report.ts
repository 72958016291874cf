/**
 * `metrics <id> --json`: the submission's report in its benchmark's contract (README),
 * built by the benchmark's module from what is stored. Rates are fractions; taskId is
 * the benchmark's own task id as a string.
 */
import type { Db } from "../db/client";
import { getAggregates, getSubmission, listSampleMetrics, listWideSearchSampleMetrics } from "../db/queries/submissions";
import { benchmarkModule } from "../lib/benchmarks/registry";

export function metricsReport(db: Db, submissionId: number) {
  const submission = getSubmission(db, submissionId);
  if (!submission) throw new Error(`no submission ${submissionId}`);
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
    aggregates: getAggregates(db, submissionId),
    storedSamples: () => listWideSearchSampleMetrics(db, submissionId),
    sampleColumns: () => listSampleMetrics(db, submissionId),
  });
}
