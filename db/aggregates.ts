import { aggregateMpw, type Estimate, type MpwSampleRow } from "../lib/benchmarks/mpw/aggregate";
import type { Tier } from "../lib/benchmarks/mpw/metrics";
import { wideSearchSplits, type WideSearchStoredSample } from "../lib/benchmarks/widesearch/splits";
import { wideSearchSampleMetricsSchema } from "../lib/benchmarks/widesearch/stored";
import type { BenchmarkId } from "../lib/benchmarks/registry";
import { aggregateWebDetective } from "../lib/benchmarks/webdetective/metrics";
import { aggregateEvoBrowseComp } from "../lib/benchmarks/evobrowsecomp/metrics";
import { aggregateQa } from "../lib/benchmarks/qa/metrics";
import { aggregateInfoMosaic, performanceByToolCalls, toolOutcomeMix, toolPositionHeatmap, type InfoMosaicStats } from "../lib/benchmarks/infomosaic/metrics";
import {
  evoInputFromStored,
  evoStoredSampleSchema,
  infoMosaicInputFromStored,
  infoMosaicStoredSampleSchema,
  qaInputFromStored,
  qaStoredSampleSchema,
  webDetectiveInputFromStored,
  webDetectiveStoredSampleSchema,
} from "../lib/seekboard/stored";
import type { ChatMessage } from "../lib/trajectory/messages";
import type { Db } from "./client";

interface StoredSampleRow {
  correct: number;
  fcr: number | null;
  hit_rate: number;
  tool_calls: number;
  hit_log_calls: number;
  compound_rate: number | null;
  tier: Tier | null;
  category: string | null;
  status: string;
}

function estimateColumns(e: Estimate): [number | null, number | null, number | null] {
  return [e.value, e.ci?.lo ?? null, e.ci?.hi ?? null];
}

/** Recomputes a submission's stored aggregates from its samples (run inside the writer's transaction). */
export function refreshAggregates(db: Db, submissionId: number): void {
  const submission = db.$client.prepare("SELECT benchmark_id FROM submissions WHERE id = ?").get(submissionId) as { benchmark_id: string } | undefined;
  if (!submission) throw new Error(`no submission ${submissionId}`);
  switch (submission.benchmark_id as BenchmarkId) {
    case "mpw":
      return refreshMpwAggregates(db, submissionId);
    case "widesearch":
      return refreshWideSearchAggregates(db, submissionId);
    case "webdetective":
    case "evobrowsecomp":
    case "qa":
    case "infomosaic":
      return refreshSeekboardAggregates(db, submissionId, submission.benchmark_id as "webdetective" | "evobrowsecomp" | "qa" | "infomosaic");
  }
}

