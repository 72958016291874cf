/**
 * Shared set-up for the API tests: a temporary database (through SEEKBOARD_DB, as the
 * server reads it), MPW bundles built on disk, archives made with python3's zipfile
 * and the `tar` package, multipart requests and a full dump of the database.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { z } from "zod";
import { expect } from "vitest";
import { MPW_DEMO_MODELS } from "../../lib/benchmarks/mpw/demo-models";
import { generateMpwRecord, type DemoTaskInput } from "../../lib/benchmarks/mpw/demo-records";
import { parseMpwTaskRecord } from "../../lib/benchmarks/mpw/import";
import { rawRows, engineOf, type Db } from "../../db/client";
import { testDatabaseTarget } from "../db";
import { runWorker, spoolRoot } from "../../db/jobs/worker";

export const ROOT = join(__dirname, "..", "..");
export const ADMIN_TOKEN = "test-admin-token-with-enough-entropy";
export const TASK_TEXT = readFileSync(join(ROOT, "demo", "mpw", "mpw_bench.jsonl"), "utf8");

/**
 * Points the app at a fresh database (a file, or with SEEKBOARD_TEST_ENGINE=postgres a new
 * PostgreSQL database, test/db.ts); call before the first request. Returns a folder for
 * the test's files, which also holds the upload spool.
 */
export function temporaryDatabase(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `seekboard-${name}-`));
  process.env.SEEKBOARD_DB = join(dir, "test.db");
  const target = testDatabaseTarget(process.env.SEEKBOARD_DB);
  if (target === process.env.SEEKBOARD_DB) delete process.env.SEEKBOARD_DATABASE_URL;
  else process.env.SEEKBOARD_DATABASE_URL = target;
  process.env.SEEKBOARD_SPOOL_DIR = join(dir, "uploads");
  process.env.SEEKBOARD_NO_DEMO = "1";
  process.env.SEEKBOARD_ADMIN_TOKEN = ADMIN_TOKEN;
  return dir;
}

const TASKS: DemoTaskInput[] = TASK_TEXT.split("\n")
  .filter((line) => line.trim() !== "")
  .map((line, i) => {
    const task = parseMpwTaskRecord(JSON.parse(line), "tasks.jsonl", i + 1);
    return {
      index: Number(task.taskKey),
      position: i,
      category: "Real sample",
      question: task.question ?? "",
      answer: task.goldAnswer ?? "",
      atomicFacts: task.atomicFacts,
    };
  });

/** The three real tasks' records for one demo model: different models give different bundles. */
export function mpwRecords(modelIndex: number): Record<string, unknown>[] {
  return TASKS.map((task) =>
    generateMpwRecord(task, {
      model: MPW_DEMO_MODELS[modelIndex % MPW_DEMO_MODELS.length],
      setting: "C",
      judgeVariant: "answer",
    }),
  );
}

export const jsonl = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join("\n") + "\n";

let counter = 0;

