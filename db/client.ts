/**
 * The database connection, on either engine: SQLite in one file (the embedded default,
 * `SEEKBOARD_DB`) or PostgreSQL (`SEEKBOARD_DATABASE_URL=postgres://…`).
 *
 * How queries are written: with drizzle's query builder, awaited (`await db.select()…`),
 * which runs the same on both engines. Never `.all()`, `.get()` or `.run()` (SQLite's
 * synchronous calls; the linter refuses them) and never `db.transaction` (on
 * better-sqlite3 an async callback runs outside the transaction): writes that belong
 * together go through `withTx`. Raw SQL only on a measured hot path, through `rawRows` /
 * `rawRun` with one version per dialect (`engineOf`), and its rows parsed, not cast.
 *
 * `Db` is typed as SQLite's drizzle database for both engines, and the queries use
 * SQLite's table objects (db/schema.ts) on both: the builders drizzle gives the two engines
 * take the same calls, and the columns' value mappers (JSON text, booleans as 1/0) are
 * values PostgreSQL's columns accept. PostgreSQL's own tables (db/schema-pg.ts) give its
 * migrations.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import Database from "better-sqlite3";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { z } from "zod";
import * as schema from "./schema";
import * as pgSchema from "./schema-pg";

export type Db = Omit<BetterSQLite3Database<typeof schema>, "$client" | "transaction" | "batch">;

export type Engine = "sqlite" | "postgres";

type Handle =
  | {
      engine: "sqlite";
      client: Database.Database;
      target: string;
      lock: Mutex;
      inTransaction: AsyncLocalStorage<true>;
    }
  | { engine: "postgres"; pool: pg.Pool; target: string; inTransaction: boolean };

// Every Db (and every transaction's) handle, for the engine-specific paths: kept on the
// object under a global symbol, because Next may load this module more than once in one
// process (server components, route handlers, instrumentation) while they share the Db.
const HANDLE = Symbol.for("seekboard.db.handle");

function setHandle(db: object, handle: Handle): void {
  Object.defineProperty(db, HANDLE, { value: handle, enumerable: false });
}

function handleOf(db: Db): Handle {
  const handle = (db as { [HANDLE]?: Handle })[HANDLE];
  if (!handle) throw new Error("not a database opened by db/client.ts");
  return handle;
}

export function engineOf(db: Db): Engine {
  return handleOf(db).engine;
}

/** The better-sqlite3 connection under a SQLite database (backups, the bench's baseline), or null on PostgreSQL. */
export function sqliteClientOf(db: Db): Database.Database | null {
  const handle = handleOf(db);
  return handle.engine === "sqlite" ? handle.client : null;
}

/** The pool under a PostgreSQL database (LISTEN, tests), or null on SQLite. */
export function postgresPoolOf(db: Db): pg.Pool | null {
  const handle = handleOf(db);
  return handle.engine === "postgres" ? handle.pool : null;
}

export const DEFAULT_DB_PATH = "data/seekboard.db";

export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/** Where the app's database is: SEEKBOARD_DATABASE_URL (PostgreSQL) if set, else the SQLite file SEEKBOARD_DB. */
export function dbTargetFromEnv(): string {
  const url = process.env.SEEKBOARD_DATABASE_URL?.trim();
  if (url) return url;
  return resolve(/*turbopackIgnore: true*/ process.env.SEEKBOARD_DB || DEFAULT_DB_PATH);
}

/** The target for logs and errors: a PostgreSQL URL without its password. */
export function describeTarget(target: string): string {
  if (!isPostgresUrl(target)) return `SQLite at ${target}`;
  try {
    const url = new URL(target);
    if (url.password) url.password = "****";
    return `PostgreSQL at ${url.toString()}`;
  } catch {
    return "PostgreSQL (an unparsable URL)";
  }
}

const MIGRATIONS = join(process.cwd(), "db", "migrations");
const MIGRATIONS_PG = join(process.cwd(), "db", "migrations-pg");

