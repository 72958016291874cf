/**
 * The large bench database: N submissions × T tasks, generated bundle by bundle into a
 * temporary directory, each ingested with `ingestBundleDir` and deleted before the next,
 * so the disk never holds more than one bundle. `--db FILE` (or a PostgreSQL database)
 * keeps it for later runs; what it holds is recorded beside it: in `FILE.bench.json` on
 * SQLite, in the database's comment (`COMMENT ON DATABASE`) on PostgreSQL.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { count, sql } from "drizzle-orm";
import { z } from "zod";
import {
  closeDb,
  engineOf,
  isPostgresUrl,
  openDb,
  rawRows,
  rawRun,
  sqliteClientOf,
  type Db,
} from "../../db/client";
import { ingestBundleDir } from "../../db/ingest";
import {
  samples,
  steps,
  hitLogs,
  submissions,
  tasks as tasksTable,
  uploadTokens,
} from "../../db/schema";
import type { DemoTaskInput } from "../../lib/benchmarks/mpw/demo-records";
import {
  benchSubmissions,
  benchTasks,
  LONG_TRAJECTORY,
  longTrajectoryRecord,
  MEAN_CALLS_TARGET,
  VERY_LONG_TRAJECTORY,
  writeBenchBundle,
} from "./generate";

// 3: one run in a hundred carries the search probes' terms (generate.ts, SEARCH_TERMS).
const LAYOUT_VERSION = 3;

export interface Dataset {
  submissionIds: number[];
  /** The submission holding the long trajectories (the first in setting C): its pages are the ones timed. */
  pageSubmissionId: number;
  /** The task of its LONG_TRAJECTORY sample (the last task). */
  longTaskKey: string;
  /** The task of its VERY_LONG_TRAJECTORY sample (the one before). */
  veryLongTaskKey: string;
  stats: { samples: number; steps: number; hitLogs: number; toolCalls: number; dbMiB: number };
  build: {
    buildSeconds: number;
    generateSeconds: number;
    ingestSeconds: number;
    firstBundlesSeconds: number;
    lastBundlesSeconds: number;
  } | null;
  reused: boolean;
}

const longTrajectorySchema = z.object({
  calls: z.number(),
  large: z.object({ first: z.number(), every: z.number(), bytes: z.number() }).nullable(),
});

/** What `FILE.bench.json` says the kept database holds; a file of another layout fails to parse and the database is rebuilt. */
const metaSchema = z.object({
  version: z.number(),
  submissions: z.number(),
  tasks: z.number(),
  meanCallsTarget: z.number(),
  long: longTrajectorySchema,
  veryLong: longTrajectorySchema,
  submissionIds: z.array(z.number()),
  pageSubmissionId: z.number(),
  longTaskKey: z.string(),
  veryLongTaskKey: z.string(),
});

type Meta = z.infer<typeof metaSchema>;

const countOf = async (query: PromiseLike<{ n: number }[]>) => (await query)[0]?.n ?? 0;
const oneNumber = z.array(z.object({ n: z.coerce.number() })).length(1);

async function statsOf(db: Db): Promise<Dataset["stats"]> {
  let dbMiB: number;
  const sqlite = sqliteClientOf(db);
  if (sqlite) {
    const pragma = (name: string) => Number(sqlite.pragma(name, { simple: true }));
    // Pages in use, not the file: the stall probe's deleted upload leaves free pages behind in a kept database.
    dbMiB = ((pragma("page_count") - pragma("freelist_count")) * pragma("page_size")) / 2 ** 20;
  } else {
    dbMiB =
      oneNumber.parse(await rawRows(db, sql`SELECT pg_database_size(current_database()) AS n`))[0]
        .n /
      2 ** 20;
  }
  return {
    samples: await countOf(db.select({ n: count() }).from(samples)),
    steps: await countOf(db.select({ n: count() }).from(steps)),
    hitLogs: await countOf(db.select({ n: count() }).from(hitLogs)),
    toolCalls: await countOf(
      db
        .select({ n: sql<number>`coalesce(sum(${samples.toolCalls}), 0)`.mapWith(Number) })
        .from(samples),
    ),
    dbMiB,
  };
}

export function removeDb(path: string): void {
  if (isPostgresUrl(path)) throw new Error("removeDb takes a SQLite file");
  for (const suffix of ["", "-wal", "-shm", "-journal"])
    rmSync(`${path}${suffix}`, { force: true });
}

