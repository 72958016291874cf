/** `backupDatabase` / `cli backup`: a consistent copy of a live SQLite database, and never over a file; refused on PostgreSQL. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run-cli";
import { backupDatabase } from "./backup";
import { closeDb, openDb, type Db } from "./client";
import { issueUploadToken } from "./upload-tokens";
import { openTestDb, testDatabaseTarget, testEngine } from "../test/db";

let tmp: string;
let path: string;
let db: Db;

const sqlite = testEngine() === "sqlite";

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-backup-"));
  path = join(tmp, "live.db");
  if (!sqlite) return;
  db = await openDb(path);
  for (let i = 0; i < 200; i++) await issueUploadToken(db, `team ${i}`);
});
afterAll(async () => {
  if (db) await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const tokens = (file: string) => {
  const copy = new Database(file, { readonly: true });
  try {
    return {
      // eslint-disable-next-line no-restricted-syntax -- the backup is a SQLite file, read with better-sqlite3 itself
      count: (copy.prepare("SELECT count(*) AS n FROM upload_tokens").get() as { n: number }).n,
      integrity: copy.pragma("integrity_check", { simple: true }),
    };
  } finally {
    copy.close();
  }
};

describe.runIf(sqlite)("backupDatabase", () => {
  it("copies the live database as one snapshot, while another connection holds it open: whole and consistent", async () => {
    const other = await openDb(path);
    try {
      await issueUploadToken(other, "from another connection");
      const result = await backupDatabase(db, join(tmp, "copy", "backup.db"));
      expect(result).toEqual({ backup: join(tmp, "copy", "backup.db"), bytes: expect.any(Number) });
      expect(tokens(result.backup)).toEqual({ count: 201, integrity: "ok" });
    } finally {
      await closeDb(other);
    }
  });

  it("never overwrites a file", async () => {
    const taken = join(tmp, "taken.db");
    writeFileSync(taken, "precious");
    await expect(backupDatabase(db, taken)).rejects.toThrow(/exists/);
  });

  it("cli backup prints where and how much, exit 0; a second run to the same file exits non-zero", async () => {
    const target = join(tmp, "cli-backup.db");
    const run = await runCli(["backup", target, "--db", path]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ backup: target, bytes: expect.any(Number) });
    expect(tokens(target).count).toBeGreaterThanOrEqual(200);
    const again = await runCli(["backup", target, "--db", path]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("never overwrites");
  });
});

describe.runIf(!sqlite)("backup on PostgreSQL", () => {
  it("backupDatabase and cli backup refuse, pointing at pg_dump (exit 2), and write nothing", async () => {
    const pg = await openTestDb(path);
    try {
      await expect(backupDatabase(pg, join(tmp, "pg.db"))).rejects.toThrow(/pg_dump/);
    } finally {
      await closeDb(pg);
    }
    const target = join(tmp, "cli-pg-backup.db");
    const run = await runCli(["backup", target, "--db", testDatabaseTarget(path)]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/PostgreSQL.*pg_dump/);
    expect(existsSync(target)).toBe(false);
  });
});
