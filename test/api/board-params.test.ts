/**
 * unknownBoardParam, the one check behind the board pages' 404s and the leaderboard API's
 * 400s, on the demo data: each board's view-picking parameters, read as its pages read
 * them; the diagnostics page's own where it has others (MPW).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { temporaryDatabase } from "./support";

const tmp = temporaryDatabase("board-params");
const { closeDb, getDb } = await import("@/db/client");
const { ingestBundleDir } = await import("@/db/ingest");
const { writeDemoFiles } = await import("@/db/seed-demo");
const { unknownBoardParam } = await import("@/db/queries/board-params");

const db = await getDb();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "seekboard-board-params-"));
  for (const b of writeDemoFiles(dir))
    await ingestBundleDir(db, b.dir, { source: "test", status: "approved" });
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

describe("unknownBoardParam", () => {
  it("a stored-report board's version and dataset: those of approved submissions, newest first; an empty value is the default", async () => {
    expect(
      await unknownBoardParam(db, "evobrowsecomp", "leaderboard", { version: "1999-01" }),
    ).toEqual({ param: "version", value: "1999-01", valid: ["2026-01", "2025-10"] });
    expect(
      await unknownBoardParam(db, "evobrowsecomp", "diagnostics", {
        version: "1999-01",
        sort: "bogus",
      }),
    ).toMatchObject({ param: "version", value: "1999-01" });
    for (const version of ["2025-10", " 2025-10 ", "", undefined])
      expect(await unknownBoardParam(db, "evobrowsecomp", "leaderboard", { version })).toBeNull();
    // The first of a repeated key, as the page reads it.
    expect(
      await unknownBoardParam(db, "evobrowsecomp", "leaderboard", { version: ["2025-10", "nope"] }),
    ).toBeNull();
    expect(
      await unknownBoardParam(db, "evobrowsecomp", "leaderboard", { version: ["nope", "2025-10"] }),
    ).toMatchObject({ value: "nope" });
    expect(await unknownBoardParam(db, "qa", "leaderboard", { dataset: "nope" })).toEqual({
      param: "dataset",
      value: "nope",
      valid: ["browsecomp-demo@v1", "frames-demo@v1"],
    });
    // A board without a version parameter does not read one.
    expect(
      await unknownBoardParam(db, "webdetective", "leaderboard", {
        version: "1999-01",
        setting: "Z",
      }),
    ).toBeNull();
  });

  it("a stored-report board's setting filter: all, or a setting of its approved submissions", async () => {
    expect(
      await unknownBoardParam(db, "infomosaic", "leaderboard", { setting: "browser" }),
    ).toEqual({ param: "setting", value: "browser", valid: ["all", "domain-tool", "web-only"] });
    for (const setting of ["all", "web-only"])
      expect(await unknownBoardParam(db, "infomosaic", "diagnostics", { setting })).toBeNull();
  });

  it("MPW: setting and tier on the leaderboard; the analysis page's cohort setting and pooled settings, every pooled one checked", async () => {
    expect(await unknownBoardParam(db, "mpw", "leaderboard", { setting: "Z" })).toEqual({
      param: "setting",
      value: "Z",
      valid: ["A", "B-guidance", "B-fewshot", "C"],
    });
    expect(await unknownBoardParam(db, "mpw", "leaderboard", { tier: "nope" })).toEqual({
      param: "tier",
      value: "nope",
      valid: ["overall", "easy", "medium", "hard"],
    });
    expect(
      await unknownBoardParam(db, "mpw", "leaderboard", {
        setting: "B-fewshot",
        tier: "hard",
        sort: "bogus",
        dir: "sideways",
      }),
    ).toBeNull();
    // The analysis page reads neither setting nor tier.
    expect(
      await unknownBoardParam(db, "mpw", "diagnostics", { setting: "Z", tier: "nope" }),
    ).toBeNull();
    expect(await unknownBoardParam(db, "mpw", "diagnostics", { cohortSetting: "Z" })).toMatchObject(
      { param: "cohortSetting", value: "Z" },
    );
    expect(
      await unknownBoardParam(db, "mpw", "diagnostics", { pool: ["C", "B-fewshot,Z"] }),
    ).toMatchObject({ param: "pool", value: "Z" });
    expect(
      await unknownBoardParam(db, "mpw", "diagnostics", {
        pool: ["C", " B-fewshot, B-guidance"],
        cohortSetting: "C",
      }),
    ).toBeNull();
  });

  it("WideSearch: the language on both pages", async () => {
    for (const page of ["leaderboard", "diagnostics"] as const) {
      expect(await unknownBoardParam(db, "widesearch", page, { lang: "xx" })).toEqual({
        param: "lang",
        value: "xx",
        valid: ["all", "en", "zh"],
      });
      expect(await unknownBoardParam(db, "widesearch", page, { lang: "zh" })).toBeNull();
    }
  });
});
