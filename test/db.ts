/**
 * The tests' databases, on the engine CI asks for: SQLite files by default; with
 * SEEKBOARD_TEST_ENGINE=postgres, a fresh database per call on the PostgreSQL server that
 * test/global-setup.ts started (SEEKBOARD_TEST_POSTGRES_URL), copied from a template the
 * migrations were applied to once, so a test starts from an empty, current schema.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { closeDb, openDb, type Db } from "../db/client";
import { databaseUrl } from "./postgres-cluster";

export { databaseUrl };

export type TestEngine = "sqlite" | "postgres";

export function testEngine(): TestEngine {
  return process.env.SEEKBOARD_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";
}

export const TEMPLATE_DATABASE = "seekboard_template";

function serverUrl(): string {
  const url = process.env.SEEKBOARD_TEST_POSTGRES_URL;
  if (!url)
    throw new Error(
      "SEEKBOARD_TEST_ENGINE=postgres needs the server test/global-setup.ts starts (SEEKBOARD_TEST_POSTGRES_URL)",
    );
  return url;
}

/**
 * Where a test's database is: `sqlitePath` on SQLite; on PostgreSQL a new empty database
 * (created now, synchronously, so module-level set-up can call it), named after the test.
 */
export function testDatabaseTarget(sqlitePath: string): string {
  if (testEngine() === "sqlite") return sqlitePath;
  const name = `t_${randomBytes(6).toString("hex")}`;
  execFileSync(
    "psql",
    [
      serverUrl(),
      "-v",
      "ON_ERROR_STOP=1",
      "-qc",
      `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`,
    ],
    { stdio: "pipe" },
  );
  return databaseUrl(serverUrl(), name);
}

/** A test's database, opened: `sqlitePath` on SQLite (":memory:" too), a fresh database on PostgreSQL. */
export function openTestDb(sqlitePath: string): Promise<Db> {
  return openDb(testDatabaseTarget(sqlitePath), { retryForMs: 0, maxConnections: 4 });
}

/**
 * A test file's database and temporary folder, opened before its tests and removed after:
 * `db()` is the database (once the tests run), `tmp` the folder.
 */
export function testDatabase(name: string): { db: () => Db; tmp: string } {
  const tmp = mkdtempSync(join(tmpdir(), `seekboard-${name}-`));
  let db: Db | undefined;
  beforeAll(async () => {
    db = await openTestDb(join(tmp, "test.db"));
  });
  afterAll(async () => {
    if (db) await closeDb(db);
    rmSync(tmp, { recursive: true, force: true });
  });
  return {
    tmp,
    db: () => {
      if (!db) throw new Error("the test database opens in beforeAll");
      return db;
    },
  };
}
