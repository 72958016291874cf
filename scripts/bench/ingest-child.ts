/**
 * One ingest, alone in a fresh process, as `cli ingest <bundle> --db <file>` does it:
 *   node --conditions=react-server --import tsx scripts/bench/ingest-child.ts <bundle> <db> [--inspect <benchmark>]
 * <db> is a SQLite file or a postgres:// URL (an empty database either way).
 * With --inspect, <bundle> is a lone Inspect log imported as that benchmark's submission,
 * as `cli ingest run.eval --benchmark <benchmark>` does it.
 * Prints one JSON line: the importer's result, seconds inside ingestBundle, the rows it
 * wrote, and the process's RSS before the ingest and at its peak (maxRSS covers the
 * whole process life, so it includes Node, tsx and the open database).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { count, sql } from "drizzle-orm";
import { closeDb, isPostgresUrl, openDb } from "../../db/client";
import { ingestBundle, ingestInspectLog } from "../../db/ingest";
import { hitLogs, samples, steps } from "../../db/schema";

async function main() {
  const { values, positionals } = parseArgs({
    options: { inspect: { type: "string" } },
    allowPositionals: true,
  });
  const [bundle, dbPath] = positionals;
  if (!bundle || !dbPath)
    throw new Error("usage: ingest-child <bundle> <db> [--inspect <benchmark>]");
  const db = await openDb(isPostgresUrl(dbPath) ? dbPath : resolve(dbPath));
  const rssBeforeMiB = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  const options = { source: "cli", status: "approved" } as const;
  const result = values.inspect
    ? await ingestInspectLog(db, resolve(bundle), { benchmark: values.inspect }, options)
    : await ingestBundle(db, resolve(bundle), options);
  const seconds = (performance.now() - started) / 1000;
  const one = async (query: PromiseLike<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const rows = {
    samples: await one(db.select({ n: count() }).from(samples)),
    steps: await one(db.select({ n: count() }).from(steps)),
    hitLogs: await one(db.select({ n: count() }).from(hitLogs)),
    toolCalls: await one(
      db
        .select({ n: sql<number>`coalesce(sum(${samples.toolCalls}), 0)`.mapWith(Number) })
        .from(samples),
    ),
  };
  await closeDb(db);
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ result, seconds, rows, rssBeforeMiB, peakRssMiB })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
