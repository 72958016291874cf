import "server-only";
/**
 * What every benchmark's demo generator shares: the bundle shapes, the helpers that build
 * synthetic records, and the writer that lays bundles out as files. `db/seed-demo.ts`
 * ingests what each module's demo writes, through the real importer.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { seededRandom, seedFrom } from "../random";

/** A demo bundle built in memory. */
export interface DemoFiles {
  /** Folder name of the bundle. */
  name: string;
  model: string;
  setting: string;
  /** File name → contents (manifest.json included). */
  files: Record<string, string>;
}

/** A demo bundle written to disk. */
export interface DemoBundle {
  dir: string;
  model: string;
  setting: string;
}

export interface DemoOptions {
  /** Tasks per bundle, for the demos whose size can be chosen (MPW's). */
  tasks: number;
}

/** A benchmark's demo data (the module's `demo`). */
export interface BenchmarkDemo {
  /** Place in the demo's seeding order: submission ids follow it, and the e2e tests rely on them. */
  readonly seedOrder: number;
  /** Writes the demo bundles under `root`, in the order they are ingested. */
  write(root: string, options: DemoOptions): DemoBundle[];
  /** The bundles as file contents, for demos small enough to build in memory. */
  readonly files?: () => DemoFiles[];
}

export const jsonl = (lines: readonly unknown[]) => `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
/** A model name as a folder name. */
export const slug = (s: string) => s.replace(/[^A-Za-z0-9.-]+/g, "_");

/** A trajectory as OpenAI chat messages: the question, each tool call with its result, the answer. */
export function demoTrajectory(question: string, calls: { name: string; args: Record<string, unknown>; result: string }[], answer: string) {
  const messages: Record<string, unknown>[] = [{ role: "user", content: question }];
  calls.forEach((c, i) => {
    messages.push({ role: "assistant", content: null, tool_calls: [{ id: `call_${i}`, type: "function", function: { name: c.name, arguments: JSON.stringify(c.args) } }] });
    messages.push({ role: "tool", tool_call_id: `call_${i}`, content: c.result });
  });
  messages.push({ role: "assistant", content: answer });
  return messages;
}

/**
 * What a demo model spends per turn of a run (its tool calls and the answer): the demo's
 * `usage`. Which figures are reported differs by submission, as in real bundles.
 */
export interface DemoSpend {
  promptTokensPerTurn: number;
  completionTokensPerTurn: number;
  /** Dollars per million prompt and completion tokens; null: the submission reports no dollars. */
  usdPerMillion: { prompt: number; completion: number } | null;
  /** null: the submission reports no wall time. */
  secondsPerTurn: number | null;
}

/** A sample's `usage` (Seekboard format) for a run of `turns` turns, each figure jittered ±30%, deterministically from `seed`. */
export function demoUsage(spend: DemoSpend, turns: number, seed: string) {
  const random = seededRandom(seedFrom(seed));
  const jitter = () => 0.7 + random() * 0.6;
  const promptTokens = Math.round(spend.promptTokensPerTurn * turns * jitter());
  const completionTokens = Math.round(spend.completionTokensPerTurn * turns * jitter());
  const price = spend.usdPerMillion;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    ...(price ? { cost_usd: Math.round(promptTokens * price.prompt + completionTokens * price.completion) / 1e6 } : {}),
    ...(spend.secondsPerTurn !== null ? { seconds: Math.round(spend.secondsPerTurn * turns * jitter() * 10) / 10 } : {}),
  };
}

/** Writes in-memory demo bundles under `root` as real files. */
export function writeDemoFileBundles(root: string, bundles: readonly DemoFiles[]): DemoBundle[] {
  return bundles.map((bundle) => {
    const dir = join(root, bundle.name);
    for (const [name, text] of Object.entries(bundle.files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return { dir, model: bundle.model, setting: bundle.setting };
  });
}

/** The demo of a benchmark whose bundles are built in memory. */
export function inMemoryDemo(seedOrder: number, files: () => DemoFiles[]): BenchmarkDemo {
  return { seedOrder, files, write: (root) => writeDemoFileBundles(root, files()) };
}
