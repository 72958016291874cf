/**
 * Demo data: each benchmark's deterministic demo bundles (its module's `demo`), written
 * as real files and loaded through the normal importer, in the demo's seeding order.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BENCHMARK_IDS, BENCHMARKS } from "../lib/benchmarks/registry";
import { writeDemoFileBundles, type DemoBundle, type DemoFiles } from "../lib/demo/files";
import { count } from "drizzle-orm";
import type { Db } from "./client";
import { ingestBundleDir } from "./ingest";
import { submissions } from "./schema";

export const DEFAULT_DEMO_TASKS = 240;

/** The modules in the demo's seeding order. */
function demoModules() {
  return BENCHMARK_IDS.map((id) => BENCHMARKS[id]).sort((a, b) => a.demo.seedOrder - b.demo.seedOrder);
}

/** Writes the demo bundles built in memory under `root` (by default every such benchmark's, in seeding order). */
export function writeDemoFiles(root: string, bundles: readonly DemoFiles[] = demoModules().flatMap((m) => m.demo.files?.() ?? [])): DemoBundle[] {
  return writeDemoFileBundles(root, bundles);
}

export function seedDemo(db: Db, taskCount = DEFAULT_DEMO_TASKS) {
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), "seekboard-demo-"));
  try {
    const bundles = demoModules().flatMap((m) => m.demo.write(join(root, m.id), { tasks: taskCount }));
    let samples = 0;
    const ids: number[] = [];
    bundles.forEach((bundle, i) => {
      const result = ingestBundleDir(db, bundle.dir, {
        source: "demo",
        status: "approved",
        uploadedAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
      });
      samples += result.samples;
      ids.push(result.submissionId);
    });
    return { submissions: ids.length, submissionIds: ids, samples, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** First start: load the demo into an empty database unless SEEKBOARD_NO_DEMO=1. */
export function seedDemoIfEmpty(db: Db): void {
  if (process.env.SEEKBOARD_NO_DEMO === "1") return;
  if (db.select({ n: count() }).from(submissions).get()!.n > 0) return;
  const result = seedDemo(db);
  console.log(`seekboard: loaded demo data (${result.submissions} submissions, ${result.samples} samples) in ${result.seconds.toFixed(1)} s`);
}
