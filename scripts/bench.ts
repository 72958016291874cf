/**
 * Measures, on this machine: ingest of demo-sized and large MPW bundles (time, rows/s,
 * peak RSS), each analysis plot's data over the whole database, and — when --url is
 * given — server time of the leaderboard and of the longest trajectory page.
 *
 *   npm run bench -- [--tasks 3000] [--db FILE] [--url http://127.0.0.1:3000] [--requests 50]
 *
 * With --url, the server must serve the same database (SEEKBOARD_DB=FILE).
 * Figures are printed as JSON; nothing is asserted (machines are noisy).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { openDb } from "../db/client";
import { ingestBundleDir } from "../db/ingest";
import { analysisData } from "../db/queries/analysis";
import { writeDemoBundles } from "../db/seed-demo";

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function timings(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: +percentile(sorted, 0.5).toFixed(2), p95: +percentile(sorted, 0.95).toFixed(2), n: values.length };
}

async function time(url: string, requests: number): Promise<ReturnType<typeof timings>> {
  const ms: number[] = [];
  await fetch(url).then((r) => r.text());
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    const response = await fetch(url);
    await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    ms.push(performance.now() - start);
  }
  return timings(ms);
}

async function main() {
  const { values } = parseArgs({
    options: {
      tasks: { type: "string", default: "3000" },
      db: { type: "string" },
      url: { type: "string" },
      requests: { type: "string", default: "50" },
    },
  });
  const tasks = Number(values.tasks);
  const work = mkdtempSync(join(tmpdir(), "seekboard-bench-"));
  const dbPath = values.db ? resolve(values.db) : join(work, "bench.db");
  const report: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, tasksPerBundle: tasks, db: dbPath };
  try {
    const db = openDb(dbPath);
    const empty = (db.$client.prepare("SELECT count(*) AS n FROM submissions").get() as { n: number }).n === 0;
    if (empty) {
      const bundles = writeDemoBundles(join(work, "bundles"), tasks);
      const perBundle: number[] = [];
      let samples = 0;
      let steps = 0;
      const started = performance.now();
      for (const bundle of bundles) {
        const t = performance.now();
        const result = ingestBundleDir(db, bundle.dir, { source: "bench", status: "approved" });
        perBundle.push((performance.now() - t) / 1000);
        samples += result.samples;
      }
      const seconds = (performance.now() - started) / 1000;
      steps = (db.$client.prepare("SELECT count(*) AS n FROM steps").get() as { n: number }).n;
      report.ingest = {
        bundles: bundles.length,
        samples,
        steps,
        seconds: +seconds.toFixed(2),
        samplesPerSecond: Math.round(samples / seconds),
        stepsPerSecond: Math.round(steps / seconds),
        slowestBundleSeconds: +Math.max(...perBundle).toFixed(2),
        peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      };
    }
    const ids = (db.$client.prepare("SELECT id FROM submissions WHERE benchmark_id = 'mpw' AND setting <> 'A'").all() as { id: number }[]).map((r) => r.id);
    const pooledSamples = (db.$client.prepare(`SELECT count(*) AS n FROM samples WHERE submission_id IN (${ids.join(",")})`).get() as { n: number }).n;
    const options = { bins: 15, kCohort: 8, nThreshold: 50, kTrunc: 8 };
    const analysis: Record<string, unknown> = { pooledSubmissions: ids.length, pooledSamples };
    for (const kind of ["fcr-pass1", "delta-facts", "truncated"] as const) {
      const ms: number[] = [];
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        analysisData(db, kind, ids, options);
        ms.push(performance.now() - start);
      }
      analysis[kind] = timings(ms);
    }
    report.analysisMs = analysis;

    if (values.url) {
      const requests = Number(values.requests);
      const longest = db.$client
        .prepare("SELECT submission_id AS id, task_key AS task, run, step_count AS steps, tool_calls AS calls FROM samples ORDER BY step_count DESC LIMIT 1")
        .get() as { id: number; task: string; run: number; steps: number; calls: number };
      const firstSubmission = ids[0];
      report.serverMs = {
        leaderboard: await time(`${values.url}/b/mpw`, requests),
        submission: await time(`${values.url}/s/${firstSubmission}`, requests),
        longestTrajectory: { ...longest, ...(await time(`${values.url}/s/${longest.id}/t/${encodeURIComponent(longest.task)}${longest.run ? `?run=${longest.run}` : ""}`, requests)) },
        analysisApi: await time(`${values.url}/api/analysis/fcr-pass1?submissions=${ids.join(",")}`, Math.min(requests, 20)),
      };
    }
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    if (!values.db) rmSync(work, { recursive: true, force: true });
    else rmSync(join(work, "bundles"), { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
