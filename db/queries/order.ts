/**
 * Orders that read the same on both engines: a case-insensitive text order, and NULLs
 * placed explicitly (SQLite sorts them first ascending, PostgreSQL last).
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { engineOf, type Db } from "../client";

/** Case-insensitive order, so "GPT-5" sorts among the "G…"s: SQLite's NOCASE; on PostgreSQL the lower-cased text, compared byte by byte as SQLite compares. */
export function caseInsensitive(db: Db, column: SQLWrapper): SQL {
  return engineOf(db) === "postgres"
    ? sql`lower(${column}) COLLATE "C"`
    : sql`${column} COLLATE NOCASE`;
}

/** Ascending with NULLs first, SQLite's own order, on both engines. */
export function ascNullsFirst(column: SQLWrapper): SQL {
  return sql`${column} ASC NULLS FIRST`;
}

/** Descending with NULLs last, SQLite's own order, on both engines. */
export function descNullsLast(column: SQLWrapper): SQL {
  return sql`${column} DESC NULLS LAST`;
}
