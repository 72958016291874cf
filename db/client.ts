/**
 * The database connection. How queries are written: with drizzle's query builder by
 * default. A raw statement (`db.$client.prepare`) only on a measured hot path, and then
 * with a typed row that is parsed (zod), not cast.
 */
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const DEFAULT_DB_PATH = "data/seekboard.db";

export function dbPathFromEnv(): string {
  return resolve(/*turbopackIgnore: true*/ process.env.SEEKBOARD_DB || DEFAULT_DB_PATH);
}

const MIGRATIONS = join(process.cwd(), "db", "migrations");

/** Opens (creating if needed) a database file and brings its schema up to date. */
export function openDb(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS });
  return db;
}

declare global {
  // Kept on globalThis so that module reloads in development reuse the connection.
  var seekboardDb: { path: string; db: Db } | undefined;
}

/** The app's database (from SEEKBOARD_DB), opened once per process. */
export function getDb(): Db {
  const path = dbPathFromEnv();
  if (!globalThis.seekboardDb || globalThis.seekboardDb.path !== path) {
    globalThis.seekboardDb = { path, db: openDb(path) };
  }
  return globalThis.seekboardDb.db;
}
