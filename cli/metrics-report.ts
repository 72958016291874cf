import type { Db } from "../db/client";
import { getAggregates, getSubmission, listSampleMetrics, type AggregateRow } from "../db/queries/submissions";

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

/** The `metrics --json` contract: rates as fractions, taskId the record's index as a string. */
export function metricsReport(db: Db, submissionId: number) {
  const submission = getSubmission(db, submissionId);
  if (!submission) throw new Error(`no submission ${submissionId}`);
  const rows = getAggregates(db, submissionId);
  const overall = rows.find((a) => a.split === "overall");
  if (!overall) throw new Error(`submission ${submissionId} has no aggregates`);
  return {
    benchmark: submission.benchmarkId,
    submission: {
      id: submission.id,
      model: submission.model,
      agent: submission.agent,
      setting: submission.setting,
      benchmarkVersion: submission.benchmarkVersion,
      status: submission.status,
    },
    aggregate: aggregateJson(overall),
    splits: Object.fromEntries(rows.filter((a) => a.split !== "overall").map((a) => [a.split, aggregateJson(a)])),
    samples: listSampleMetrics(db, submissionId).map(({ taskKey, ...sample }) => ({ taskId: taskKey, ...sample })),
  };
}
