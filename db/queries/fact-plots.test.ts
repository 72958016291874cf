import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoQaBundles } from "../../lib/benchmarks/qa/demo";
import { deltaFacts, fcrPassBins } from "../../lib/benchmarks/mpw/analysis";
import type { DemoFiles } from "../../lib/demo/files";
import { bundleDir, jsonl, mpwManifest, mpwRecords } from "../../test/api/support";
import { testDatabase } from "../../test/db";
import { ingestBundle } from "../ingest";
import {
  analysisData,
  callSeriesRows,
  fcrPassRows,
  parseStoredCounts,
  UnknownSubmissionError,
} from "./fact-plots";

const { db, tmp } = testDatabase("fact-plots");
const OPTIONS = { source: "test", status: "approved" } as const;
const DEFAULTS = { bins: 15, kCohort: 8, nThreshold: 50, kTrunc: 8 };

function write(bundle: DemoFiles): string {
  const dir = join(tmp, bundle.name);
  for (const [name, text] of Object.entries(bundle.files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe("the fact plots over stored submissions", () => {
  it("read the fact-scored samples of the ids' benchmark, computed by its module; refuse others by id", async () => {
    const mpw = await ingestBundle(
      db(),
      bundleDir(tmp, { "results.jsonl": jsonl(mpwRecords(0)) }, mpwManifest("Alpha 7B")),
      OPTIONS,
    );
    const qa = await ingestBundle(db(), write(demoQaBundles()[0]), OPTIONS);
    const ids = [mpw.submissionId];

    const points = await fcrPassRows(db(), ids);
    expect(points.length).toBeGreaterThan(0);
    expect(await analysisData(db(), "fcr-pass1", ids, DEFAULTS)).toEqual({
      kind: "fcr-pass1",
      submissions: ids,
      ...fcrPassBins(points, DEFAULTS.bins),
    });
    const series = await callSeriesRows(db(), ids, ["finished", "max_turns_reached"], 8);
    expect(await analysisData(db(), "delta-facts", ids, DEFAULTS)).toEqual({
      kind: "delta-facts",
      submissions: ids,
      ...deltaFacts(series, 8, 50),
    });
    // A QA submission has no fact figures: no plot, an error naming it, alone or pooled.
    for (const pool of [[qa.submissionId], [mpw.submissionId, qa.submissionId]]) {
      const error = await analysisData(db(), "truncated", pool, DEFAULTS).catch((e) => e);
      expect(error).toBeInstanceOf(UnknownSubmissionError);
      expect(error.ids).toEqual([qa.submissionId]);
    }
    expect(await fcrPassRows(db(), [qa.submissionId])).toEqual([]);
  });
});

describe("parseStoredCounts", () => {
  it("reads what JSON.stringify wrote for per-call counts", () => {
    for (const counts of [
      [],
      [0],
      [3],
      [0, 1, 0, 2],
      [10, 0, 123, 7],
      Array.from({ length: 40 }, (_, i) => i % 4),
    ]) {
      expect(parseStoredCounts(JSON.stringify(counts))).toEqual(counts);
    }
  });

  it("hands anything else to JSON.parse: same answer, or its error", () => {
    for (const text of ["[ 1, 2 ]", "[1.5]", "[-1]", "[1e2]", "[01]", "[00]", "[null]", "[true]"]) {
      let expected: unknown;
      try {
        expected = JSON.parse(text);
      } catch (error) {
        expected = error;
      }
      if (expected instanceof Error) expect(() => parseStoredCounts(text)).toThrow(SyntaxError);
      else expect(parseStoredCounts(text)).toEqual(expected);
    }
    for (const text of ["[1,,2]", "[,1]", "[1,]", "[", "1,2]", ""])
      expect(() => parseStoredCounts(text)).toThrow(SyntaxError);
  });
});