/** Any key: instances migrating the same PostgreSQL database at once take turns on it. */
const MIGRATION_LOCK = 7_319_004_211;

/**
 * Who brings the schema up to date. `apply` (the default, and the demo's): whoever opens the
 * database applies the pending migrations. `external` (`SEEKBOARD_MIGRATIONS=external`, for a
 * deploy): `cli migrate` applies them as a release step, and a server, worker or command that
 * finds the schema behind waits for it as for an unreachable server (a server for ever, a
 * command up to its retry budget) instead of migrating a database other instances are serving.
 */
export type MigrationMode = "apply" | "external";

export function migrationModeFromEnv(
  setting: string | undefined = process.env.SEEKBOARD_MIGRATIONS,
): MigrationMode {
  const value = setting?.trim() ?? "";
  if (value === "") return "apply";
  if (value === "external") return "external";
  throw new Error(`SEEKBOARD_MIGRATIONS takes "external" or nothing, not "${value}"`);
}

/** The schema lacks migrations and this process may not apply them (SEEKBOARD_MIGRATIONS=external). */
export class SchemaBehind extends Error {
  constructor(
    readonly target: string,
    readonly pending: readonly string[],
  ) {
    super(
      `${describeTarget(target)} lacks ${pending.length} migration(s) (${pending.join(", ")}): run \`cli migrate\` (SEEKBOARD_MIGRATIONS=external)`,
    );
  }
}

const journalSchema = z.object({
  entries: z.array(z.object({ tag: z.string(), when: z.number() })),
});

/** The folder's migrations, oldest first: drizzle applies those created after the last one applied. */
function journal(migrationsFolder: string): { tag: string; when: number }[] {
  const text = readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8");
  return journalSchema.parse(JSON.parse(text)).entries.toSorted((a, b) => a.when - b.when);
}

const lastAppliedSchema = z.array(z.object({ created_at: z.coerce.number().nullable() }));

/** The tags not applied yet, as drizzle's migrator decides: created after the last applied one. */
function pendingOf(migrationsFolder: string, rows: unknown): string[] {
  const last = lastAppliedSchema.parse(rows)[0]?.created_at ?? null;
  return journal(migrationsFolder)
    .filter((m) => last === null || m.when > last)
    .map((m) => m.tag);
}

function pendingSqlite(client: Database.Database, migrationsFolder: string): string[] {
  // No columns: no table, so no migration applied yet (preparing a query on it would throw).
  const applied = (client.pragma("table_info(__drizzle_migrations)") as unknown[]).length > 0;
  const last = "SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1";
  // eslint-disable-next-line no-restricted-syntax -- better-sqlite3 itself, before drizzle wraps the connection
  const rows = applied ? client.prepare(last).all() : [];
  return pendingOf(migrationsFolder, rows);
}

async function pendingPostgres(client: pg.Client, migrationsFolder: string): Promise<string[]> {
  const exists = await client.query<{ t: string | null }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t",
  );
  const rows = exists.rows[0]?.t
    ? (
        await client.query(
          "SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1",
        )
      ).rows
    : [];
  return pendingOf(migrationsFolder, rows);
}

/** A FIFO lock: SQLite transactions on one connection must not interleave across awaits. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * How long a statement outside `withTx` waits, synchronously, for another process's write
 * lock (better-sqlite3 can only busy-wait). Writes belong in `withTx`, which waits without
 * blocking the event loop; this covers migrations and the rare lone statement.
 */
const STATEMENT_BUSY_MS = 5000;
/**
 * How long `withTx` keeps asking for the write lock another process holds (an import holds it
 * for one batch at a time), between asks letting the event loop serve other requests.
 */
const WRITE_LOCK_WAIT_MS = 30_000;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || (typeof code === "string" && code.startsWith("SQLITE_BUSY_"));
}

/**
 * The longest pause between two asks for the write lock. An ask costs microseconds; a long
 * pause could fall wholly inside an import's next batch and miss the gap between two.
 */