/** What a kept database says it holds: `FILE.bench.json` beside a SQLite file, the comment of a PostgreSQL database; null when none. */
async function readMeta(db: Db, target: string): Promise<unknown> {
  if (engineOf(db) === "sqlite") {
    const path = `${target}.bench.json`;
    return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as unknown) : null;
  }
  const [row] = z
    .array(z.object({ comment: z.string().nullable() }))
    .parse(
      await rawRows(
        db,
        sql`SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = current_database()`,
      ),
    );
  try {
    return row?.comment ? (JSON.parse(row.comment) as unknown) : null;
  } catch {
    return null;
  }
}

async function writeMeta(db: Db, target: string, meta: Meta | null): Promise<void> {
  if (engineOf(db) === "sqlite") {
    if (meta) writeFileSync(`${target}.bench.json`, `${JSON.stringify(meta, null, 2)}\n`);
    else rmSync(`${target}.bench.json`, { force: true });
    return;
  }
  const [{ name }] = z
    .array(z.object({ name: z.string() }))
    .length(1)
    .parse(await rawRows(db, sql`SELECT current_database() AS name`));
  // A utility statement takes no bound parameters: the comment is a quoted literal.
  const literal = meta ? `'${JSON.stringify(meta).replaceAll("'", "''")}'` : "NULL";
  await rawRun(db, sql`COMMENT ON DATABASE ${sql.identifier(name)} IS ${sql.raw(literal)}`);
}

const NOT_THE_BENCHS =
  "the PostgreSQL database named for the bench holds data the bench did not write; name an empty database (the bench fills it and keeps it for the next run), or leave out --db and SEEKBOARD_DATABASE_URL for a throwaway cluster";

/** Whether a kept database's record is the bench's (of any layout). */
function isBenchMeta(stored: unknown): boolean {
  return typeof stored === "object" && stored !== null && "submissionIds" in stored;
}

/**
 * Empties a kept PostgreSQL database for a rebuild: every table of the schema, identities
 * restarted. Refused when the database holds data and no bench record, so that a URL
 * naming the app's own database (SEEKBOARD_DATABASE_URL) is never wiped.
 */
async function emptyPostgres(db: Db, hadMeta: boolean): Promise<void> {
  const rows =
    (await countOf(db.select({ n: count() }).from(submissions))) +
    (await countOf(db.select({ n: count() }).from(tasksTable))) +
    (await countOf(db.select({ n: count() }).from(uploadTokens)));
  if (rows > 0 && !hadMeta) throw new Error(NOT_THE_BENCHS);
  const tables = z
    .array(z.object({ name: z.string() }))
    .parse(
      await rawRows(
        db,
        sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      ),
    )
    .map((t) => t.name);
  if (tables.length)
    await rawRun(
      db,
      sql`TRUNCATE TABLE ${sql.join(
        tables.map((t) => sql.identifier(t)),
        sql`, `,
      )} RESTART IDENTITY CASCADE`,
    );
}

/** Fails at once, before any measurement, when `target` is a PostgreSQL database the bench would refuse to empty (see emptyPostgres). */
export async function checkDatasetTarget(target: string): Promise<void> {
  if (!isPostgresUrl(target)) return;
  const db = await openDb(target);
  try {
    const stored = await readMeta(db, target);
    const rows =
      (await countOf(db.select({ n: count() }).from(submissions))) +
      (await countOf(db.select({ n: count() }).from(tasksTable))) +
      (await countOf(db.select({ n: count() }).from(uploadTokens)));
    if (rows > 0 && !isBenchMeta(stored)) throw new Error(NOT_THE_BENCHS);
  } finally {
    await closeDb(db);
  }
}

