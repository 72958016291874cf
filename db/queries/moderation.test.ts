/**
 * The moderation queue's confusable names against a real database (SQLite, or PostgreSQL
 * with SEEKBOARD_TEST_ENGINE=postgres): submissions of three teams and of the command line
 * on two benchmarks, and which pending ones the queue flags.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BenchmarkId } from "../../lib/benchmarks/registry";
import { closeDb, type Db } from "../client";
import { ensureBenchmark } from "../ingest-shared";
import { submissions, uploadTokens, type StoredSubmissionStatus } from "../schema";
import { openTestDb } from "../../test/db";
import { confusableNames, listModerationQueue } from "./moderation";

let tmp: string;
let db: Db;
const teams = new Map<string, number>();
let hash = 0;

async function submit(
  benchmarkId: BenchmarkId,
  model: string,
  team: string | null,
  status: StoredSubmissionStatus,
  agent: string | null = null,
): Promise<number> {
  const [row] = await db
    .insert(submissions)
    .values({
      benchmarkId,
      benchmarkVersion: "v1",
      model,
      agent,
      setting: "default",
      bundleHash: String(hash++).padStart(64, "0"),
      uploadedAt: `2026-11-0${hash}T00:00:00Z`,
      status,
      source: team === null ? "cli" : "upload",
      sampleCount: 1,
      taskCount: 1,
      runs: 1,
      uploaderTokenId: team === null ? null : teams.get(team)!,
    })
    .returning({ id: submissions.id });
  return row.id;
}

const ids = new Map<string, number>();

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-moderation-"));
  db = await openTestDb(join(tmp, "test.db"));
  await ensureBenchmark(db, "qa");
  await ensureBenchmark(db, "webdetective");
  // Two tokens of one team are one team.
  for (const [i, team] of ["Acme", "Acme", "Beta", "Acrne"].entries()) {
    const [row] = await db
      .insert(uploadTokens)
      .values({ team, tokenHash: String(i).repeat(64), createdAt: "2026-11-01T00:00:00Z" })
      .returning({ id: uploadTokens.id });
    if (!teams.has(team)) teams.set(team, row.id);
  }
  ids.set("acme", await submit("qa", "GPT-4o-search", "Acme", "approved", "ReAct"));
  ids.set("cli", await submit("qa", "Claude-3", null, "approved"));
  ids.set("rejected", await submit("qa", "Gemini-2", "Acme", "rejected"));
  // An import not yet published is seen by no one.
  ids.set("importing", await submit("qa", "Mistral-7", "Acme", "importing"));
  // Pending, all of Beta unless said otherwise.
  ids.set("cyrillic", await submit("qa", "GPT-4\u043e-search", "Beta", "pending", "R\u0435Act"));
  ids.set("same", await submit("qa", "GPT-4o-search", "Beta", "pending"));
  ids.set("cliLike", await submit("qa", "C1aude-3", "Beta", "pending"));
  ids.set("vsRejected", await submit("qa", "Gemini-\u01a7", "Beta", "pending"));
  ids.set("vsImporting", await submit("qa", "Mistra1-7", "Beta", "pending"));
  ids.set("otherBenchmark", await submit("webdetective", "GPT-4\u03bf-search", "Beta", "pending"));
  ids.set("ownTeam", await submit("qa", "GPT-4o-\u0455earch", "Acme", "pending"));
  ids.set("teamName", await submit("qa", "Unrelated", "Acrne", "pending"));
}, 60_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

describe("confusableNames", () => {
  it("flags the pending names another team's submission on the same benchmark has spelt alike", async () => {
    const queue = await listModerationQueue(db);
    const flagged = await confusableNames(db, queue);
    const byKey = (key: string) => flagged.get(ids.get(key)!) ?? [];
    expect(byKey("cyrillic")).toEqual([
      {
        field: "model",
        name: "GPT-4\u043e-search",
        other: "GPT-4o-search",
        otherId: ids.get("acme"),
        otherTeam: "Acme",
        otherStatus: "approved",
      },
      // Acme's own pending `GPT-4o-ѕearch` (Cyrillic ѕ) too: pending names count.
      {
        field: "model",
        name: "GPT-4\u043e-search",
        other: "GPT-4o-\u0455earch",
        otherId: ids.get("ownTeam"),
        otherTeam: "Acme",
        otherStatus: "pending",
      },
      {
        field: "agent",
        name: "R\u0435Act",
        other: "ReAct",
        otherId: ids.get("acme"),
        otherTeam: "Acme",
        otherStatus: "approved",
      },
    ]);
    // The command line's submissions are another team's.
    expect(byKey("cliLike")).toMatchObject([{ other: "Claude-3", otherTeam: null }]);
    // A team name that passes for another team's (`rn` for `m`).
    expect(byKey("teamName")).toMatchObject([{ field: "team", name: "Acrne", other: "Acme" }]);
  });

  it("leaves out the same name, a rejected or unpublished submission's, another benchmark's and the team's own", async () => {
    const flagged = await confusableNames(db, await listModerationQueue(db));
    // `same` is Beta's exact `GPT-4o-search`: not confusable, but Beta's Cyrillic one is Beta's own.
    expect(flagged.has(ids.get("same")!)).toBe(true);
    expect(flagged.get(ids.get("same")!)!.map((n) => n.other)).toEqual(["GPT-4o-\u0455earch"]);
    expect(flagged.has(ids.get("vsRejected")!)).toBe(false);
    expect(flagged.has(ids.get("vsImporting")!)).toBe(false);
    expect(flagged.has(ids.get("otherBenchmark")!)).toBe(false);
    // Acme's pending name is flagged against Beta's, never against Acme's own approved one;
    // and Acme's team name against Acrne's.
    expect(flagged.get(ids.get("ownTeam")!)!.map((n) => [n.field, n.other, n.otherTeam])).toEqual([
      ["model", "GPT-4\u043e-search", "Beta"],
      ["model", "GPT-4o-search", "Beta"],
      ["team", "Acrne", "Acrne"],
    ]);
    expect(await confusableNames(db, [])).toEqual(new Map());
  });
});
