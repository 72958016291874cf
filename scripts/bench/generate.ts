/**
 * Bench data: MPW bundles at leaderboard scale, written to disk as real bundles (streamed,
 * one record at a time) so they go through the same importer as an upload.
 *
 * The 34 demo (model, setting) pairs are not enough, so the search-setting pairs are
 * cloned with a suffix ("MindWatcher 32B · seed 2"): the generator seeds on the model
 * name, so every clone's records differ. Tool-call targets are rescaled so the mean is
 * about 10 calls a sample (each with a 4-entry SERP), as the issue asks.
 */
import { z } from "zod";
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { demoTaskLines } from "../../lib/benchmarks/mpw/demo";
import {
  MPW_DEMO_MODELS,
  type MpwDemoModel,
  type MpwTarget,
} from "../../lib/benchmarks/mpw/demo-models";
import { generateMpwRecord, type DemoTaskInput } from "../../lib/benchmarks/mpw/demo-records";
import type { MpwSetting } from "../../lib/benchmarks/mpw/manifest";
import { parseMpwTaskRecord } from "../../lib/benchmarks/mpw/import";
import { seededRandom, seedFrom } from "../../lib/random";

/**
 * Target passed to the generator; its draws average ≈ 0.97 × the target once the
 * per-tier scale and the 32-turn cap apply, so 10.3 gives ≈ 10 calls a sample.
 */
export const MEAN_CALLS_TARGET = 10.3;
/** Per-submission spread around the mean (averages to 1 over any 5 consecutive submissions). */
const CALL_FACTORS = [0.7, 0.85, 1, 1.15, 1.3];
/** A hand-built trajectory the trajectory page is timed on: web searches, each answered by a SERP. */
export interface LongTrajectory {
  /** Tool calls, each a thought, a `web_search` call and its result. */
  calls: number;
  /**
   * Megabyte-sized tool outputs: the results of calls `first`, `first + every`, … hold
   * about `bytes` bytes each, alternately a SERP of 4 long pages (the first) and a fetched
   * page's raw text in a `<tool_response>` (not a SERP); null: every result is a 4-entry
   * SERP of a few hundred bytes.
   */
  large: { first: number; every: number; bytes: number } | null;
}

/** The trajectory the page targets are stated on: one page of steps, no large outputs. */
export const LONG_TRAJECTORY: LongTrajectory = { calls: 40, large: null };

/**
 * The issue's long trajectory: 500 calls (about 1,500 steps, so the page holds the first
 * 150) with ten 1 MiB tool outputs, one of them on the first page. About 11 MB on one
 * line: far under the importer's limits (64 MiB a line, 1 GiB unpacked, 200 MiB uploaded).
 */
export const VERY_LONG_TRAJECTORY: LongTrajectory = {
  calls: 500,
  large: { first: 10, every: 50, bytes: 2 ** 20 },
};

export interface BenchTasks {
  lines: string[];
  inputs: DemoTaskInput[];
}

/** The demo's task set (3 real MPW tasks, then synthetic ones), as lines and generator inputs. */
export function benchTasks(count: number): BenchTasks {
  const lines = demoTaskLines(count);
  const inputs = lines.map((line, i) => {
    const value = JSON.parse(line) as { index: number };
    const task = parseMpwTaskRecord(value, "tasks.jsonl", i + 1);
    return {
      index: value.index,
      position: i,
      category: task.category ?? "Real sample",
      question: task.question ?? "",
      answer: task.goldAnswer ?? "",
      atomicFacts: task.atomicFacts,
    };
  });
  return { lines, inputs };
}

export interface BenchSubmission {
  model: MpwDemoModel;
  setting: Exclude<MpwSetting, "A">;
  judgeVariant: "answer" | "judge_response" | "evaluation";
}

