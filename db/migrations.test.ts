/**
 * Who migrates: by default whoever opens the database; with SEEKBOARD_MIGRATIONS=external only
 * `cli migrate`, while servers, workers and commands wait for it (a command up to its budget).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { databaseUrl, testEngine } from "../test/db";
import { appTables } from "../test/sql";
import { closeDb, migrationModeFromEnv, openDb, openDbMigrating } from "./client";

const tmp = mkdtempSync(join(tmpdir(), "seekboard-migrations-"));

/** Every migration tag of this engine, oldest first. */
function allTags(): string[] {
  const folder = testEngine() === "sqlite" ? "migrations" : "migrations-pg";
  const journal = JSON.parse(
    readFileSync(join(__dirname, folder, "meta", "_journal.json"), "utf8"),
  );
  return journal.entries.map((entry: { tag: string }) => entry.tag);
}

/** A database with no schema at all: a new file, or a new PostgreSQL database. */
function emptyTarget(): string {
  const name = `m_${randomBytes(6).toString("hex")}`;
  if (testEngine() === "sqlite") return join(tmp, `${name}.db`);
  const server = process.env.SEEKBOARD_TEST_POSTGRES_URL!;
  execFileSync("psql", [server, "-v", "ON_ERROR_STOP=1", "-qc", `CREATE DATABASE ${name}`], {
    stdio: "pipe",
  });
  return databaseUrl(server, name);
}

describe("SEEKBOARD_MIGRATIONS", () => {
  it("is apply when unset or empty, external when it says so, and refuses anything else", () => {
    expect(migrationModeFromEnv(undefined)).toBe("apply");
    expect(migrationModeFromEnv(" ")).toBe("apply");
    expect(migrationModeFromEnv("external")).toBe("external");
    expect(() => migrationModeFromEnv("off")).toThrow(/takes "external" or nothing/);
  });
});

describe("opening a database", () => {
  it("applies every migration on an empty database, then none", async () => {
    const target = emptyTarget();
    const first = await openDbMigrating(target, { retryForMs: 0, migrations: "apply" });
    expect(first.applied).toEqual(allTags());
    expect(await appTables(first.db)).toContain("submissions");
    await closeDb(first.db);
    const again = await openDbMigrating(target, { retryForMs: 0, migrations: "apply" });
    expect(again.applied).toEqual([]);
    await closeDb(again.db);
  });

  it("external: refuses a schema behind, naming the migrations and `cli migrate`, and applies none", async () => {
    const target = emptyTarget();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(openDb(target, { retryForMs: 0, migrations: "external" })).rejects.toThrow(
        new RegExp(`lacks ${allTags().length} migration\\(s\\) \\(${allTags()[0]}, .*cli migrate`),
      );
    } finally {
      errors.mockRestore();
    }
    const { db, applied } = await openDbMigrating(target, { retryForMs: 0, migrations: "apply" });
    expect(applied).toEqual(allTags());
    await closeDb(db);
    const opened = await openDbMigrating(target, { retryForMs: 0, migrations: "external" });
    expect(opened.applied).toEqual([]);
    await closeDb(opened.db);
  });

  it("external: waits for the migrations, saying so, and opens once they are applied", async () => {
    const target = emptyTarget();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const waiting = openDb(target, { retryForMs: 20_000, migrations: "external" });
      await new Promise((done) => setTimeout(done, 800));
      const migrated = await openDb(target, { retryForMs: 0, migrations: "apply" });
      await closeDb(migrated);
      const db = await waiting;
      expect(await appTables(db)).toContain("submissions");
      await closeDb(db);
      expect(errors.mock.calls.map((call) => String(call[0]))).toContainEqual(
        expect.stringMatching(/lacks \d+ migration\(s\).*cli migrate.*waiting, retrying in 0\.5 s/),
      );
    } finally {
      errors.mockRestore();
    }
  }, 30_000);
});
