import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { messageSchema } from "../bundle-format/schema";
import { BundleError } from "../import/errors";
import { atifTime, atifToMessages, parseAtifTrajectory } from "./atif";
import { messageTimestampSchema, stepsFromMessages } from "./messages";
import type { ToolCallStep, ToolResultStep } from "./steps";

const FIXTURES = join(__dirname, "../../test/fixtures/atif");
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), "utf8"));
const read = (name: string) => parseAtifTrajectory(fixture(name), name);

/** The error's details, for matching on field and message. */
function errorOf(run: () => unknown): BundleError {
  try {
    run();
  } catch (error) {
    if (error instanceof BundleError) return error;
    throw error;
  }
  throw new Error("expected a BundleError");
}

/** The messages as the Seekboard format parses them, then as steps. */
function stepsOf(name: string) {
  const { messages } = atifToMessages(read(name));
  return stepsFromMessages(messages.map((message) => messageSchema.parse(message)));
}

describe("parseAtifTrajectory", () => {
  it("reads a minimal v1.0 trajectory", () => {
    const trajectory = read("v1.0-minimal.json");
    expect(trajectory.schema_version).toBe("ATIF-v1.0");
    expect(trajectory.agent).toEqual({ name: "echo-agent", version: "0.1.0" });
    expect(trajectory.steps.map((step) => step.source)).toEqual(["user", "agent"]);
  });

  it("reads Harbor's own golden trajectories (OpenHands v1.5, Terminus-2 v1.6)", () => {
    expect(read("harbor/openhands-hello-world.trajectory.json").steps).toHaveLength(6);
    expect(read("harbor/terminus-2-context-summarization.trajectory.json").steps).toHaveLength(10);
  });

  it("refuses an unknown major version, naming the versions it reads", () => {
    const error = errorOf(() => read("bad-version.json"));
    expect(error.details).toEqual([
      {
        file: "bad-version.json",
        line: null,
        field: "schema_version",
        message:
          "ATIF major version 2 (ATIF-v2.0) is not one Seekboard reads; it reads ATIF-v1.0 … ATIF-v1.7",
      },
    ]);
  });

  it("refuses a newer minor and a version that is no ATIF version", () => {
    const base = fixture("v1.0-minimal.json") as object;
    expect(
      errorOf(() => parseAtifTrajectory({ ...base, schema_version: "ATIF-v1.8" }, "t.json"))
        .details[0].message,
    ).toBe(
      "ATIF-v1.8 is newer than the ATIF versions Seekboard reads (it reads ATIF-v1.0 … ATIF-v1.7)",
    );
    expect(
      errorOf(() => parseAtifTrajectory({ ...base, schema_version: "1.4" }, "t.json")).details[0],
    ).toMatchObject({ field: "schema_version" });
  });

  it("refuses an observation naming a call its step did not make", () => {
    const error = errorOf(() => read("bad-call.json"));
    expect(error.details).toEqual([
      {
        file: "bad-call.json",
        line: null,
        field: "steps.1.observation.results.1.source_call_id",
        message: "call_9 names no tool call of step 2 (its calls are call_1)",
      },
    ]);
  });

  it("names the field under the given prefix and line, for a trajectory inside a results line", () => {
    const error = errorOf(() =>
      parseAtifTrajectory(fixture("bad-call.json"), "samples.jsonl", 3, ["trajectory"]),
    );
    expect(error.details[0]).toMatchObject({
      file: "samples.jsonl",
      line: 3,
      field: "trajectory.steps.1.observation.results.1.source_call_id",
    });
    expect(error.message).toBe(
      "samples.jsonl, line 3, field trajectory.steps.1.observation.results.1.source_call_id: call_9 names no tool call of step 2 (its calls are call_1)",
    );
  });

  it("checks the rules of Harbor's models: step ids in order, agent-only fields, session_id before v1.7", () => {
    const error = errorOf(() =>
      parseAtifTrajectory(
        {
          schema_version: "ATIF-v1.6",
          agent: { name: "a", version: "1" },
          steps: [
            { step_id: 1, source: "user", message: "q", reasoning_content: "no" },
            { step_id: 3, source: "agent", message: "a" },
          ],
        },
        "t.json",
      ),
    );
    expect(error.details.map((detail) => detail.field)).toEqual([
      "session_id",
      "steps.0.reasoning_content",
      "steps.1.step_id",
    ]);
    expect(error.details[2].message).toBe("expected 2 (step ids run 1, 2, … in order), got 3");
  });

  it("refuses unknown keys and wrong types, naming the field", () => {
    const base = fixture("v1.0-minimal.json") as { steps: object[] };
    const typo = { ...base, steps: [{ step_id: 1, source: "user", mesage: "q", message: "q" }] };
    // The unknown key is the field; "message" is given too, so it is not offered as a fix.
    expect(errorOf(() => parseAtifTrajectory(typo, "t.json")).details[0]).toMatchObject({
      field: "steps.0.mesage",
      message: 'unknown field "mesage"',
    });
    const negative = {
      ...base,
      steps: [{ step_id: 1, source: "agent", message: "a", metrics: { prompt_tokens: -1 } }],
    };
    expect(errorOf(() => parseAtifTrajectory(negative, "t.json")).details[0]).toMatchObject({
      field: "steps.0.metrics.prompt_tokens",
    });
  });

  it("reads a v1.7 session-less trajectory, and checks its subagent references and embedded subagents", () => {
    const trajectory = read("v1.7-subagents.json");
    expect(trajectory.session_id).toBe("run-7");
    expect(trajectory.subagent_trajectories?.[0].trajectory_id).toBe("researcher-a");

    const v17 = fixture("v1.7-subagents.json") as Record<string, unknown>;
    const { session_id: _sessionId, ...sessionless } = v17;
    expect(parseAtifTrajectory(sessionless, "t.json").session_id).toBeUndefined();

    const unresolvable = structuredClone(v17) as {
      steps: { observation?: { results: { subagent_trajectory_ref?: object[] }[] } }[];
    };
    unresolvable.steps[1].observation!.results[0].subagent_trajectory_ref = [
      { session_id: "run-7" },
    ];
    expect(errorOf(() => parseAtifTrajectory(unresolvable, "t.json")).details).toEqual([
      {
        file: "t.json",
        line: null,
        field: "steps.1.observation.results.0.subagent_trajectory_ref.0",
        message: "a subagent reference needs trajectory_id or trajectory_path from ATIF-v1.7 on",
      },
    ]);

    const unnamed = structuredClone(v17) as { subagent_trajectories: Record<string, unknown>[] };
    unnamed.subagent_trajectories.push(
      { ...unnamed.subagent_trajectories[0] },
      { ...unnamed.subagent_trajectories[0], trajectory_id: null },
    );
    expect(
      errorOf(() => parseAtifTrajectory(unnamed, "t.json")).details.map((detail) => [
        detail.field,
        detail.message,
      ]),
    ).toEqual([
      [
        "subagent_trajectories.1.trajectory_id",
        "researcher-a is used by an earlier embedded subagent",
      ],
      [
        "subagent_trajectories.2.trajectory_id",
        "an embedded subagent trajectory needs a trajectory_id",
      ],
    ]);
  });

  it("requires session_id on a subagent reference before v1.7", () => {
    const harbor = fixture("harbor/terminus-2-context-summarization.trajectory.json") as {
      steps: {
        observation?: { results: { subagent_trajectory_ref?: Record<string, unknown>[] }[] };
      }[];
    };
    const refs = harbor.steps[4].observation!.results[0].subagent_trajectory_ref!;
    delete refs[0].session_id;
    expect(errorOf(() => parseAtifTrajectory(harbor, "t.json")).details[0]).toMatchObject({
      field: "steps.4.observation.results.0.subagent_trajectory_ref.0.session_id",
    });
  });
});