/** `count` distinct (model, setting) submissions, all with search, ≈ 10 tool calls a sample on average. */
export function benchSubmissions(count: number): BenchSubmission[] {
  const pairs: { model: MpwDemoModel; setting: Exclude<MpwSetting, "A"> }[] = [];
  // Setting C first: the default leaderboard is setting C, and a small run should fill it.
  for (const setting of ["C", "B-fewshot", "B-guidance"] as const) {
    for (const model of MPW_DEMO_MODELS) if (model.targets[setting]) pairs.push({ model, setting });
  }
  const out: BenchSubmission[] = [];
  for (let i = 0; out.length < count; i++) {
    const { model, setting } = pairs[i % pairs.length];
    const clone = Math.floor(i / pairs.length);
    const base = model.targets[setting] as MpwTarget;
    const target: MpwTarget = {
      ...base,
      toolCalls: MEAN_CALLS_TARGET * CALL_FACTORS[i % CALL_FACTORS.length],
    };
    out.push({
      model: {
        ...model,
        model: clone === 0 ? model.model : `${model.model} · seed ${clone + 1}`,
        targets: { [setting]: target },
      },
      setting,
      judgeVariant: (["answer", "judge_response", "evaluation"] as const)[i % 3],
    });
  }
  return out;
}

/** A file written through a 1 MiB buffer: bundles of any size with flat memory. */
class BufferedWriter {
  private readonly fd: number;
  private chunks: string[] = [];
  private size = 0;
  bytes = 0;

  constructor(path: string) {
    this.fd = openSync(path, "w");
  }

  line(text: string): void {
    this.chunks.push(text, "\n");
    this.size += text.length + 1;
    if (this.size >= 1 << 20) this.flush();
  }

  private flush(): void {
    if (!this.chunks.length) return;
    this.bytes += writeSync(this.fd, this.chunks.join(""));
    this.chunks = [];
    this.size = 0;
  }

  close(): void {
    try {
      this.flush();
    } finally {
      closeSync(this.fd);
    }
  }
}

export interface WrittenBundle {
  dir: string;
  model: string;
  setting: string;
  samples: number;
  resultBytes: number;
}

/**
 * What the search probes look for (issue 30): a notice in one tool result of one run in a
 * hundred — in English and in Chinese, each one term — and a term no run has.
 */
export const SEARCH_TERMS = {
  rare: "quota notice 7731",
  chinese: "配额通知七七三一",
  none: "xylophone quartz 0000",
} as const;

/** One task in this many carries the rare terms (its run's first search result). */
const RARE_TERM_EVERY = 100;

/**
 * Plants SEARCH_TERMS.rare and .chinese in the first search result of the run's first tool
 * result, when the task is one of every RARE_TERM_EVERY and the run searched at all.
 */
const recordMessages = z.array(z.looseObject({ role: z.string(), content: z.string() }));
const serpJson = z.looseObject({
  search_result: z.array(z.looseObject({ content: z.string() })).min(1),
});

function withRareTerms(
  record: Record<string, unknown>,
  taskIndex: number,
): Record<string, unknown> {
  if (taskIndex % RARE_TERM_EVERY !== 42) return record;
  const messages = recordMessages.parse(record.messages);
  const result = messages.findIndex(
    (m, i) => i > 1 && m.role !== "assistant" && m.content.startsWith('{"search_query"'),
  );
  if (result < 0) return record;
  const serp = serpJson.parse(JSON.parse(messages[result].content));
  serp.search_result[0].content += ` ${SEARCH_TERMS.rare}; ${SEARCH_TERMS.chinese}.`;
  messages[result] = { ...messages[result], content: JSON.stringify(serp) };
  return { ...record, messages };
}

/**
 * Writes one MPW bundle directory: manifest, tasks file and one results file with a
 * record per task. `overrides` replace the records of the tasks they name, by task index
 * (the long trajectories).
 */
