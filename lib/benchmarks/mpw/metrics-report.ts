/** MPW-Bench's `metrics --json` report: the aggregate columns with their CIs, per split, and each sample's figures. */
import {
  overallAggregate,
  splitsJson,
  type MetricsReportInput,
  type ReportAggregate,
} from "../../export/metrics-report";

function aggregateJson(a: ReportAggregate) {
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

export function mpwMetricsReport(input: MetricsReportInput) {
  return {
    benchmark: input.benchmark,
    submission: input.submission,
    aggregate: aggregateJson(overallAggregate(input)),
    splits: splitsJson(input, aggregateJson),
    samples: input
      .sampleColumns()
      .map(({ taskKey, ...sample }) => ({ taskId: taskKey, ...sample })),
  };
}
