/**
 * The tests' own SQL, on either engine: a statement with `?` placeholders, run on SQLite as
 * written and on PostgreSQL with `$n` placeholders, its rows in SQLite's shape (booleans as
 * 0/1, JSON columns as text) so one assertion reads both. For checking what was stored;
 * the app's queries go through drizzle (db/client.ts). The statement must be valid on both
 * engines (e.g. no json_extract).
 */
import { sql, type SQL } from "drizzle-orm";
import { rawRows, sqliteClientOf, type Db } from "../db/client";

export type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read stored columns freely

/** The statement with its `?`s bound to `params`, run through drizzle so a transaction's Db runs it inside the transaction. */
function bound(text: string, params: unknown[]): SQL {
  const parts = text.split("?");
  if (parts.length !== params.length + 1)
    throw new Error(`${parts.length - 1} placeholders for ${params.length} values: ${text}`);
  return sql.join(
    parts.flatMap((part, i) =>
      i < params.length ? [sql.raw(part), sql`${params[i]}`] : [sql.raw(part)],
    ),
  );
}

function sqliteShaped(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (
    value !== null &&
    typeof value === "object" &&
    !(value instanceof Date) &&
    !Buffer.isBuffer(value)
  )
    return JSON.stringify(value);
  return value;
}

export async function sqlRows(db: Db, text: string, ...params: unknown[]): Promise<Row[]> {
  const sqlite = sqliteClientOf(db);
  if (sqlite) return sqlite.prepare(text).all(...params) as Row[];
  const rows = (await rawRows(db, bound(text, params))) as Row[];
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, sqliteShaped(v)])),
  );
}

/** The first row, or undefined. */
export async function sqlRow(db: Db, text: string, ...params: unknown[]): Promise<Row | undefined> {
  return (await sqlRows(db, text, ...params))[0];
}

/** `SELECT count(*) AS c …`'s count. */
export async function sqlCount(db: Db, text: string, ...params: unknown[]): Promise<number> {
  return Number((await sqlRow(db, text, ...params))?.c);
}

/** Rows per table, for "nothing was written" checks. */
export async function tableCounts(
  db: Db,
  tables: readonly string[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = await sqlCount(db, `SELECT count(*) AS c FROM "${table}"`);
  return counts;
}

/** The app's tables (not the migrations' bookkeeping), sorted. */
export async function appTables(db: Db): Promise<string[]> {
  const rows = sqliteClientOf(db)
    ? await sqlRows(
        db,
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name",
      )
    : await sqlRows(
        db,
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
  return rows.map((row) => String(row.name)).filter((name) => !name.startsWith("__drizzle"));
}
