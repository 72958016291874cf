/** `cli migrate`: a deploy's release step; prints what it applied, exits non-zero when it cannot. */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testEngine } from "../test/db";
import { runCli } from "./run-cli";

const tmp = mkdtempSync(join(tmpdir(), "seekboard-cli-migrate-"));
const journal = (folder: string): string[] =>
  JSON.parse(
    readFileSync(join(__dirname, "..", "db", folder, "meta", "_journal.json"), "utf8"),
  ).entries.map((entry: { tag: string }) => entry.tag);

// The CLI runs as a user runs it, on a SQLite file; db/migrations.test.ts covers both engines in-process.
describe.runIf(testEngine() === "sqlite")("cli migrate", { timeout: 120_000 }, () => {
  it("applies every migration to a new database, then none, and other commands open it", async () => {
    const db = join(tmp, "new.db");
    const first = await runCli(["migrate", "--db", db]);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      database: `SQLite at ${db}`,
      applied: journal("migrations"),
    });
    const again = await runCli(["migrate", "--db", db]);
    expect(JSON.parse(again.stdout)).toEqual({ database: `SQLite at ${db}`, applied: [] });
    const list = await runCli(["tokens", "list", "--db", db], { SEEKBOARD_MIGRATIONS: "external" });
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([]);
  });

  it("migrates even when SEEKBOARD_MIGRATIONS=external, which is what it is for", async () => {
    const db = join(tmp, "external.db");
    const run = await runCli(["migrate", "--db", db], { SEEKBOARD_MIGRATIONS: "external" });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).applied).toEqual(journal("migrations"));
  });

  it("exits 1 with the reason on stderr and nothing on stdout when the database cannot be opened", async () => {
    const notADatabase = join(tmp, "not-a-database.db");
    writeFileSync(notADatabase, "this is not SQLite, padded past the header size".repeat(4));
    const run = await runCli(["migrate", "--db", notADatabase]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/cannot open the database.*not a database/);
  });

  it("takes no arguments (usage, exit 64)", async () => {
    const run = await runCli(["migrate", "now"]);
    expect(run.code).toBe(64);
    expect(run.stderr).toContain("migrate takes no arguments");
  });
});