const WRITE_LOCK_ASK_MS = 4;
/**
 * SQLite has no queue for its write lock: a request that asks for it while an import holds it
 * must ask again, and its asks are late whenever the server's event loop is busy rendering, so
 * they could miss the short gaps between an import's batches for seconds. So a process that
 * waits says so in a file beside the database (its mtime refreshed at every ask), and a job
 * writing in batches does not start its next batch while a fresh one is there.
 */
const WRITE_WANTED_SUFFIX = "-write-wanted";
/**
 * An intent not refreshed for this long is its process's leftover (it died waiting). Long: a
 * waiting server busy rendering refreshes it late, and a stale intent loses it its turn.
 */
const WRITE_WANTED_FRESH_MS = 2000;
/** The longest a batch job defers to waiting requests before its next batch. */
const BATCH_DEFER_MS = 2000;
/** How often a deferring batch job looks again. */
const BATCH_DEFER_POLL_MS = 2;

function writeWantedPath(target: string): string | null {
  // Resolved: the server and its worker may name the same file differently.
  return target === ":memory:" ? null : `${resolve(target)}${WRITE_WANTED_SUFFIX}`;
}

/**
 * BEGIN IMMEDIATE without busy-waiting: tried with no busy timeout, and while another process
 * holds the write lock, tried again after a timer (1 ms doubling to WRITE_LOCK_ASK_MS), so
 * every other request runs meanwhile; the wait is announced to batch jobs (WRITE_WANTED_SUFFIX).
 * Fails with SQLITE_BUSY after WRITE_LOCK_WAIT_MS.
 */
async function beginImmediate(client: Database.Database, target: string): Promise<void> {
  const started = Date.now();
  const wanted = writeWantedPath(target);
  let announced = false;
  try {
    for (let wait = 1; ; wait = Math.min(wait * 2, WRITE_LOCK_ASK_MS)) {
      client.pragma("busy_timeout = 0");
      try {
        client.exec("BEGIN IMMEDIATE");
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() - started >= WRITE_LOCK_WAIT_MS) throw error;
      } finally {
        client.pragma(`busy_timeout = ${STATEMENT_BUSY_MS}`);
      }
      if (wanted) {
        // Best effort: a database folder this process cannot write to only loses the priority.
        try {
          writeFileSync(wanted, "");
          announced = true;
        } catch {
          announced = false;
        }
      }
      await new Promise((done) => setTimeout(done, wait));
    }
  } finally {
    // Another waiting process's intent may go with it: that process writes it again at its next ask.
    if (announced && wanted)
      try {
        rmSync(wanted, { force: true });
      } catch {
        // A leftover goes stale by itself (WRITE_WANTED_FRESH_MS).
      }
  }
}

/** Opens the file and applies (or, `external`, requires) its migrations; returns the tags applied. */
function openSqlite(
  path: string,
  migrationsFolder: string,
  mode: MigrationMode,
): { db: Db; applied: string[] } {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const client = new Database(path);
  client.pragma("journal_mode = WAL");
  client.pragma("synchronous = NORMAL");
  client.pragma("foreign_keys = ON");
  client.pragma(`busy_timeout = ${STATEMENT_BUSY_MS}`);
  const db = drizzleSqlite(client, { schema });
  let applied: string[];
  try {
    applied = pendingSqlite(client, migrationsFolder);
    if (applied.length > 0 && mode === "external") throw new SchemaBehind(path, applied);
    // drizzle applies the pending migrations in one transaction here too.
    migrateSqlite(db, { migrationsFolder });
  } catch (error) {
    client.close();
    throw error;
  }
  setHandle(db, {
    engine: "sqlite",
    client,
    target: path,
    lock: new Mutex(),
    inTransaction: new AsyncLocalStorage(),
  });
  return { db, applied };
}

