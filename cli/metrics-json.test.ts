/**
 * The CLI contracts of WebDetective, EvoBrowseComp, InfoMosaic and generic QA:
 * `ingest <bundle> --db FILE` then `metrics <id> --db FILE --json`, run as users run it.
 */
import { mkdtempSync, rmSync } from "node:fs";
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

const CONTRACTS = {
  webdetective: {
    bundle: () => demoWebDetectiveBundles()[0],
    aggregate: [
      "knowledgeScore",
      "searchScore",
      "generationScore",
      "goodRefusalF1",
      "knowledgeUtilizationF1",
      "forgetRate",
      "leadAstrayRate",
      "pass1",
      "n",
    ],
    sample: [
      "refused",
      "evidence",
      "hopsUsed",
      "hopsGt",
      "searched",
      "cleanEvidenceCorrect",
      "correct",
    ],
    reportsUsage: false,
  },
  evobrowsecomp: {
    bundle: () => demoEvoBundles()[0],
    aggregate: ["accuracy", "exceedRatio", "n", "runs"],
    sample: [
      "language",
      "setting",
      "correct",
      "toolCalls",
      "toolCallLimit",
      "exceeded",
      "confidence",
    ],
    reportsUsage: true,
  },
  infomosaic: {
    bundle: () => demoInfoMosaicBundles()[0],
    aggregate: ["accuracy", "passRate", "n"],
    sample: ["domain", "score", "passRate", "correct", "toolCalls"],
    reportsUsage: false,
  },
  qa: {
    bundle: () => demoQaBundles()[0],
    aggregate: ["accuracy", "calibrationError", "n"],
    sample: ["correct", "confidence"],
    reportsUsage: false,
  },
} as const;

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-cli-b5-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The standing's fields (the leaderboard API's) under `aggregate`. */
const STANDING_KEYS = [
  "tasksCovered",
  "tasksTotal",
  "coverageBasis",
  "ranked",
  "rank",
  "preliminary",
  "verified",
  "checks",
  "tokensPerTask",
  "promptTokensPerTask",
  "completionTokensPerTask",
  "costUsdPerTask",
  "costUsdPerCorrect",
  "secondsPerTask",
  "totalCostUsd",
  "totalTokens",
  "totalSeconds",
  "costCi",
  "standingView",
];
/** With several runs per task. */
const RELIABILITY_KEYS = ["passHat", "passAt", "consistency"];

describe.each(Object.entries(CONTRACTS))(
  "cli ingest / metrics --json for %s",
  (benchmark, contract) => {
    it("prints the contract: exactly these aggregate keys; samples with taskId, run and their fields", async () => {
      const [bundle] = writeDemoFiles(join(tmp, benchmark), [contract.bundle()]);
      const dbPath = testDatabaseTarget(join(tmp, `${benchmark}.db`));
      const ingest = await cli("ingest", bundle.dir, "--db", dbPath);
      expect(ingest.code, ingest.stderr).toBe(0);
      const { submissionId, benchmark: b } = JSON.parse(ingest.stdout) as {
        submissionId: number;
        benchmark: string;
      };
      expect(b).toBe(benchmark);
      const run = await cli("metrics", String(submissionId), "--db", dbPath, "--json");
      expect(run.code, run.stderr).toBe(0);
      const out = JSON.parse(run.stdout) as {
        benchmark: string;
        aggregate: Record<string, number | null>;
        samples: Record<string, unknown>[];
      };
      expect(out.benchmark).toBe(benchmark);
      expect(Object.keys(out.aggregate).sort()).toEqual(
        [
          ...contract.aggregate,
          ...STANDING_KEYS,
          "grounding",
          ...((contract.aggregate as readonly string[]).includes("runs") ? RELIABILITY_KEYS : []),
        ].sort(),
      );
      // Its standing among the approved submissions of its version (none here): ranked alone, on its own task set.
      const standing = out.aggregate as unknown as Record<string, unknown>;
      expect(standing).toMatchObject({
        ranked: true,
        rank: 1,
        coverageBasis: "largest-submission",
        standingView: { split: null },
      });
      expect(standing.tasksCovered).toBe(standing.tasksTotal);
      expect(Array.isArray(standing.checks)).toBe(true);
      // Answer grounding: the submission's counts add up to its correct runs.
      const grounding = standing.grounding as Record<string, number>;
      expect(grounding.groundedCorrect + grounding.ungroundedCorrect).toBe(grounding.correct);
      for (const key of contract.aggregate) {
        const value = out.aggregate[key];
        expect(typeof value, key).toBe("number");
        if (key !== "n" && key !== "runs") {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
      }
      expect(out.samples.length).toBeGreaterThan(0);
      // A demo that reports each run's usage shows it on the samples (lib/export/metrics-report.test.ts covers the figures).
      if (contract.reportsUsage)
        expect(
          out.samples.some((s) => typeof s.tokens === "number" && typeof s.seconds === "number"),
        ).toBe(true);
      for (const s of out.samples) {
        expect(typeof s.taskId).toBe("string");
        expect(Number.isInteger(s.run)).toBe(true);
        for (const key of contract.sample) expect(s, key).toHaveProperty(key);
        // Every benchmark's samples carry their usage, null where the bundle reports none.
        for (const key of ["tokens", "costUsd", "seconds", "answerSeenAtCall", "goldSeenAtCall"])
          expect(s[key] === null || typeof s[key] === "number", key).toBe(true);
      }
    }, 60_000);
  },
);
