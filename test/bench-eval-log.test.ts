import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipMembers } from "./zip-members";
import { afterEach, describe, expect, it } from "vitest";
import { writeBenchEvalLog } from "../scripts/bench/inspect";

describe("the bench's .eval writer", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes the same log byte for byte each time, with the samples and tool calls it reports", async () => {
    dir = mkdtempSync(join(tmpdir(), "bench-eval-"));
    const first = await writeBenchEvalLog(join(dir, "a.eval"), 500_000);
    const second = await writeBenchEvalLog(join(dir, "b.eval"), 500_000);
    expect(readFileSync(first.path).equals(readFileSync(second.path))).toBe(true);
    // Read back with CRCs checked, by the reader the importer uses.
    const members = await zipMembers(first.path);
    expect(first.fileBytes).toBe(readFileSync(first.path).length);
    const samples = [...members.keys()].filter((name) => name.startsWith("samples/"));
    expect(samples).toHaveLength(first.samples);
    const calls = samples.reduce((sum, name) => {
      const sample = JSON.parse(members.get(name)!) as { messages: { tool_calls?: unknown[] }[] };
      return sum + sample.messages.reduce((n, m) => n + (m.tool_calls?.length ?? 0), 0);
    }, 0);
    expect(calls).toBe(first.toolCalls);
    expect(JSON.parse(members.get("header.json")!)).toMatchObject({
      version: 2,
      status: "success",
      results: { total_samples: first.samples },
    });
  });
});