export function writeBenchBundle(
  dir: string,
  tasks: BenchTasks,
  submission: BenchSubmission,
  overrides: ReadonlyMap<number, (task: DemoTaskInput) => Record<string, unknown>> = new Map(),
): WrittenBundle {
  mkdirSync(dir, { recursive: true });
  const taskFile = new BufferedWriter(join(dir, "tasks.jsonl"));
  try {
    for (const line of tasks.lines) taskFile.line(line);
  } finally {
    taskFile.close();
  }
  const results = new BufferedWriter(join(dir, "results.jsonl"));
  try {
    for (const task of tasks.inputs) {
      const override = overrides.get(task.index);
      const record = override
        ? override(task)
        : withRareTerms(
            generateMpwRecord(task, {
              model: submission.model,
              setting: submission.setting,
              judgeVariant: submission.judgeVariant,
            }),
            task.index,
          );
      results.line(JSON.stringify(record));
    }
  } finally {
    results.close();
  }
  const manifest = {
    benchmark: "mpw",
    model: submission.model.model,
    agent: submission.model.agent,
    setting: submission.setting,
    benchmarkVersion: "v1",
    tasks: "tasks.jsonl",
    results: ["results.jsonl"],
  };
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    dir,
    model: submission.model.model,
    setting: submission.setting,
    samples: tasks.inputs.length,
    resultBytes: results.bytes,
  };
}

const FILLER = [
  "Season preview: what the analysts expect",
  "Fans debate the numbers",
  "Official data portal: methodology notes",
  "Weekly round-up",
];

export const PROSE = [
  "The season opened with a schedule change that moved several fixtures to midweek.",
  "Attendance figures were revised after the audit of the turnstile data.",
  "Analysts note the data is context-dependent and varies between sources.",
  "The club's statement did not give a figure for the period in question.",
  "Coverage of the transfer window dominated the local press for weeks.",
  "A table of results follows, compiled from the league's published records.",
  "Readers wrote in to dispute the numbers quoted in last week's column.",
  "The archive page lists every match with its date, venue and referee.",
];

/** `chars` characters of plain prose, mentioning `subject` now and then: a long page's text. */
function longProse(random: () => number, chars: number, subject: string): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const sentence =
      i % 25 === 0
        ? `On ${subject}: the figure is discussed below.`
        : PROSE[Math.floor(random() * PROSE.length)];
    parts.push(sentence);
    length += sentence.length + 1;
  }
  return parts.join(" ").slice(0, chars);
}

/** Whether call `k`'s result is one of the trajectory's megabyte-sized outputs, and which kind. */
function largeResultOf(shape: LongTrajectory, k: number): "serp" | "text" | null {
  const large = shape.large;
  if (!large || k < large.first || (k - large.first) % large.every !== 0) return null;
  return ((k - large.first) / large.every) % 2 === 0 ? "serp" : "text";
}

/**
 * A native ReAct record with exactly `shape.calls` searches (the generator stops at 32
 * turns): thought + tool call + result per call (a 4-entry SERP, or a megabyte-sized
 * output where `shape.large` says), the PEM's hit log, a final answer.
 */
