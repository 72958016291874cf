import { aggregateMpw, type Estimate, type MpwSampleRow } from "../lib/metrics/mpw-aggregate";
import type { Tier } from "../lib/metrics/mpw";
import { wideSearchSplits, type WideSearchStoredSample } from "../lib/widesearch/splits";
import { wideSearchSampleMetricsSchema } from "../lib/widesearch/stored";
import type { BenchmarkId } from "./benchmarks";
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