/** Errors that mean the server is not there (yet), as opposed to a refusal worth reporting at once. */
function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === "string" &&
    [
      "ECONNREFUSED",
      "ENOTFOUND",
      "EAI_AGAIN",
      "ETIMEDOUT",
      "ECONNRESET",
      "EHOSTUNREACH",
      "57P03" /* starting up */,
      "53300" /* too many connections */,
    ].includes(code)
  );
}

export interface OpenOptions {
  /** How long to keep retrying an unreachable PostgreSQL server (default: forever, as a server should). */
  retryForMs?: number;
  /** Most connections in the pool (default 10). */
  maxConnections?: number;
  /** Another migrations folder (the engine's own by default): the tests' failing migration. */
  migrationsFolder?: string;
  /** Who migrates (default: SEEKBOARD_MIGRATIONS); `cli migrate` says `apply`. */
  migrations?: MigrationMode;
}

// PostgreSQL's 8-byte integers (count(*), sums of integers) and numerics (avg, sums) as
// numbers, as SQLite gives them: counts here stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
// JSON as text, as SQLite gives it: the queries use one set of tables (SQLite's, see the
// header), whose JSON columns parse the text themselves; raw rows then read alike too.
pg.types.setTypeParser(pg.types.builtins.JSON, (text) => text);
pg.types.setTypeParser(pg.types.builtins.JSONB, (text) => text);

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

/** Applies (or, `external`, requires) the pending migrations; returns the tags applied. */
async function migratePostgres(
  url: string,
  migrationsFolder: string,
  mode: MigrationMode,
): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  // A connection lost mid-migration fails its query (and rolls the migrations back); the
  // event would otherwise end the process.
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const pending = await pendingPostgres(client, migrationsFolder);
    if (pending.length > 0 && mode === "external") throw new SchemaBehind(url, pending);
    // drizzle applies the pending migrations in one transaction: a failing one leaves the schema as it was.
    await migratePg(drizzlePg(client), { migrationsFolder });
    return pending;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs `attempt` until it succeeds, waiting with backoff while the server is unreachable or
 * the schema is behind (SEEKBOARD_MIGRATIONS=external: `cli migrate` has not run yet), up to
 * `retryForMs`; any other refusal is reported at once.
 */
