/**
 * One ingest, alone in a fresh process, as `cli ingest <bundle> --db <file>` does it:
 *   node --conditions=react-server --import tsx scripts/bench/ingest-child.ts <bundle> <db>
 * Prints one JSON line: the importer's result, seconds inside ingestBundle, the rows it
 * wrote, and the process's RSS before the ingest and at its peak (maxRSS covers the
 * whole process life, so it includes Node, tsx and the open database).
 */
import { resolve } from "node:path";
import { openDb } from "../../db/client";
import { ingestBundle } from "../../db/ingest";

async function main() {
  const [bundle, dbPath] = process.argv.slice(2);
  if (!bundle || !dbPath) throw new Error("usage: ingest-child <bundle> <db>");
  const db = openDb(resolve(dbPath));
  const rssBeforeMiB = process.memoryUsage().rss / 2 ** 20;
  const started = performance.now();
  const result = await ingestBundle(db, resolve(bundle), { source: "cli", status: "approved" });
  const seconds = (performance.now() - started) / 1000;
  const count = (table: string) => (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const toolCalls = (db.$client.prepare("SELECT coalesce(sum(tool_calls), 0) AS n FROM samples").get() as { n: number }).n;
  const rows = { samples: count("samples"), steps: count("steps"), hitLogs: count("hit_logs"), toolCalls };
  db.$client.close();
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ result, seconds, rows, rssBeforeMiB, peakRssMiB })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
