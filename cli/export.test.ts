/**
 * `cli export` as users run it: export → ingest into a fresh database gives the same
 * `metrics --json` for each Seekboard-format benchmark; a folder in use and a
 * native-format benchmark are refused with exit 2 and a message, nothing written.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDemoFiles } from "../db/seed-demo";
import { demoEvoBundles } from "../lib/benchmarks/evobrowsecomp/demo";
import { demoInfoMosaicBundles } from "../lib/benchmarks/infomosaic/demo";
import { demoQaBundles } from "../lib/benchmarks/qa/demo";
import { demoWebDetectiveBundles } from "../lib/benchmarks/webdetective/demo";
import { runCli } from "./run-cli";
import { testDatabaseTarget } from "../test/db";

const cli = (...args: string[]) => runCli(args);

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-cli-export-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function ingest(dir: string, dbPath: string): Promise<number> {
  const run = await cli("ingest", dir, "--db", dbPath);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { submissionId: number }).submissionId;
}

async function metrics(id: number, dbPath: string): Promise<Record<string, unknown>> {
  const run = await cli("metrics", String(id), "--db", dbPath, "--json");
  expect(run.code, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout) as Record<string, unknown>;
  return { ...report, submission: { ...(report.submission as object), id: null } };
}

const BUNDLES = {
  webdetective: () => demoWebDetectiveBundles()[0],
  evobrowsecomp: () => demoEvoBundles()[0],
  qa: () => demoQaBundles()[0],
};

describe.each(Object.entries(BUNDLES))("cli export for %s", (benchmark, bundle) => {
  it("prints the export as JSON; the folder ingests into a fresh database to the same metrics --json", async () => {
    const [demo] = writeDemoFiles(join(tmp, benchmark), [bundle()]);
    const source = testDatabaseTarget(join(tmp, `${benchmark}-source.db`));
    const id = await ingest(demo.dir, source);
    const out = join(tmp, `${benchmark}-export`);
    const run = await cli("export", String(id), "--out", out, "--db", source);
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as { samples: number };
    expect(printed).toEqual({
      submissionId: id,
      out,
      samples: expect.any(Number),
      files: ["manifest.json", "samples.jsonl"],
      inexactTrajectories: 0,
    });
    expect(printed.samples).toBeGreaterThan(0);
    const target = testDatabaseTarget(join(tmp, `${benchmark}-target.db`));
    const again = await ingest(out, target);
    expect(await metrics(again, target)).toEqual(await metrics(id, source));
  }, 60_000);
});

describe("cli export refusals", () => {
  it("exit 2 for a folder that is not empty, and for a native-format benchmark; 64 for a bad id", async () => {
    const dbPath = testDatabaseTarget(join(tmp, "refusals.db"));
    const [qa] = writeDemoFiles(join(tmp, "refusals-qa"), [demoQaBundles()[1]]);
    const [mosaic] = writeDemoFiles(join(tmp, "refusals-mosaic"), [demoInfoMosaicBundles()[0]]);
    const qaId = await ingest(qa.dir, dbPath);
    const mosaicId = await ingest(mosaic.dir, dbPath);

    const busy = join(tmp, "busy");
    mkdirSync(busy);
    writeFileSync(join(busy, "keep.txt"), "mine");
    const inUse = await cli("export", String(qaId), "--out", busy, "--db", dbPath);
    expect(inUse.code).toBe(2);
    expect(inUse.stderr).toContain(`${busy} is not empty`);
    expect(readdirSync(busy)).toEqual(["keep.txt"]);

    const nativeOut = join(tmp, "native");
    const native = await cli("export", String(mosaicId), "--out", nativeOut, "--db", dbPath);
    expect(native.code).toBe(2);
    expect(native.stderr).toContain(
      `submission ${mosaicId} cannot be exported: InfoMosaic-Bench takes its own evaluation files`,
    );
    expect(() => readdirSync(nativeOut)).toThrow(/ENOENT/);

    expect((await cli("export", "abc", "--db", dbPath)).code).toBe(64);
    const missing = await cli("export", "999", "--out", join(tmp, "none"), "--db", dbPath);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no submission 999");
  }, 60_000);
});