export function longTrajectoryRecord(
  task: DemoTaskInput,
  shape: LongTrajectory,
): Record<string, unknown> {
  const calls = shape.calls;
  const random = seededRandom(seedFrom(`bench-long|${task.position}`));
  const facts = Object.entries(task.atomicFacts);
  const messages: Record<string, unknown>[] = [
    {
      role: "system",
      content:
        "You are a ReAct-paradigm agent. Tool: web_search (top-4 results).\nFormat: <think>…</think> <tool_call>{…}</tool_call> … <answer>…</answer>",
    },
    { role: "user", content: task.question },
  ];
  const toolCalls: Record<string, unknown>[] = [];
  const hitLogs: Record<string, unknown>[] = [];
  for (let k = 1; k <= calls; k++) {
    const hit = facts.length > 0 && k % 3 === 1;
    const fact = hit ? facts[Math.floor(k / 3) % facts.length] : null;
    const subject = fact
      ? fact[0]
      : facts.length
        ? facts[Math.floor(random() * facts.length)][0]
        : task.question;
    const query = `${subject.replace(" — ", " ")} (attempt ${k})`;
    const large = largeResultOf(shape, k);
    // A large SERP's four contents fill its byte budget, less the JSON around them.
    const pageChars = large === "serp" ? Math.floor((shape.large!.bytes - 600) / 4) : 0;
    const serp = {
      search_query: query,
      search_result: [1, 2, 3, 4].map((id) =>
        fact && id === 1 + (k % 4)
          ? {
              id,
              title: `Official record: ${fact[0]}`,
              content: `${fact[0]}: ${fact[1]}. Confirmed by the league's data office.${pageChars ? ` ${longProse(random, pageChars, subject)}` : ""}`,
              date: "2027-05-14",
            }
          : {
              id,
              title: FILLER[Math.floor(random() * FILLER.length)],
              content: pageChars
                ? longProse(random, pageChars, subject)
                : `Coverage related to "${query}" without the specific figure; analysts note the data is context-dependent.`,
              date: "2027-05-14",
            },
      ),
    };
    // The MPW environment answers a search with the bare SERP JSON; other text comes back in a ReAct <tool_response>.
    const result =
      large === "text"
        ? `<tool_response>\nFetched page for "${query}" (plain text):\n\n${longProse(random, shape.large!.bytes - query.length - 70, subject)}\n</tool_response>`
        : JSON.stringify(serp);
    const thought =
      k === 1
        ? "I need to decompose the question; start with the first entity."
        : hit
          ? "That result gave a concrete figure. Next, the remaining attribute."
          : "The results give no figure. I should refine the query.";
    messages.push({
      role: "assistant",
      content: `<think>\n${thought}\n</think>\n\n<tool_call>\n${JSON.stringify({ name: "web_search", arguments: { query } }, null, 4)}\n</tool_call>`,
    });
    messages.push({ role: "user", content: result });
    toolCalls.push({ tool_name: "web_search", query, hit: hit ? 1 : 0 });
    hitLogs.push({
      query,
      is_compound_query: false,
      hit: hit ? 1 : 0,
      matched_fact_keys: fact ? [fact[0]] : [],
      reason: fact
        ? `Query targets a single atomic fact: ${fact[0]}`
        : "No atomic fact matches the query",
    });
  }
  const prediction = `Not ${task.answer.split(" (")[0]}; the other side was higher`;
  messages.push({
    role: "assistant",
    content: `<think>\nAfter ${calls} searches some figures are still missing; I will estimate.\n</think>\n<answer>\n${prediction}\n</answer>`,
  });
  const think = `The prediction "${prediction}" does not match the ground truth "${task.answer}".`;
  return {
    index: task.index,
    category: task.category,
    messages,
    ground_truth: task.answer,
    prediction,
    full_response: messages.at(-1)?.content,
    status: "finished",
    trajectory_log: {
      tool_calls: toolCalls,
      hit_logs: hitLogs,
      full_history: null,
      world_truth_info: {
        generated_question: task.question,
        atomic_facts: task.atomicFacts,
        final_answer: task.answer,
      },
      final_answer: prediction,
    },
    actual_turns: calls + 1,
    max_turns: 64,
    answer: "Incorrect",
    think,
    judge_response: `<think>\n${think}\n</think>\n<answer>\nIncorrect\n</answer>`,
    judge_status: "success",
  };
}

/** The submission the ingest measurements import: setting C, ≈ 10 calls a sample. */
export function ingestSubmission(): BenchSubmission {
  const [first] = benchSubmissions(1);
  const base = MPW_DEMO_MODELS[0].targets.C as MpwTarget;
  return {
    ...first,
    setting: "C",
    model: {
      ...first.model,
      model: "Seekboard bench ingest",
      targets: { C: { ...base, toolCalls: MEAN_CALLS_TARGET } },
    },
  };
}