/** A bundle directory: `files` maps names to contents; the manifest is written unless null. */
export function bundleDir(
  root: string,
  files: Record<string, string | Buffer>,
  manifest: unknown,
): string {
  const dir = join(root, `bundle-${counter++}`);
  mkdirSync(dir, { recursive: true });
  if (manifest !== null)
    writeFileSync(
      join(dir, "manifest.json"),
      typeof manifest === "string" ? manifest : JSON.stringify(manifest),
    );
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

export function mpwManifest(model: string, extra: Record<string, unknown> = {}) {
  return {
    benchmark: "mpw",
    model,
    setting: "C",
    agent: "ReAct",
    results: ["results.jsonl"],
    ...extra,
  };
}

/**
 * A zip written by python3's zipfile. `entries` are [name in the archive, content],
 * names kept exactly as given (ZipInfo, so even "/abs" and "../x" survive); a null
 * content writes a folder entry.
 */
export function zipOf(root: string, entries: [string, string | Buffer | null][]): string {
  const dir = join(root, `zip-${counter++}`);
  mkdirSync(dir);
  const list: [string, string | null][] = entries.map(([name, content], i) => {
    if (content === null) return [name, null];
    const source = join(dir, `entry-${i}`);
    writeFileSync(source, content);
    return [name, source];
  });
  writeFileSync(join(dir, "entries.json"), JSON.stringify(list));
  const out = join(dir, "bundle.zip");
  const script = [
    "import json, sys, zipfile",
    "entries = json.load(open(sys.argv[1]))",
    "with zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as z:",
    "    for name, source in entries:",
    "        if source is None: z.writestr(zipfile.ZipInfo(name), b'')",
    "        else: z.writestr(zipfile.ZipInfo(name), open(source, 'rb').read(), zipfile.ZIP_DEFLATED)",
  ].join("\n");
  execFileSync("python3", ["-c", script, join(dir, "entries.json"), out]);
  return out;
}

/** A zip of a bundle directory's files at the top level. */
export function zipDir(root: string, dir: string, names: string[]): string {
  return zipOf(
    root,
    names.map((name) => [name, readFileSync(join(dir, name))]),
  );
}

export async function tgzOf(root: string, dir: string, names: string[]): Promise<string> {
  const out = join(root, `bundle-${counter++}.tar.gz`);
  await tar.c({ gzip: true, file: out, cwd: dir, portable: true }, names);
  return out;
}

export const BASE = "http://seekboard.test";

/** A multipart upload as a browser or the CLI sends it: the file in `bundle`, then any form fields. */
export function uploadRequest(
  file: { name: string; bytes: Buffer | string } | null,
  token: string | null,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Request {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file)
    body.append(
      "bundle",
      new Blob([typeof file.bytes === "string" ? file.bytes : new Uint8Array(file.bytes)]),
      file.name,
    );
  return new Request(`${BASE}/api/submissions`, {
    method: "POST",
    body,
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
  });
}

export function fileAt(
  path: string,
  name = path.split("/").pop()!,
): { name: string; bytes: Buffer } {
  return { name, bytes: readFileSync(path) };
}

/**
 * Every row of every table, in insertion order (rowid on SQLite; the physical order of a
 * table with no updates on PostgreSQL is not that, so by its first column, the key): "nothing
 * changed" means this is equal before and after. The upload jobs are left out (a refused
 * upload's job records why it was refused), and so are the limits' counts (a refused upload
 * still counts against its token's limit).
 */
export async function dumpDatabase(db: Db): Promise<Record<string, Record<string, unknown>[]>> {
  const postgres = engineOf(db) === "postgres";
  const listing = postgres
    ? sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`
    : // Ordinary tables only: the step-search index (an FTS5 table and its shadow tables, some without a rowid) is derived from the steps.
      sql`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`;
  const tables = z
    .array(z.object({ name: z.string() }))
    .parse(await rawRows(db, listing))
    .map((row) => row.name)
    .filter(
      (name) => !name.startsWith("__drizzle") && name !== "upload_jobs" && name !== "limit_events",
    );
  expect(tables).toEqual(
    expect.arrayContaining([
      "submissions",
      "samples",
      "steps",
      "hit_logs",
      "aggregates",
      "tasks",
      "benchmarks",
      "upload_tokens",
    ]),
  );
  const dump: Record<string, Record<string, unknown>[]> = Object.create(null);
  for (const table of tables) {
    const order = postgres ? sql.raw("1") : sql.raw("rowid");
    dump[table] = z
      .array(z.record(z.string(), z.unknown()))
      .parse(await rawRows(db, sql`SELECT * FROM ${sql.identifier(table)} ORDER BY ${order}`));
  }
  return dump;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read the answer's fields freely
export async function json(response: Response): Promise<any> {
  return JSON.parse(await response.text());
}

/**
 * The job worker, run in the test's own process: the upload route queues each upload and
 * waits for it, and this loop imports it in between the route's polls. Stop it in afterAll.
 */
export function startWorker(db: Db): { stop: () => Promise<void> } {
  const stop = new AbortController();
  const running = runWorker({
    db,
    spoolRoot: spoolRoot(),
    llm: { config: null, why: "no LLM judge in the API tests" },
    signal: stop.signal,
    idleMs: 10,
    log: () => {},
  });
  return {
    stop: async () => {
      stop.abort();
      await running;
    },
  };
}
