/**
 * What the tests that migrate an old database share, on the engine the suite runs on: the
 * migrations up to the one under test, an empty database, and rows written as the old
 * schema had them.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { z } from "zod";
import { getDb, type Db } from "../db/client";
import { databaseUrl, testEngine } from "./db";
import { sqlRows } from "./sql";

const journalSchema = z.looseObject({ entries: z.array(z.looseObject({ tag: z.string() })) });

/** A copy (under `tmp`) of the engine's migrations up to the one tagged `tag`, without it. */
export function migrationsBefore(tmp: string, tag: string): string {
  const source = join(
    __dirname,
    "..",
    "db",
    testEngine() === "sqlite" ? "migrations" : "migrations-pg",
  );
  const dir = join(tmp, "migrations");
  cpSync(source, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = journalSchema.parse(JSON.parse(readFileSync(journalPath, "utf8")));
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** A new, empty database on the engine under test (a file under `tmp` on SQLite). */
export function emptyTarget(tmp: string): string {
  if (testEngine() === "sqlite") return join(tmp, "old.db");
  const server = process.env.SEEKBOARD_TEST_POSTGRES_URL!;
  const name = `t_${randomBytes(6).toString("hex")}`;
  execFileSync("psql", [server, "-v", "ON_ERROR_STOP=1", "-qc", `CREATE DATABASE ${name}`], {
    stdio: "pipe",
  });
  return databaseUrl(server, name);
}

/** The table's columns that need a value: NOT NULL without a default (the id columns have one). */
async function requiredColumns(db: Db, table: string): Promise<{ name: string; type: string }[]> {
  const rows =
    testEngine() === "sqlite"
      ? await sqlRows(
          db,
          `SELECT name, type FROM pragma_table_info('${table}') WHERE "notnull" = 1 AND dflt_value IS NULL AND pk = 0`,
        )
      : await sqlRows(
          db,
          "SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_name = ? AND is_nullable = 'NO' AND column_default IS NULL AND is_identity = 'NO'",
          table,
        );
  return rows.map((row) => ({ name: String(row.name), type: String(row.type).toLowerCase() }));
}

/** Inserts a row with `values`, every other required column a neutral value of its type. */
export async function insertRow(
  db: Db,
  table: string,
  values: Record<string, unknown>,
): Promise<void> {
  const row: Record<string, unknown> = {};
  for (const { name, type } of await requiredColumns(db, table))
    // Text as "{}": SQLite types its JSON columns as text, and "{}" reads back as JSON.
    row[name] = /bool/.test(type) ? false : /int|real|double|numeric/.test(type) ? 0 : "{}";
  Object.assign(row, values);
  const names = Object.keys(row);
  await sqlRows(
    db,
    `INSERT INTO ${table} (${names.map((n) => `"${n}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")}) RETURNING 1 AS inserted`,
    ...names.map((n) => row[n]),
  );
}

/** The app's database opened (and migrated) at `target` as a server would: through `getDb()`. */
export async function openAsServer(target: string): Promise<Db> {
  if (testEngine() === "sqlite") {
    process.env.SEEKBOARD_DB = target;
    delete process.env.SEEKBOARD_DATABASE_URL;
  } else process.env.SEEKBOARD_DATABASE_URL = target;
  return getDb();
}

/** The table's column names, sorted. */
export async function columnNames(db: Db, table: string): Promise<string[]> {
  const rows =
    testEngine() === "sqlite"
      ? await sqlRows(db, `SELECT name FROM pragma_table_info('${table}') ORDER BY name`)
      : await sqlRows(
          db,
          "SELECT column_name AS name FROM information_schema.columns WHERE table_name = ? ORDER BY column_name",
          table,
        );
  return rows.map((row) => String(row.name));
}
