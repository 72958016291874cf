/**
 * A record holding U+0000 (a model output can): SQLite stores it as it is; PostgreSQL's
 * text and jsonb cannot hold it, so there it is stored as U+FFFD rather than refusing the
 * bundle.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb } from "../test/db";
import { sqlRow } from "../test/sql";
import { closeDb, engineOf, type Db } from "./client";
import { ingestBundle } from "./ingest";
import { withoutNul } from "./ingest-shared";

const ROOT = join(__dirname, "..");
const tmp = mkdtempSync(join(tmpdir(), "seekboard-nul-"));
let db: Db;

beforeAll(async () => {
  db = await openTestDb(join(tmp, "test.db"));
});

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

describe("withoutNul", () => {
  it("replaces U+0000 in strings, keys and nested values, and returns a value without one unchanged", () => {
    const clean = { a: ["x", { b: 1 }], c: null };
    expect(withoutNul(clean)).toBe(clean);
    expect(withoutNul({ "k\u0000": ["a\u0000b", { c: "\u0000" }], n: 3, t: true })).toEqual({ "k\uFFFD": ["a\uFFFDb", { c: "\uFFFD" }], n: 3, t: true });
    expect(withoutNul("plain")).toBe("plain");
  });
});

describe("a record holding U+0000", () => {
  it("is imported, with the character kept on SQLite and replaced on PostgreSQL", async () => {
    const dir = join(tmp, "bundle");
    mkdirSync(dir);
    const record = JSON.parse(readFileSync(join(ROOT, "test", "fixtures", "mpw", "result-record.json"), "utf8"));
    record.prediction = `before\u0000after`;
    writeFileSync(join(dir, "results.jsonl"), JSON.stringify(record) + "\n");
    writeFileSync(join(dir, "manifest.json"), JSON.stringify({ benchmark: "mpw", model: "nul-model", setting: "C", results: ["results.jsonl"] }));
    const result = await ingestBundle(db, dir, { source: "cli", status: "approved" });
    expect(result.samples).toBe(1);
    const stored = await sqlRow(db, "SELECT prediction FROM samples WHERE submission_id = ?", result.submissionId);
    const nul = engineOf(db) === "postgres" ? "\uFFFD" : "\u0000";
    expect(stored?.prediction).toBe(`before${nul}after`);
  });
});
