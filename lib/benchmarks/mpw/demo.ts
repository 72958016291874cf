import "server-only";
/**
 * MPW-Bench's demo: deterministic synthetic submissions for the paper's models and
 * settings, written as real bundles (the records streamed to disk one at a time), on the
 * three real MPW tasks kept in `demo/mpw/` and synthetic ones after them (indexed from
 * `MPW_SYNTHETIC_INDEX_BASE`, outside the real benchmark's range).
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { slug, type BenchmarkDemo, type DemoBundle } from "../../demo/files";
import { MPW_DEMO_MODELS } from "./demo-models";
import { generateMpwRecord, type DemoTaskInput } from "./demo-records";
import { generateMpwTask } from "./demo-tasks";
import { parseMpwTaskRecord } from "./import";
import { MPW_SETTINGS } from "./manifest";

const MPW_PAPER_JUDGE = "Qwen3-235B-A22B-Thinking";
const UNDECLARED_JUDGE = "Youtu Agent 7B";

const REAL_TASKS = join(process.cwd(), "demo", "mpw", "mpw_bench.jsonl");

/** The demo's task set in the authors' task format: the real tasks first, then synthetic ones. */
export function demoTaskLines(taskCount: number): string[] {
  const real = readFileSync(REAL_TASKS, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
  const lines = real.slice(0, taskCount);
  for (let position = lines.length; position < taskCount; position++)
    lines.push(JSON.stringify(generateMpwTask(position)));
  return lines;
}

/** The authors' task line carries its index beside the fields the importer reads. */
const demoTaskIndexSchema = z.looseObject({ index: z.number().int() });

function taskInputs(lines: readonly string[]): DemoTaskInput[] {
  return lines.map((line, i) => {
    const value = demoTaskIndexSchema.parse(JSON.parse(line));
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
}

/** Writes one bundle directory per (model, setting) of the paper under `root` (or those `only` keeps). */
export function writeDemoBundles(
  root: string,
  taskCount: number,
  only: (b: { model: string; setting: string }) => boolean = () => true,
): DemoBundle[] {
  const lines = demoTaskLines(taskCount);
  const tasks = taskInputs(lines);
  const bundles: DemoBundle[] = [];
  let variant = 0;
  for (const setting of MPW_SETTINGS) {
    for (const model of MPW_DEMO_MODELS) {
      if (
        setting === "A"
          ? model.settingA === null
          : !model.targets[setting as Exclude<typeof setting, "A">]
      )
        continue;
      const judgeVariant = (["answer", "judge_response", "evaluation"] as const)[variant++ % 3];
      if (!only({ model: model.model, setting })) continue;
      const dir = join(root, `${slug(model.model)}-${setting}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "tasks.jsonl"), `${lines.join("\n")}\n`);
      const fd = openSync(join(dir, "results.jsonl"), "w");
      try {
        for (const task of tasks)
          writeSync(
            fd,
            `${JSON.stringify(generateMpwRecord(task, { model, setting, judgeVariant }))}\n`,
          );
      } finally {
        closeSync(fd);
      }
      // The paper's judge (§4.1); one demo model leaves it undeclared, so its rows fail that rule.
      const judge = model.model === UNDECLARED_JUDGE ? {} : { judgeModel: MPW_PAPER_JUDGE };
      const manifest = {
        benchmark: "mpw",
        model: model.model,
        agent: model.agent,
        setting,
        benchmarkVersion: "v1",
        ...judge,
        tasks: "tasks.jsonl",
        results: ["results.jsonl"],
      };
      writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      bundles.push({ dir, model: model.model, setting });
    }
  }
  return bundles;
}

/** Seeded first. */
export const mpwDemo: BenchmarkDemo = {
  seedOrder: 1,
  write: (root, options) => writeDemoBundles(root, options.tasks),
};