describe("atifToMessages", () => {
  it("maps a minimal trajectory, reporting no usage it does not have", () => {
    const { messages, usage, references } = atifToMessages(read("v1.0-minimal.json"));
    expect(messages).toEqual([
      { role: "user", content: "What is the capital of Australia?" },
      { role: "assistant", content: "Canberra" },
    ]);
    expect(usage).toEqual({
      prompt_tokens: null,
      completion_tokens: null,
      cost_usd: null,
      seconds: null,
    });
    expect(references).toEqual({ subagents: [], continued: null });
  });

  it("maps tool calls, observations, reasoning, metrics and timestamps (v1.5)", () => {
    const { messages, usage } = atifToMessages(read("v1.5-tools.json"));
    expect(messages.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(messages[2]).toEqual({
      role: "assistant",
      content: "Searching for the host city and its river.",
      reasoning_content: "The 1900 Olympics were in Paris, I believe; check it and the river.",
      tool_calls: [
        {
          id: "call_s1",
          type: "function",
          function: { name: "web_search", arguments: '{"query":"1900 Summer Olympics host city"}' },
        },
        {
          id: "call_s2",
          type: "function",
          function: { name: "web_search", arguments: '{"query":"river through Paris"}' },
        },
      ],
      usage: {
        prompt_tokens: 1000,
        completion_tokens: 120,
        cost_usd: 0.0015,
        prompt_tokens_details: { cached_tokens: 400 },
      },
      timestamp: "2025-11-02T09:00:04Z",
    });
    expect(messages[3]).toEqual({
      role: "tool",
      tool_call_id: "call_s2",
      content: "The Seine flows through Paris.",
    });
    // final_metrics gives the run's totals; 09:00:00 → 09:00:15.
    expect(usage).toEqual({
      prompt_tokens: 3100,
      completion_tokens: 260,
      cost_usd: 0.0041,
      seconds: 15,
    });
  });

  it("gives steps with calls numbered, results tied to their calls, thoughts and usage", () => {
    const steps = stepsOf("v1.5-tools.json");
    expect(steps.map((step) => step.kind)).toEqual([
      "other", // system prompt
      "other", // the question
      "thought",
      "other", // "Searching for …": assistant text with no answer tag
      "tool_call",
      "tool_call",
      "tool_result",
      "tool_result",
      "tool_call",
      "tool_result",
      "other", // the final message
    ]);
    const calls = steps.filter((step): step is ToolCallStep => step.kind === "tool_call");
    expect(calls.map((call) => [call.callIndex, call.name, call.query])).toEqual([
      [1, "web_search", "1900 Summer Olympics host city"],
      [2, "web_search", "river through Paris"],
      [3, "visit", null],
    ]);
    const results = steps.filter((step): step is ToolResultStep => step.kind === "tool_result");
    // The first result answers the second call: tied by tool_call_id, not by order.
    expect(results.map((result) => [result.callIndex, result.raw])).toEqual([
      [2, "The Seine flows through Paris."],
      [1, "The 1900 Summer Olympics were held in Paris, France."],
      [3, "The Seine is a 777-kilometre-long river in northern France."],
    ]);
    expect(steps[2]).toMatchObject({
      kind: "thought",
      text: "The 1900 Olympics were in Paris, I believe; check it and the river.",
    });
    // Usage sits on the agent message's first step; its time is 09:00:00 (the user step) → 09:00:04.
    expect(steps[2].usage).toEqual({
      promptTokens: 1000,
      completionTokens: 120,
      costUsd: 0.0015,
      seconds: 4,
    });
    // The step after tool messages (which carry no time) gets no elapsed time, only its figures.
    expect(steps[8].usage).toEqual({
      promptTokens: 1000,
      completionTokens: 60,
      costUsd: 0.0012,
      seconds: null,
    });
  });

  it("sums per-step metrics when final_metrics is absent, only when every agent step reports the figure", () => {
    const trajectory = read("v1.5-tools.json");
    const { usage } = atifToMessages({ ...trajectory, final_metrics: undefined });
    expect(usage.prompt_tokens).toBe(3100);
    expect(usage.completion_tokens).toBe(260);
    expect(usage.cost_usd).toBeCloseTo(0.0041, 10);

    const partial = atifToMessages(read("v1.7-subagents.json")).usage;
    // Steps 2 and 4 report tokens (2000 + 500, 100 + 40); only step 4 reports cost: unknown, not 0.002.
    // 12:00:00 → 12:01:30 at +01:00.
    expect(partial).toEqual({
      prompt_tokens: 2500,
      completion_tokens: 140,
      cost_usd: null,
      seconds: 90,
    });
  });

  it("keeps subagent references, the continuation, content parts and system-step observations (v1.7)", () => {
    const { messages, references } = atifToMessages(read("v1.7-subagents.json"));
    expect(references).toEqual({
      subagents: [
        {
          stepId: 2,
          callId: "call_delegate_1",
          sessionId: "run-7",
          trajectoryId: "researcher-a",
          trajectoryPath: null,
        },
        {
          stepId: 2,
          callId: "call_delegate_2",
          sessionId: "run-7-b",
          trajectoryId: null,
          trajectoryPath: "subagents/researcher-b.json",
        },
      ],
      continued: "trajectory.cont-1.json",
    });
    expect(messages[0]).toEqual({
      role: "user",
      content: "Who designed the building in this photo?\n[image: images/building.png]",
      timestamp: "2026-03-01T12:00:00+01:00",
    });
    expect(messages[3]).toEqual({
      role: "tool",
      tool_call_id: "call_delegate_2",
      content: "",
      subagent_trajectory_ref: [
        { trajectory_path: "subagents/researcher-b.json", session_id: "run-7-b" },
      ],
    });
    // A system step's observation stays the system's, not a tool result.
    expect(messages.slice(4, 6)).toEqual([
      {
        role: "system",
        content: "Context compaction performed",
        timestamp: "2026-03-01T12:01:00+01:00",
      },
      { role: "system", content: "Summary: the building is the Sydney Opera House." },
    ]);
    for (const message of messages) expect(() => messageSchema.parse(message)).not.toThrow();
  });

  it("reads Harbor's OpenHands golden: one call answered by id, one never answered", () => {
    const trajectory = read("harbor/openhands-hello-world.trajectory.json");
    const { usage } = atifToMessages(trajectory);
    expect(usage).toEqual({
      prompt_tokens: 220,
      completion_tokens: 80,
      cost_usd: 0.00135,
      seconds: null,
    });
    const steps = stepsOf("harbor/openhands-hello-world.trajectory.json");
    const calls = steps.filter((step): step is ToolCallStep => step.kind === "tool_call");
    expect(calls.map((call) => [call.callIndex, call.name])).toEqual([
      [1, "str_replace_editor"],
      [2, "finish"],
    ]);
    const results = steps.filter((step): step is ToolResultStep => step.kind === "tool_result");
    expect(results.map((result) => result.callIndex)).toEqual([1]);
  });

  it("reads Harbor's Terminus-2 golden: results without a call id, summarization subagents by path", () => {
    const { messages, references } = atifToMessages(
      read("harbor/terminus-2-context-summarization.trajectory.json"),
    );
    expect(
      messages.filter((message) => message.role === "tool" && message.tool_call_id !== undefined),
    ).toEqual([]);
    expect(references.subagents.map((ref) => [ref.stepId, ref.trajectoryPath])).toEqual([
      [5, "trajectory.summarization-1-summary.json"],
      [5, "trajectory.summarization-1-questions.json"],
      [5, "trajectory.summarization-1-answers.json"],
    ]);
    // Each result without an id answers the call its own step made (the only one open).
    const steps = stepsOf("harbor/terminus-2-context-summarization.trajectory.json");
    const results = steps.filter((step): step is ToolResultStep => step.kind === "tool_result");
    expect(results.map((result) => result.callIndex)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe("atifTime", () => {
  it("reads ISO 8601 as Python does, an offset-less time as UTC", () => {
    expect(atifTime("2025-10-11T10:30:00Z")).toEqual({
      iso: "2025-10-11T10:30:00Z",
      seconds: 1760178600,
    });
    expect(atifTime("2025-10-11T10:30:00")).toEqual({
      iso: "2025-10-11T10:30:00Z",
      seconds: 1760178600,
    });
    expect(atifTime("2025-10-11 12:30:00.250000+02:00")).toEqual({
      iso: "2025-10-11T12:30:00.250000+02:00",
      seconds: 1760178600.25,
    });
    expect(atifTime("yesterday")).toBeNull();
    expect(atifTime("2025-13-45T10:30:00Z")).toBeNull();
  });

  it("spells every time it reads the way a Seekboard message's timestamp takes it", () => {
    const spellings = {
      "2025-10-11T10:30Z": "2025-10-11T10:30:00Z",
      "2025-10-11T11:30:00+0100": "2025-10-11T11:30:00+01:00",
      "2025-10-11T11:30:00+01": "2025-10-11T11:30:00+01:00",
      "2025-10-11T10:30:00,5Z": "2025-10-11T10:30:00.5Z",
      "2025-10-11": "2025-10-11T00:00:00Z",
    };
    for (const [written, iso] of Object.entries(spellings)) {
      expect(atifTime(written)?.iso).toBe(iso);
      expect(messageTimestampSchema.safeParse(iso).success).toBe(true);
    }
  });
});
