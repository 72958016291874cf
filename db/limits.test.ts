/** Limits kept in the database: the window arithmetic, and two connections (two processes, two instances) counting the same attempts. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTarget, testEngine } from "../test/db";
import { closeDb, first, openDb, type Db } from "./client";
import { adminTokenAttempt, attemptWithinLimit } from "./limits";
import { limitEvents } from "./schema";

let tmp: string;
let n = 0;
const opened: Db[] = [];

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-limits-"));
});
afterAll(async () => {
  for (const db of opened) await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

/** A fresh database (a file, or a PostgreSQL database), opened `connections` times. */
async function connections(count: number): Promise<Db[]> {
  const target = testDatabaseTarget(join(tmp, `limits-${++n}.db`));
  const dbs: Db[] = [];
  for (let i = 0; i < count; i++) {
    const db = await openDb(target, { retryForMs: 0, maxConnections: 4 });
    opened.push(db);
    dbs.push(db);
  }
  return dbs;
}

const limits = { windowMs: 60_000, perClient: 3 };

describe("attemptWithinLimit", () => {
  it("allows `limit` attempts per key in any window, then says when the next one is allowed", async () => {
    const [db] = await connections(1);
    const attempt = (key: string, now: number) =>
      attemptWithinLimit(db, "upload", key, 2, 60_000, now);
    expect(await attempt("a", 0)).toEqual({ allowed: true });
    expect(await attempt("a", 10_000)).toEqual({ allowed: true });
    expect(await attempt("a", 20_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await attempt("b", 20_000)).toEqual({ allowed: true });
    // The first attempt leaves the window at 60 s; refused attempts do not count.
    expect(await attempt("a", 60_001)).toEqual({ allowed: true });
    expect(await attempt("a", 60_002)).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it("holds across connections: what one process counted, another refuses", async () => {
    const [one, two] = await connections(2);
    expect(await attemptWithinLimit(one, "upload", "team-1", 2, 60_000, 1000)).toEqual({
      allowed: true,
    });
    expect(await attemptWithinLimit(two, "upload", "team-1", 2, 60_000, 2000)).toEqual({
      allowed: true,
    });
    expect(await attemptWithinLimit(one, "upload", "team-1", 2, 60_000, 3000)).toEqual({
      allowed: false,
      retryAfterSeconds: 58,
    });
    expect(await attemptWithinLimit(two, "upload", "team-1", 2, 60_000, 3000)).toEqual({
      allowed: false,
      retryAfterSeconds: 58,
    });
  });

  // PostgreSQL only: two SQLite connections in one process cannot wait for each other (better-sqlite3's
  // busy wait blocks the event loop the other's transaction needs); across processes BEGIN IMMEDIATE serialises them.
  it.runIf(testEngine() === "postgres")(
    "lets exactly `limit` of many attempts made at once from two connections through",
    async () => {
      const [one, two] = await connections(2);
      const verdicts = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          attemptWithinLimit(i % 2 ? one : two, "upload", "team-2", 5, 60_000, 1000 + i),
        ),
      );
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
      expect((await first(one.select({ n: count() }).from(limitEvents)))?.n).toBe(5);
    },
  );

  it("keeps only the attempts still in the window", async () => {
    const [db] = await connections(1);
    for (let i = 0; i < 50; i++)
      await attemptWithinLimit(db, "upload", `t${i}`, 5, 60_000, i * 10_000);
    expect((await first(db.select({ n: count() }).from(limitEvents)))?.n).toBe(6);
  });
});

describe("admin failures", () => {
  it("refuse a client after its failures reach the limit, until the window passes", async () => {
    const [db] = await connections(1);
    for (let i = 0; i < 3; i++)
      expect(await adminTokenAttempt(db, "a", limits, false, 1000 + i)).toEqual({ allowed: true });
    // Refused: even the right token, and a refusal is not counted.
    expect(await adminTokenAttempt(db, "a", limits, true, 2000)).toEqual({
      allowed: false,
      retryAfterSeconds: 59,
    });
    expect(await adminTokenAttempt(db, "a", limits, false, 31_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    });
    expect(await adminTokenAttempt(db, "b", limits, true, 2000)).toEqual({ allowed: true });
    expect(await adminTokenAttempt(db, "a", limits, true, 61_001)).toEqual({ allowed: true });
  });

  it("never refuse the right token from another client, however many clients fail, in every process", async () => {
    const [one, two] = await connections(2);
    // 100 junk guesses from 100 addresses (as a flood from many clients makes them)...
    for (let i = 0; i < 100; i++)
      expect(
        await adminTokenAttempt(i % 2 ? one : two, `client-${i}`, limits, false, 1000 + i),
      ).toEqual({ allowed: true });
    // ...and one client at its limit: none of it holds back anyone else's right token.
    for (let i = 0; i < limits.perClient; i++)
      await adminTokenAttempt(one, "flooder", limits, false, 1200);
    expect((await adminTokenAttempt(two, "flooder", limits, true, 1300)).allowed).toBe(false);
    expect(await adminTokenAttempt(one, "admin", limits, true, 1300)).toEqual({ allowed: true });
    expect(await adminTokenAttempt(two, "admin", limits, true, 1300)).toEqual({ allowed: true });
  });

  it("count only failures: right tokens never block", async () => {
    const [db] = await connections(1);
    for (let i = 0; i < 100; i++)
      expect((await adminTokenAttempt(db, "a", limits, true, 1000 + i)).allowed).toBe(true);
  });

  it("parallel wrong guesses are checked and counted one at a time: no more pass than the limit", async () => {
    const [db] = await connections(1);
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, () => adminTokenAttempt(db, "guesser", limits, false, 1000)),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(limits.perClient);
  });
});
