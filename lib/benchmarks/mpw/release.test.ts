/** The MPW authors' released result file (test/fixtures/mpw/release, Apache-2.0), read as a new user's upload is. */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readManifest } from "../../import/manifest";
import { describe, expect, it } from "vitest";
import { callsOf, repeatedQueries } from "../../trajectory/calls";
import { parseMpwResultRecord } from "./import";
import { mpwDiagnosis } from "./review";
import type { ReviewedSample } from "../review";

const FILE = join(
  __dirname,
  "..",
  "..",
  "..",
  "test",
  "fixtures",
  "mpw",
  "release",
  "Qwen3-30B-A3B_setting_b_results.jsonl",
);
const LINES = readFileSync(FILE, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "");
const RECORDS = LINES.map((line) => JSON.parse(line));
const samples = RECORDS.map((r, i) => parseMpwResultRecord(r, "results.jsonl", i + 1));

function reviewed(i: number): ReviewedSample {
  const s = samples[i];
  return {
    correct: s.verdict.correct,
    status: s.status,
    prediction: s.prediction,
    metrics: null,
    detail: null,
    firstCoveredAt: s.metrics.firstCoveredAt,
    steps: s.steps,
    hitLog: s.hitLog.map((h) => ({ ...h, compound: h.isCompoundQuery })),
    task: { atomicFacts: s.task.atomicFacts, extra: null },
  };
}

describe("the MPW authors' Qwen3-30B-A3B setting-B results", () => {
  it("counts the calls the environment answered: the records' own tool-call logs", () => {
    for (const [i, record] of RECORDS.entries()) {
      const calls = callsOf(samples[i].steps);
      const logged = record.trajectory_log.tool_calls.map((c: { query: string }) => c.query);
      expect(calls.map((c) => c.query)).toEqual(logged);
      expect(samples[i].metrics.toolCalls).toBe(calls.length);
    }
    expect(callsOf(samples[1].steps)).toHaveLength(8);
  });

  it("ties each search result to its own call: the SERP echoes the call's query", () => {
    for (const sample of samples) {
      const calls = callsOf(sample.steps);
      const results = sample.steps.filter((s) => s.kind === "tool_result");
      expect(results).toHaveLength(calls.length);
      for (const call of calls) {
        const result = results.find((r) => r.callIndex === call.callIndex);
        expect(result?.serp?.search_query).toBe(call.query);
      }
    }
  });

  it("keeps the drafts written inside the reasoning as thought, not as calls or messages", () => {
    const steps = samples[1].steps;
    const drafts = steps.filter(
      (s) => s.kind === "thought" && s.text.includes('"2022-23德甲积分榜 前四名"'),
    );
    expect(drafts).toHaveLength(1);
    const messages = steps.filter((s) => s.kind === "other" && s.role === "assistant");
    expect(messages.filter((s) => s.kind === "other" && s.text.includes("<tool_call>"))).toEqual(
      [],
    );
    // Every assistant turn opens with its reasoning.
    const firstOfTurn = steps.filter(
      (s, i) => s.role === "assistant" && (i === 0 || steps[i - 1].role !== "assistant"),
    );
    expect(firstOfTurn.every((s) => s.kind === "thought")).toBe(true);
    expect(steps.filter((s) => s.malformed !== null)).toEqual([]);
  });

  it("ties hit-log entries to calls by the query each records", () => {
    for (const sample of samples) {
      const calls = new Map(callsOf(sample.steps).map((c) => [c.callIndex, c]));
      for (const entry of sample.hitLog)
        expect(calls.get(entry.callIndex)?.query).toBe(entry.query);
    }
  });

  it("counts repeated queries among calls that ran, and agrees with the header's call count", () => {
    const calls = callsOf(samples[1].steps);
    // Calls 3, 5 and 7 all sent "2022-23英超积分榜 前四名".
    expect([...repeatedQueries(calls)]).toEqual([
      [5, 3],
      [7, 3],
    ]);
    const texts = mpwDiagnosis(reviewed(1)).items.map((item) => item.text);
    expect(texts).toContain("2 repeated queries (first at call 5, repeating call 3)");
    expect(texts.some((t) => /after 8 calls$/.test(t))).toBe(true);
  });

  it('is stored as Setting B-fewshot from a manifest that says "B": its system prompt is the few-shot one', () => {
    const root = mkdtempSync(join(tmpdir(), "mpw-release-"));
    copyFileSync(FILE, join(root, "results.jsonl"));
    writeFileSync(
      join(root, "manifest.json"),
      JSON.stringify({
        benchmark: "mpw",
        model: "Qwen3-30B-A3B",
        setting: "B",
        results: ["results.jsonl"],
      }),
    );
    expect(readManifest(root).setting).toBe("B-fewshot");
  });
});
