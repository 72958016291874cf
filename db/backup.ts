/**
 * A copy of the live SQLite database, taken while the server and the worker keep
 * writing: `VACUUM INTO` reads one snapshot (WAL: writers go on meanwhile) and writes it
 * compacted. SQLite's page-by-page backup API would restart whenever another connection
 * writes mid-copy, which on a busy site can be forever. The target must not exist: a
 * backup never overwrites anything. SQLite only: a PostgreSQL database is backed up with
 * pg_dump or by its provider.
 */
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { sqliteClientOf, type Db } from "./client";

export interface BackupResult {
  backup: string;
  bytes: number;
}

/** Said when the database is PostgreSQL, whose backups are pg_dump's or the provider's. */
export class BackupUnsupported extends Error {
  constructor() {
    super(
      'backup copies a SQLite database, and this one is PostgreSQL: back it up with pg_dump (e.g. `pg_dump --format=custom --file=seekboard.dump "$SEEKBOARD_DATABASE_URL"`) or your provider\'s backups',
    );
  }
}

export async function backupDatabase(db: Db, target: string): Promise<BackupResult> {
  const sqlite = sqliteClientOf(db);
  if (!sqlite) throw new BackupUnsupported();
  if (existsSync(target)) throw new Error(`${target} exists; a backup never overwrites a file`);
  mkdirSync(dirname(target), { recursive: true });
  sqlite.prepare("VACUUM INTO ?").run(target);
  return { backup: target, bytes: statSync(target).size };
}
