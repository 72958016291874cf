/**
 * A record holding U+0000 or a lone surrogate (a model output can): SQLite stores U+0000 as
 * it is; PostgreSQL's text and JSON cannot hold either, so there both are stored as U+FFFD
 * rather than refusing the bundle.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../test/db";
import { sqlRow } from "../test/sql";
import { engineOf } from "./client";
import { ingestBundle } from "./ingest";
import { storableOnPostgres } from "./ingest-shared";

const ROOT = join(__dirname, "..");
const { db: testDb, tmp } = testDatabase("nul");

describe("storableOnPostgres", () => {
  it("replaces U+0000 and lone surrogates in strings, keys and nested values, and measures the strings", () => {
    const clean = { a: ["xy", { b: 1 }], c: null };
    // Keys count too: a, xy, b, c.
    expect(storableOnPostgres(clean)).toEqual({ value: clean, chars: 5 });
    expect(storableOnPostgres(clean).value).toBe(clean);
    const cut = "emoji \ud83d";
    expect(
      storableOnPostgres({ "k\u0000": ["a\u0000b", { c: cut }], n: 3, t: true }).value,
    ).toEqual({ "k\uFFFD": ["a\uFFFDb", { c: "emoji \uFFFD" }], n: 3, t: true });
    expect(storableOnPostgres("plain").value).toBe("plain");
    // A whole pair is kept.
    expect(storableOnPostgres("ok \ud83d\ude00").value).toBe("ok \ud83d\ude00");
  });
});

describe("a record holding U+0000", () => {
  it("is imported, with the character kept on SQLite and replaced on PostgreSQL", async () => {
    const dir = join(tmp, "bundle");
    mkdirSync(dir);
    const record = JSON.parse(
      readFileSync(join(ROOT, "test", "fixtures", "mpw", "result-record.json"), "utf8"),
    );
    // The records are JSON text: a lone surrogate arrives as the escape \ud83d.
    record.prediction = "before\u0000after, cut \ud83d";
    writeFileSync(join(dir, "results.jsonl"), JSON.stringify(record) + "\n");
    writeFileSync(
      join(dir, "manifest.json"),
      JSON.stringify({
        benchmark: "mpw",
        model: "nul-model",
        setting: "C",
        results: ["results.jsonl"],
      }),
    );
    const result = await ingestBundle(testDb(), dir, { source: "cli", status: "approved" });
    expect(result.samples).toBe(1);
    const stored = await sqlRow(
      testDb(),
      "SELECT prediction FROM samples WHERE submission_id = ?",
      result.submissionId,
    );
    if (engineOf(testDb()) === "postgres") {
      expect(stored?.prediction).toBe("before\uFFFDafter, cut \uFFFD");
    } else {
      // SQLite keeps U+0000; the lone surrogate is stored as better-sqlite3 encodes it (its
      // three bytes, read back as replacement characters), as before PostgreSQL existed.
      expect(String(stored?.prediction)).toMatch(/^before\u0000after, cut \uFFFD+$/);
    }
  });
});