async function retrying<T>(
  target: string,
  options: OpenOptions,
  attempt: () => Promise<T>,
): Promise<T> {
  const started = Date.now();
  let wait = RETRY_MIN_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const waited = Date.now() - started;
      const behind = error instanceof SchemaBehind;
      if (
        !(behind || unreachable(error)) ||
        (options.retryForMs !== undefined && waited + wait > options.retryForMs)
      ) {
        throw new Error(
          `seekboard: cannot open the database (${describeTarget(target)}): ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      console.error(
        behind
          ? `seekboard: ${error.message}; waiting, retrying in ${wait / 1000} s`
          : `seekboard: ${describeTarget(target)} is unreachable (${(error as { code: string }).code}); retrying in ${wait / 1000} s`,
      );
      await new Promise((done) => setTimeout(done, wait));
      wait = Math.min(wait * 2, RETRY_MAX_MS);
    }
  }
}

async function openPostgres(
  url: string,
  options: OpenOptions,
): Promise<{ db: Db; applied: string[] }> {
  const applied = await retrying(url, options, () =>
    migratePostgres(
      url,
      options.migrationsFolder ?? MIGRATIONS_PG,
      options.migrations ?? migrationModeFromEnv(),
    ),
  );
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10 });
  // A connection the server dropped: the pool reports an idle one here and replaces it. One
  // in use (a transaction's) reports on its own client, where an error event without a
  // listener would end the process: its query fails and its transaction rolls back anyway.
  const lost = (error: Error) =>
    console.error(`seekboard: a PostgreSQL connection failed: ${error.message}`);
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  const db: NodePgDatabase<typeof pgSchema> = drizzlePg(pool, { schema: pgSchema });
  setHandle(db, { engine: "postgres", pool, target: url, inTransaction: false });
  // The bridge to the one set of types (see the header): the PostgreSQL builders take the same calls.
  return { db: db as unknown as Db, applied };
}

/** The PostgreSQL database under a Db whose handle says postgres: the other side of the one type bridge. */
function asPostgres(db: Db): NodePgDatabase<typeof pgSchema> {
  return db as unknown as NodePgDatabase<typeof pgSchema>;
}

/**
 * Opens a database (a SQLite file, ":memory:", or a postgres:// URL) with its schema up to
 * date: migrated here, or (SEEKBOARD_MIGRATIONS=external) waited for. Returns the migrations
 * it applied beside the database.
 */
export async function openDbMigrating(
  target: string,
  options: OpenOptions = {},
): Promise<{ db: Db; applied: string[] }> {
  const mode = options.migrations ?? migrationModeFromEnv();
  const opened = isPostgresUrl(target)
    ? await openPostgres(target, options)
    : await retrying(target, options, async () =>
        openSqlite(target, options.migrationsFolder ?? MIGRATIONS, mode),
      );
  // What SQL cannot move: the failure modes of the failed samples a database written before
  // them holds, computed from their steps (once; a failed sample then always has one).
  // Imported here: it reads the benchmark modules, which import this file.
  if (!options.migrationsFolder) {
    const { backfillFailureModes } = await import("./failure-modes");
    await backfillFailureModes(opened.db);
  }
  return opened;
}

/** Opens a database (a SQLite file, ":memory:", or a postgres:// URL) with its schema up to date. */
export async function openDb(target: string, options: OpenOptions = {}): Promise<Db> {
  return (await openDbMigrating(target, options)).db;
}

/** Closes a database opened by `openDb`. */
export async function closeDb(db: Db): Promise<void> {
  const handle = handleOf(db);
  if (handle.engine === "sqlite") handle.client.close();
  else await handle.pool.end();
}

/**
 * Runs `fn` in one transaction: all of its writes land, or none (an error rolls back).
 * SQLite: an immediate transaction on the connection, one at a time per process, begun
 * without blocking the event loop while another process writes, and `fn` may await only the
 * database (checked: anything else is refused and rolled back).
 * PostgreSQL: a transaction on one pooled connection. Called inside a transaction, `fn`
 * joins it.
 */
export async function withTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const handle = handleOf(db);
  if (handle.engine === "postgres") {
    if (handle.inTransaction) return fn(db);
    // Not drizzle's transaction(): it sends BEGIN before its try, so a pooled connection the
    // server had dropped (the pool not told yet) failed there and was never released, and the
    // pool could not end. Here the connection goes back healthy or is destroyed.
    const client = await handle.pool.connect();
    let healthy = false;
    try {
      await client.query("BEGIN");
      const tx = drizzlePg(client, { schema: pgSchema }) as unknown as Db;
      setHandle(tx, { ...handle, inTransaction: true });
      try {
        const result = await fn(tx);
        await client.query("COMMIT");
        healthy = true;
        return result;
      } catch (error) {
        // The error that ended the transaction is the one reported, whatever the rollback does.
        await client.query("ROLLBACK").then(
          () => (healthy = true),
          () => undefined,
        );
        throw error;
      }
    } finally {
      client.release(!healthy);
    }
  }
  const { client, lock, inTransaction, target } = handle;
  if (inTransaction.getStore()) return fn(db);
  return lock.run(() =>
    inTransaction.run(true, async () => {
      await beginImmediate(client, target);
      // The transaction shares the process's one connection: a statement of another request
      // would join it if the callback let the event loop run (awaited a file, the network, a
      // timer). better-sqlite3's queries settle at once, so a callback that awaits only them
      // ends before any other task runs; this probe fires if one did not.
      let yielded = false;
      const probe = setImmediate(() => (yielded = true));
      try {
        const result = await fn(db);
        if (yielded)
          throw new Error(
            "a SQLite transaction waited on something besides the database; do that work before withTx",
          );
        client.exec("COMMIT");
        return result;
      } catch (error) {
        if (client.inTransaction) client.exec("ROLLBACK");
        throw error;
      } finally {
        clearImmediate(probe);
      }
    }),
  );
}

/**
 * Called by a job that writes in batches (an import, its removal) before each batch: on
 * SQLite, while another process says it waits for the database's one write lock, the job
 * waits (up to BATCH_DEFER_MS), so that requests go first. PostgreSQL locks rows, not the
 * database: nothing waits there.
 */
export async function deferToWaitingWriters(db: Db): Promise<void> {
  const handle = handleOf(db);
  if (handle.engine !== "sqlite") return;
  const wanted = writeWantedPath(handle.target);
  if (!wanted) return;
  const started = Date.now();
  for (;;) {
    const intent = statSync(wanted, { throwIfNoEntry: false });
    const now = Date.now();
    if (!intent || now - intent.mtimeMs > WRITE_WANTED_FRESH_MS) return;
    if (now - started >= BATCH_DEFER_MS) return;
    await new Promise((done) => setTimeout(done, BATCH_DEFER_POLL_MS));
  }
}

/** A raw statement's rows, on either engine (the statement is the caller's, per dialect). */
export async function rawRows(db: Db, query: SQL): Promise<unknown[]> {
  const handle = handleOf(db);
  if (handle.engine === "sqlite") return (db as BetterSQLite3Database<typeof schema>).all(query);
  const result = await asPostgres(db).execute(query);
  return result.rows;
}

/** A raw statement that returns no rows; the number of rows it changed. */
export async function rawRun(db: Db, query: SQL): Promise<number> {
  const handle = handleOf(db);
  if (handle.engine === "sqlite")
    return (db as BetterSQLite3Database<typeof schema>).run(query).changes;
  const result = await asPostgres(db).execute(query);
  return result.rowCount ?? 0;
}

/**
 * A select's rows locked for update, those another transaction holds skipped: a queue's
 * claim on PostgreSQL. On SQLite the select as it is (its immediate transactions already
 * let one writer through at a time). Db is typed as SQLite's database, whose builder has no
 * `.for()`; PostgreSQL's under it has, which is checked here.
 */
export function forUpdateSkipLocked<T>(db: Db, query: PromiseLike<T[]>): PromiseLike<T[]> {
  if (engineOf(db) === "sqlite") return query;
  const lockable = query as unknown as {
    for?: (strength: "update", config: { skipLocked: boolean }) => PromiseLike<T[]>;
  };
  if (typeof lockable.for !== "function")
    throw new Error("forUpdateSkipLocked: not a PostgreSQL select");
  return lockable.for("update", { skipLocked: true });
}

/** The first row of a query, or undefined (add `.limit(1)` to the query). */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** A unique or primary key violated: PostgreSQL's code 23505 or SQLite's two, on the error or the driver's error drizzle wraps in `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (
      code === "23505" ||
      code === "SQLITE_CONSTRAINT_UNIQUE" ||
      code === "SQLITE_CONSTRAINT_PRIMARYKEY"
    )
      return true;
  }
  return false;
}

declare global {
  // Kept on globalThis so that module reloads in development reuse the connection.
  var seekboardDb: { target: string; db: Promise<Db> } | undefined;
}

/** The app's database (SEEKBOARD_DATABASE_URL or SEEKBOARD_DB), opened once per process; waits while PostgreSQL is unreachable. */
export function getDb(): Promise<Db> {
  const target = dbTargetFromEnv();
  if (!globalThis.seekboardDb || globalThis.seekboardDb.target !== target) {
    const db = openDb(target);
    // A failure to open is not kept: the next request tries again.
    db.catch(() => {
      if (globalThis.seekboardDb?.db === db) globalThis.seekboardDb = undefined;
    });
    globalThis.seekboardDb = { target, db };
  }
  return globalThis.seekboardDb.db;
}