const INSERT_AGGREGATE = `INSERT INTO aggregates (submission_id, split, n, pass1, pass1_lo, pass1_hi, fcr, fcr_lo, fcr_hi, fcr_n,
       hit_rate, hit_rate_lo, hit_rate_hi, tool_calls, tool_calls_lo, tool_calls_hi, compound_rate, zero_call_samples, status_counts, metrics)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function refreshWideSearchAggregates(db: Db, submissionId: number): void {
  const sqlite = db.$client;
  const rows = sqlite
    .prepare("SELECT s.task_key, t.language, s.status, s.metrics FROM samples s JOIN tasks t ON t.id = s.task_id WHERE s.submission_id = ? ORDER BY s.id")
    .all(submissionId) as { task_key: string; language: string | null; status: string; metrics: string }[];
  const samples: WideSearchStoredSample[] = rows.map((r) => {
    const m = wideSearchSampleMetricsSchema.parse(JSON.parse(r.metrics));
    return { instanceId: r.task_key, language: r.language, ...m };
  });
  const statusCounts: Record<string, number> = {};
  for (const r of rows) statusCounts[r.status] = (statusCounts[r.status] ?? 0) + 1;
  sqlite.prepare("DELETE FROM aggregates WHERE submission_id = ?").run(submissionId);
  const insert = sqlite.prepare(INSERT_AGGREGATE);
  for (const split of wideSearchSplits(samples)) {
    const a = split.report.aggregate;
    // The shared columns carry the primary metric (success rate, Avg@N) for generic sorting.
    insert.run(
      submissionId, split.split, split.n, a.successAvg, split.ci.successAvg?.lo ?? null, split.ci.successAvg?.hi ?? null,
      null, null, null, 0, null, null, null, split.searchCalls, null, null, null, 0, JSON.stringify(statusCounts),
      JSON.stringify({ ...a, stats: split.report.stats, runsPerTask: split.report.runsPerTask, incompleteSamples: split.report.incompleteSamples, ci: split.ci, scaling: split.scaling, searchCalls: split.searchCalls, browseCalls: split.browseCalls }),
    );
  }
}

interface SeekboardRow {
  task_key: string;
  run: number;
  status: string;
  metrics: string;
  detail: string | null;
  version: string;
}

/** One stored aggregate row: the primary metric (and its CI) in the shared pass1 columns, the whole report in `metrics`. */
function insertReport(
  db: Db,
  submissionId: number,
  split: string,
  n: number,
  primary: { value: number | null; lo: number | null; hi: number | null },
  statusCounts: Record<string, number>,
  report: unknown,
): void {
  db.$client
    .prepare(INSERT_AGGREGATE)
    .run(submissionId, split, n, primary.value, primary.lo, primary.hi, null, null, null, 0, null, null, null, null, null, null, null, 0, JSON.stringify(statusCounts), JSON.stringify(report));
}

const primaryOf = (value: number | null, ci: { lo: number; hi: number } | null | undefined) => ({ value, lo: ci?.lo ?? null, hi: ci?.hi ?? null });

function refreshSeekboardAggregates(db: Db, submissionId: number, benchmark: "webdetective" | "evobrowsecomp" | "qa" | "infomosaic"): void {
  const sqlite = db.$client;
  const rows = sqlite
    .prepare(
      `SELECT s.task_key, s.run, s.status, s.metrics, ${benchmark === "infomosaic" ? "s.detail" : "NULL AS detail"}, sub.benchmark_version AS version
       FROM samples s JOIN submissions sub ON sub.id = s.submission_id WHERE s.submission_id = ? ORDER BY s.id`,
    )
    .all(submissionId) as SeekboardRow[];
  const statusCounts: Record<string, number> = {};
  for (const r of rows) statusCounts[r.status] = (statusCounts[r.status] ?? 0) + 1;
  sqlite.prepare("DELETE FROM aggregates WHERE submission_id = ?").run(submissionId);
  switch (benchmark) {
    case "webdetective": {
      const report = aggregateWebDetective(rows.map((r) => webDetectiveInputFromStored(r.task_key, r.run, webDetectiveStoredSampleSchema.parse(JSON.parse(r.metrics)))));
      insertReport(db, submissionId, "overall", report.aggregate.n, primaryOf(report.aggregate.pass1, report.ci.pass1), statusCounts, report);
      return;
    }
    case "evobrowsecomp": {
      const inputs = rows.map((r) => evoInputFromStored(r.task_key, r.run, r.version, evoStoredSampleSchema.parse(JSON.parse(r.metrics))));
      const report = aggregateEvoBrowseComp(inputs);
      insertReport(db, submissionId, "overall", report.aggregate.n, primaryOf(report.aggregate.accuracy, report.overall.accuracyCi), statusCounts, report);
      return;
    }
    case "qa": {
      const report = aggregateQa(rows.map((r) => qaInputFromStored(r.task_key, r.run, qaStoredSampleSchema.parse(JSON.parse(r.metrics)))));
      insertReport(db, submissionId, "overall", report.aggregate.n, primaryOf(report.aggregate.accuracy, report.accuracyCi), statusCounts, report);
      return;
    }
    case "infomosaic": {
      const inputs = rows.map((r) => {
        const detail = r.detail ? (JSON.parse(r.detail) as { messages?: ChatMessage[] | null }) : null;
        return infoMosaicInputFromStored(r.task_key, infoMosaicStoredSampleSchema.parse(JSON.parse(r.metrics)), detail?.messages ?? null);
      });
      const report = aggregateInfoMosaic(inputs);
      const plots = {
        toolOutcomes: toolOutcomeMix(inputs),
        byToolCalls: performanceByToolCalls(inputs, { edges: [0, 1, 3, 5, 8, 12, 20] }),
        heatmap: toolPositionHeatmap(inputs),
      };
      const o = report.overall;
      insertReport(db, submissionId, "overall", o.n, primaryOf(o.accuracy, o.accuracyCi), statusCounts, { ...report, ...plots });
      for (const [domain, stats] of Object.entries(report.byDomain) as [string, InfoMosaicStats][]) {
        insertReport(db, submissionId, `domain:${domain}`, stats.n, primaryOf(stats.accuracy, stats.accuracyCi), {}, stats);
      }
      return;
    }
  }
}

function refreshMpwAggregates(db: Db, submissionId: number): void {
  const sqlite = db.$client;
  const rows = sqlite
    .prepare("SELECT correct, fcr, hit_rate, tool_calls, hit_log_calls, compound_rate, tier, category, status FROM samples WHERE submission_id = ? ORDER BY id")
    .all(submissionId) as StoredSampleRow[];
  const sampleRows: MpwSampleRow[] = rows.map((r) => ({
    correct: r.correct === 1,
    fcr: r.fcr,
    hitRate: r.hit_rate,
    toolCalls: r.tool_calls,
    hitLogCalls: r.hit_log_calls,
    compoundRate: r.compound_rate,
    tier: r.tier,
    category: r.category,
    status: r.status,
  }));
  sqlite.prepare("DELETE FROM aggregates WHERE submission_id = ?").run(submissionId);
  const insert = sqlite.prepare(INSERT_AGGREGATE);
  for (const a of aggregateMpw(sampleRows)) {
    insert.run(
      submissionId, a.split, a.n, ...estimateColumns(a.pass1), ...estimateColumns(a.fcr), a.fcr.n,
      ...estimateColumns(a.hitRate), ...estimateColumns(a.toolCalls), a.compoundRate, a.zeroCallSamples, JSON.stringify(a.statusCounts), null,
    );
  }
}
