import { aggregateMpw, type Estimate, type MpwSampleRow } from "../lib/metrics/mpw-aggregate";
import type { Tier } from "../lib/metrics/mpw";
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
  const sqlite = db.$client;
  const rows = sqlite
    .prepare("SELECT correct, fcr, hit_rate, tool_calls, hit_log_calls, compound_rate, tier, category, status FROM samples WHERE submission_id = ?")
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
  const insert = sqlite.prepare(
    `INSERT INTO aggregates (submission_id, split, n, pass1, pass1_lo, pass1_hi, fcr, fcr_lo, fcr_hi, fcr_n,
       hit_rate, hit_rate_lo, hit_rate_hi, tool_calls, tool_calls_lo, tool_calls_hi, compound_rate, zero_call_samples, status_counts)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const a of aggregateMpw(sampleRows)) {
    insert.run(
      submissionId, a.split, a.n, ...estimateColumns(a.pass1), ...estimateColumns(a.fcr), a.fcr.n,
      ...estimateColumns(a.hitRate), ...estimateColumns(a.toolCalls), a.compoundRate, a.zeroCallSamples, JSON.stringify(a.statusCounts),
    );
  }
}