/** The large database at `target` (a SQLite path or a PostgreSQL URL): reused when its record says it holds this layout, else (re)built. */
export async function buildDataset(options: {
  target: string;
  workDir: string;
  submissions: number;
  tasks: number;
  log: (line: string) => void;
}): Promise<Dataset> {
  const { target, workDir, log } = options;
  const postgres = isPostgresUrl(target);
  const wanted = {
    version: LAYOUT_VERSION,
    submissions: options.submissions,
    tasks: options.tasks,
    meanCallsTarget: MEAN_CALLS_TARGET,
    long: LONG_TRAJECTORY,
    veryLong: VERY_LONG_TRAJECTORY,
  };
  if (!postgres && !existsSync(target)) rmSync(`${target}.bench.json`, { force: true });
  let db = await openDb(target);
  let closed = false;
  try {
    const stored = await readMeta(db, target);
    const parsed = metaSchema.safeParse(stored);
    const kept = parsed.success ? parsed.data : null;
    if (
      kept &&
      Object.entries(wanted).every(
        ([k, v]) => JSON.stringify(kept[k as keyof Meta]) === JSON.stringify(v),
      )
    ) {
      log(
        `reusing ${postgres ? "the PostgreSQL database" : target} (${kept.submissions} submissions × ${kept.tasks} tasks)`,
      );
      const { submissionIds, pageSubmissionId, longTaskKey, veryLongTaskKey } = kept;
      return {
        submissionIds,
        pageSubmissionId,
        longTaskKey,
        veryLongTaskKey,
        stats: await statsOf(db),
        build: null,
        reused: true,
      };
    }
    if (stored !== null)
      log(`${postgres ? "the PostgreSQL database" : target} holds another layout: rebuilding it`);
    if (postgres) {
      await emptyPostgres(db, isBenchMeta(stored));
      await writeMeta(db, target, null);
    } else {
      await closeDb(db);
      closed = true;
      removeDb(target);
      rmSync(`${target}.bench.json`, { force: true });
      db = await openDb(target);
      closed = false;
    }

    const started = performance.now();
    const tasks = benchTasks(options.tasks);
    const submissions = benchSubmissions(options.submissions);
    const longIndex = tasks.inputs.at(-1)!.index;
    const veryLongIndex = tasks.inputs.at(-2)!.index;
    const overrides = new Map([
      [longIndex, (task: DemoTaskInput) => longTrajectoryRecord(task, LONG_TRAJECTORY)],
      [veryLongIndex, (task: DemoTaskInput) => longTrajectoryRecord(task, VERY_LONG_TRAJECTORY)],
    ]);
    const longAt = submissions.findIndex((s) => s.setting === "C");
    const ids: number[] = [];
    const perBundle: number[] = [];
    let generateSeconds = 0;
    let ingestSeconds = 0;
    for (const [i, submission] of submissions.entries()) {
      const dir = join(workDir, `bundle-${i}`);
      let t = performance.now();
      writeBenchBundle(dir, tasks, submission, i === longAt ? overrides : undefined);
      generateSeconds += (performance.now() - t) / 1000;
      t = performance.now();
      const result = await ingestBundleDir(db, dir, {
        source: "bench",
        status: "approved",
        uploadedAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
      });
      const seconds = (performance.now() - t) / 1000;
      ingestSeconds += seconds;
      perBundle.push(seconds);
      ids.push(result.submissionId);
      rmSync(dir, { recursive: true, force: true });
      if ((i + 1) % 10 === 0 || i + 1 === submissions.length)
        log(
          `  ${i + 1}/${submissions.length} submissions ingested (${ingestSeconds.toFixed(0)} s ingest, ${generateSeconds.toFixed(0)} s generation)`,
        );
    }
    // Settled before the timings: SQLite's WAL folded into the file; PostgreSQL's planner statistics and visibility map brought up to date, as autovacuum would in time.
    const sqlite = sqliteClientOf(db);
    if (sqlite) sqlite.pragma("wal_checkpoint(TRUNCATE)");
    else await rawRun(db, sql`VACUUM ANALYZE`);
    const meta: Meta = {
      ...wanted,
      submissionIds: ids,
      pageSubmissionId: ids[longAt],
      longTaskKey: String(longIndex),
      veryLongTaskKey: String(veryLongIndex),
    };
    await writeMeta(db, target, meta);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    return {
      submissionIds: ids,
      pageSubmissionId: meta.pageSubmissionId,
      longTaskKey: meta.longTaskKey,
      veryLongTaskKey: meta.veryLongTaskKey,
      stats: await statsOf(db),
      build: {
        buildSeconds: (performance.now() - started) / 1000,
        generateSeconds,
        ingestSeconds,
        firstBundlesSeconds: avg(perBundle.slice(0, 5)),
        lastBundlesSeconds: avg(perBundle.slice(-5)),
      },
      reused: false,
    };
  } finally {
    if (!closed) await closeDb(db);
  }
}
