/** MPW-Bench's `metrics --json` report: the stored report's figures with their CIs, per split, and each sample's figures. */
import {
  overallAggregate,
  splitsJson,
  type MetricsReportInput,
  type ReportAggregate,
} from "../../export/metrics-report";
import type { Interval } from "../../metrics/bootstrap";
import { mpwAggregateReportSchema } from "./stored";

const pair = (ci: Interval | null): [number, number] | null =>
  ci === null ? null : [ci.lo, ci.hi];

function aggregateJson(a: ReportAggregate) {
  const r = mpwAggregateReportSchema.parse(a.metrics);
  return {
    n: a.n,
    pass1: r.pass1.value,
    pass1Ci: pair(r.pass1.ci),
    fcr: r.fcr.value,
    fcrCi: pair(r.fcr.ci),
    fcrN: r.fcr.n,
    hitRate: r.hitRate.value,
    hitRateCi: pair(r.hitRate.ci),
    toolCalls: r.toolCalls.value,
    toolCallsCi: pair(r.toolCalls.ci),
    compoundRate: r.compoundRate,
    zeroCallSamples: r.zeroCallSamples,
    // null: a report stored before unjudged samples were counted.
    unjudged: r.unjudged ?? null,
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
