/** WideSearch's `metrics --json` report: aggregate {successAvg, successPass, rowF1Avg, …, n, runs}; samples keyed by instance_id. */
import {
  overallAggregate,
  splitsJson,
  type MetricsReportInput,
  type ReportAggregate,
} from "../../export/metrics-report";
import { wideSearchSampleMetricsSchema } from "./stored";

const splitJson = (a: ReportAggregate) => ({ ...(a.metrics ?? {}) });

export function wideSearchMetricsReport(input: MetricsReportInput) {
  return {
    benchmark: input.benchmark,
    submission: input.submission,
    aggregate: splitJson(overallAggregate(input)),
    splits: splitsJson(input, splitJson),
    importNotes: input.importNotes,
    samples: input.storedSamples().map((s) => {
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
