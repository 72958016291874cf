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
import { first, postgresPoolOf, type Db } from "./client";
import { ingestBundleDir } from "./ingest";
import { submissions } from "./schema";

export const DEFAULT_DEMO_TASKS = 240;

/** The modules in the demo's seeding order. */
function demoModules() {
  return BENCHMARK_IDS.map((id) => BENCHMARKS[id]).sort(
    (a, b) => a.demo.seedOrder - b.demo.seedOrder,
  );
}

/** Writes the demo bundles built in memory under `root` (by default every such benchmark's, in seeding order). */
export function writeDemoFiles(
  root: string,
  bundles: readonly DemoFiles[] = demoModules().flatMap((m) => m.demo.files?.() ?? []),
): DemoBundle[] {
  return writeDemoFileBundles(root, bundles);
}

export async function seedDemo(db: Db, taskCount = DEFAULT_DEMO_TASKS) {
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), "seekboard-demo-"));
  try {
    const bundles = demoModules().flatMap((m) =>
      m.demo.write(join(root, m.id), { tasks: taskCount }),
    );
    let samples = 0;
    const ids: number[] = [];
    for (const [i, bundle] of bundles.entries()) {
      const result = await ingestBundleDir(db, bundle.dir, {
        source: "demo",
        status: "approved",
        uploadedAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
      });
      samples += result.samples;
      ids.push(result.submissionId);
    }
    return {
      submissions: ids.length,
      submissionIds: ids,
      samples,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Any key: instances starting at once on one PostgreSQL database seed the demo one at a time (so once). */
const SEED_LOCK = 7_319_004_212;

/** First start: load the demo into an empty database unless SEEKBOARD_NO_DEMO=1. */
export async function seedDemoIfEmpty(db: Db): Promise<void> {
  if (process.env.SEEKBOARD_NO_DEMO === "1") return;
  const pool = postgresPoolOf(db);
  if (!pool) return seedIfEmpty(db);
  // A session lock, held on one connection of its own while the seeding runs on others.
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [SEED_LOCK]);
    try {
      await seedIfEmpty(db);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [SEED_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function seedIfEmpty(db: Db): Promise<void> {
  if ((await first(db.select({ n: count() }).from(submissions).limit(1)))!.n > 0) return;
  const result = await seedDemo(db);
  console.log(
    `seekboard: loaded demo data (${result.submissions} submissions, ${result.samples} samples) in ${result.seconds.toFixed(1)} s`,
  );
}
