import type { Db } from "../db/client";
import { getAggregates, getSubmission, listSampleMetrics, listWideSearchSampleMetrics, type AggregateRow, type SubmissionRow } from "../db/queries/submissions";
import { wideSearchSampleMetricsSchema } from "../lib/widesearch/stored";

function aggregateJson(a: AggregateRow) {
  return {
    n: a.n,
    pass1: a.pass1,
    pass1Ci: a.pass1Lo === null ? null : [a.pass1Lo, a.pass1Hi],
    fcr: a.fcr,
    fcrCi: a.fcrLo === null ? null : [a.fcrLo, a.fcrHi],
    fcrN: a.fcrN,
    hitRate: a.hitRate,
    hitRateCi: a.hitRateLo === null ? null : [a.hitRateLo, a.hitRateHi],
    toolCalls: a.toolCalls,
    toolCallsCi: a.toolCallsLo === null ? null : [a.toolCallsLo, a.toolCallsHi],
    compoundRate: a.compoundRate,
    zeroCallSamples: a.zeroCallSamples,
    statusCounts: a.statusCounts,
  };
}

/** WideSearch's contract: aggregate {successAvg, successPass, rowF1Avg, …, n, runs}; samples keyed by instance_id. */
function wideSearchReport(db: Db, submission: SubmissionRow, rows: AggregateRow[]) {
  const splitJson = (a: AggregateRow) => ({ ...(a.metrics ?? {}) });
  const overall = rows.find((a) => a.split === "overall");
  if (!overall) throw new Error(`submission ${submission.id} has no aggregates`);
  return {
    benchmark: submission.benchmarkId,
    submission: submissionJson(submission),
    aggregate: splitJson(overall),
    splits: Object.fromEntries(rows.filter((a) => a.split !== "overall").map((a) => [a.split, splitJson(a)])),
    importNotes: submission.importNotes,
    samples: listWideSearchSampleMetrics(db, submission.id).map((s) => {
      const m = wideSearchSampleMetricsSchema.parse(s.metrics);
      return {
        taskId: s.taskKey,
        run: s.run,
        success: m.success,
        rowPrecision: m.rowPrecision,
        rowRecall: m.rowRecall,
        rowF1: m.rowF1,
        itemPrecision: m.itemPrecision,
        itemRecall: m.itemRecall,
        itemF1: m.itemF1,
        ...(m.reason ? { reason: m.reason } : {}),
        status: s.status,
        complete: m.complete,
        searchCalls: m.searchCalls,
        browseCalls: m.browseCalls,
      };
    }),
  };
}

function submissionJson(submission: SubmissionRow) {
  return {
    id: submission.id,
    model: submission.model,
    agent: submission.agent,
    setting: submission.setting,
    benchmarkVersion: submission.benchmarkVersion,
    status: submission.status,
  };
}

/** The `metrics --json` contract: rates as fractions, taskId the benchmark's own task id as a string. */
export function metricsReport(db: Db, submissionId: number) {
  const submission = getSubmission(db, submissionId);
  if (!submission) throw new Error(`no submission ${submissionId}`);
  const rows = getAggregates(db, submissionId);
  if (submission.benchmarkId === "widesearch") return wideSearchReport(db, submission, rows);
  const overall = rows.find((a) => a.split === "overall");
  if (!overall) throw new Error(`submission ${submissionId} has no aggregates`);
  return {
    benchmark: submission.benchmarkId,
    submission: submissionJson(submission),
    aggregate: aggregateJson(overall),
    splits: Object.fromEntries(rows.filter((a) => a.split !== "overall").map((a) => [a.split, aggregateJson(a)])),
    samples: listSampleMetrics(db, submissionId).map(({ taskKey, ...sample }) => ({ taskId: taskKey, ...sample })),
  };
}
