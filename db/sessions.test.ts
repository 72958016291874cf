/** Server-side sessions: what the cookie holds, what the table keeps, and when a session ends. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTarget } from "../test/db";
import { hashSessionId } from "../lib/auth/sessions";
import { closeDb, openDb, type Db } from "./client";
import { sessions, uploadTokens } from "./schema";
import { findLiveSession, openSession, revokeSession } from "./sessions";
import { issueUploadToken } from "./upload-tokens";

let tmp: string;
let n = 0;
const opened: Db[] = [];

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-sessions-"));
});
afterAll(async () => {
  for (const db of opened) await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

/** A fresh database, opened `count` times (two server processes, or two instances). */
async function connections(count: number): Promise<Db[]> {
  const target = testDatabaseTarget(join(tmp, `sessions-${++n}.db`));
  const dbs: Db[] = [];
  for (let i = 0; i < count; i++) {
    const db = await openDb(target, { retryForMs: 0, maxConnections: 4 });
    opened.push(db);
    dbs.push(db);
  }
  return dbs;
}

const admin = { kind: "admin", adminFingerprint: "ab".repeat(32) } as const;
const t0 = new Date("2030-01-01T00:00:00Z");
const after = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe("sessions", () => {
  it("keep only the id's SHA-256; the id finds its session until it expires", async () => {
    const [db] = await connections(1);
    const { id, expiresAt } = await openSession(db, admin, 3600, t0);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe("2030-01-01T01:00:00.000Z");
    const rows = await db.select().from(sessions);
    expect(rows).toEqual([
      expect.objectContaining({ idHash: hashSessionId(id), kind: "admin", revokedAt: null }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(await findLiveSession(db, id, after(3599))).toEqual({
      kind: "admin",
      adminFingerprint: admin.adminFingerprint,
      uploadTokenId: null,
      expiresAt,
    });
    expect(await findLiveSession(db, id, after(3600))).toBeUndefined();
    for (const other of [undefined, "", "x".repeat(43), `${id}x`])
      expect(await findLiveSession(db, other, t0)).toBeUndefined();
  });

  it("a revoked session is refused in every process: a copy of the cookie stops working", async () => {
    const [one, two] = await connections(2);
    const { id } = await openSession(one, admin, 3600, t0);
    const { id: other } = await openSession(one, admin, 3600, t0);
    expect(await findLiveSession(two, id, after(1))).toBeDefined();
    expect(await revokeSession(two, id, after(2))).toBe(true);
    expect(await findLiveSession(one, id, after(3))).toBeUndefined();
    expect(await findLiveSession(two, id, after(3))).toBeUndefined();
    expect(await revokeSession(one, id, after(4))).toBe(false);
    // Only that session ended.
    expect(await findLiveSession(one, other, after(5))).toBeDefined();
  });

  it("opening one removes the sessions that have expired", async () => {
    const [db] = await connections(1);
    await openSession(db, admin, 60, t0);
    const { id: revoked } = await openSession(db, admin, 3600, t0);
    await revokeSession(db, revoked, t0);
    await openSession(db, admin, 3600, after(61));
    expect((await db.select({ expiresAt: sessions.expiresAt }).from(sessions)).length).toBe(2);
  });

  it("a team session names its upload token and goes when the token is deleted", async () => {
    const [db] = await connections(1);
    const token = await issueUploadToken(db, "Team A", t0);
    const { id } = await openSession(db, { kind: "team", uploadTokenId: token.id }, 3600, t0);
    expect(await findLiveSession(db, id, t0)).toMatchObject({
      kind: "team",
      adminFingerprint: null,
      uploadTokenId: token.id,
    });
    await db.delete(uploadTokens).where(eq(uploadTokens.id, token.id));
    expect(await db.select().from(sessions)).toEqual([]);
  });
});
