/**
 * Imports at the same moment, on either engine: the same bundle twice becomes one
 * submission (the unique bundle hash decides, and the loser answers as a duplicate of the
 * winner), and different bundles each land whole with their own aggregates.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testDatabase, testEngine } from "../test/db";
import { sqlCount, sqlRows } from "../test/sql";
import { ingestBundle } from "./ingest";

const ROOT = join(__dirname, "..");
const RECORD = JSON.parse(
  readFileSync(join(ROOT, "test", "fixtures", "mpw", "result-record.json"), "utf8"),
);
const { db: testDb, tmp } = testDatabase("concurrent");

function bundle(name: string, model: string, runs: number): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  const lines = Array.from({ length: runs }, () => JSON.stringify(RECORD)).join("\n");
  writeFileSync(join(dir, "results.jsonl"), lines + "\n");
  writeFileSync(
    join(dir, "manifest.json"),
    JSON.stringify({ benchmark: "mpw", model, setting: "C", results: ["results.jsonl"] }),
  );
  return dir;
}

describe("concurrent imports", () => {
  it("the same bundle imported twice at once gives one submission, the other answer a duplicate of it", async () => {
    const dir = bundle("same", "same-model", 3);
    const results = await Promise.all(
      [1, 2, 3].map(() => ingestBundle(testDb(), dir, { source: "cli", status: "approved" })),
    );
    const ids = new Set(results.map((r) => r.submissionId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(results.every((r) => r.samples === 3)).toBe(true);
    expect(
      await sqlCount(
        testDb(),
        "SELECT count(*) AS c FROM submissions WHERE model = ?",
        "same-model",
      ),
    ).toBe(1);
    expect(
      await sqlCount(
        testDb(),
        "SELECT count(*) AS c FROM samples WHERE submission_id = ?",
        [...ids][0],
      ),
    ).toBe(3);
  });

  it("different bundles imported at once each land whole, aggregates included", async () => {
    const dirs = [1, 2, 3, 4].map((i) => bundle(`different-${i}`, `model-${i}`, i));
    const results = await Promise.all(
      dirs.map((dir) => ingestBundle(testDb(), dir, { source: "cli", status: "approved" })),
    );
    for (const [i, result] of results.entries()) {
      expect(result.duplicate).toBe(false);
      expect(
        await sqlCount(
          testDb(),
          "SELECT count(*) AS c FROM samples WHERE submission_id = ?",
          result.submissionId,
        ),
      ).toBe(i + 1);
      const overall = await sqlRows(
        testDb(),
        "SELECT n FROM aggregates WHERE submission_id = ? AND split = 'overall'",
        result.submissionId,
      );
      expect(overall.map((row) => Number(row.n))).toEqual([i + 1]);
    }
  });
});

describe("a connection lost in the middle of an import", () => {
  it.runIf(testEngine() === "postgres")(
    "fails the import with the driver's error, and nothing of it is stored",
    async () => {
      const db = testDb();
      const dir = bundle("cut", "cut-model", 4000);
      const importing = ingestBundle(db, dir, { source: "cli", status: "approved" }).then(
        () => null,
        (error: unknown) => error,
      );
      // Once the import's transaction is writing, every other connection to the database is cut.
      await expect
        .poll(
          async () =>
            Number(
              (
                await sqlRows(
                  db,
                  "SELECT count(*) AS c FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'",
                )
              )[0].c,
            ),
          { timeout: 10_000, interval: 20 },
        )
        .toBeGreaterThan(0);
      await sqlRows(
        db,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      const failure = await importing;
      expect(failure).toBeInstanceOf(Error);
      expect(
        await sqlCount(db, "SELECT count(*) AS c FROM submissions WHERE model = ?", "cut-model"),
      ).toBe(0);
      expect(
        await sqlCount(
          db,
          "SELECT count(*) AS c FROM samples s JOIN submissions u ON u.id = s.submission_id WHERE u.model = ?",
          "cut-model",
        ),
      ).toBe(0);
      // The same bundle imports whole afterwards: the pool replaced the dead connection.
      const again = await ingestBundle(db, dir, { source: "cli", status: "approved" });
      expect(again.duplicate).toBe(false);
      expect(again.samples).toBe(4000);
    },
    60_000,
  );
});
