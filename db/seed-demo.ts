/**
 * Demo data: deterministic synthetic MPW submissions for the paper's models and
 * settings, written as real bundles and loaded through the normal importer, plus the
 * three real MPW tasks kept in `demo/mpw/`.
 */
import { closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MPW_DEMO_MODELS } from "../lib/benchmarks/mpw/demo-models";
import { generateMpwRecord, type DemoTaskInput } from "../lib/benchmarks/mpw/demo-records";
import { generateMpwTask } from "../lib/benchmarks/mpw/demo-tasks";
import { DEMO_WIDESEARCH_AGENTS, DEMO_WIDESEARCH_TASKS, DEMO_WIDESEARCH_TRIALS, demoGoldCsv, demoResponse, demoTaskLine } from "../lib/benchmarks/widesearch/demo";
import { MPW_SETTINGS } from "../lib/benchmarks/mpw/manifest";
import { demoSeekboardBundles, type DemoFiles } from "../lib/demo/seekboard";
import { dirname } from "node:path";
import { parseMpwTaskRecord } from "../lib/benchmarks/mpw/import";
import type { Db } from "./client";
import { ingestBundleDir } from "./ingest";

export const DEFAULT_DEMO_TASKS = 240;
const REAL_TASKS = join(process.cwd(), "demo", "mpw", "mpw_bench.jsonl");

/** The demo's task set in the authors' task format: the real tasks first, then synthetic ones. */
export function demoTaskLines(taskCount: number): string[] {
  const real = readFileSync(REAL_TASKS, "utf8").split("\n").filter((line) => line.trim() !== "");
  const lines = real.slice(0, taskCount);
  for (let index = lines.length; index < taskCount; index++) lines.push(JSON.stringify(generateMpwTask(index)));
  return lines;
}

function taskInputs(lines: readonly string[]): DemoTaskInput[] {
  return lines.map((line, i) => {
    const value = JSON.parse(line) as { index: number; category?: string };
    const task = parseMpwTaskRecord(value, "tasks.jsonl", i + 1);
    return {
      index: value.index,
      category: task.category ?? "Real sample",
      question: task.question ?? "",
      answer: task.goldAnswer ?? "",
      atomicFacts: task.atomicFacts,
    };
  });
}

export interface DemoBundle {
  dir: string;
  model: string;
  setting: string;
}

/** Writes one bundle directory per (model, setting) of the paper under `root` (or those `only` keeps). */
export function writeDemoBundles(root: string, taskCount = DEFAULT_DEMO_TASKS, only: (b: { model: string; setting: string }) => boolean = () => true): DemoBundle[] {
  const lines = demoTaskLines(taskCount);
  const tasks = taskInputs(lines);
  const bundles: DemoBundle[] = [];
  let variant = 0;
  for (const setting of MPW_SETTINGS) {
    for (const model of MPW_DEMO_MODELS) {
      if (setting === "A" ? model.settingA === null : !model.targets[setting as Exclude<typeof setting, "A">]) continue;
      const judgeVariant = (["answer", "judge_response", "evaluation"] as const)[variant++ % 3];
      if (!only({ model: model.model, setting })) continue;
      const dir = join(root, `${model.model.replace(/[^A-Za-z0-9.-]+/g, "_")}-${setting}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "tasks.jsonl"), `${lines.join("\n")}\n`);
      const fd = openSync(join(dir, "results.jsonl"), "w");
      try {
        for (const task of tasks) writeSync(fd, `${JSON.stringify(generateMpwRecord(task, { model, setting, judgeVariant }))}\n`);
      } finally {
        closeSync(fd);
      }
      const manifest = { benchmark: "mpw", model: model.model, agent: model.agent, setting, benchmarkVersion: "v1", tasks: "tasks.jsonl", results: ["results.jsonl"] };
      writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      bundles.push({ dir, model: model.model, setting });
    }
  }
  return bundles;
}

const REAL_WIDESEARCH = join(process.cwd(), "demo", "widesearch", "real");

/** Each model folder of the real WideSearch results (one holding `eval/`), as a results-only bundle. */
export function writeRealWideSearchBundles(root: string): DemoBundle[] {
  const bundles: DemoBundle[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const modelDir = join(dir, entry.name);
      const evalDir = join(modelDir, "eval");
      if (!existsSync(evalDir)) {
        visit(modelDir);
        continue;
      }
      const runs = readdirSync(evalDir).filter((f) => f.endsWith(".csv")).sort();
      const target = join(root, `widesearch-${entry.name}`);
      mkdirSync(target, { recursive: true });
      for (const file of readdirSync(evalDir)) copyFileSync(join(evalDir, file), join(target, file));
      const manifest = {
        benchmark: "widesearch",
        model: entry.name,
        agent: "single agent (widesearch_exp)",
        setting: "single-agent",
        evaluations: runs,
        summaries: runs.map((run) => run.replace(/\.csv$/, "_summary.json")),
      };
      writeFileSync(join(target, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      bundles.push({ dir: target, model: entry.name, setting: "single-agent" });
    }
  };
  visit(REAL_WIDESEARCH);
  return bundles.sort((a, b) => a.model.localeCompare(b.model));
}

/** The synthetic native WideSearch bundles (tasks, gold CSVs, responses): one per demo agent. */
export function writeSyntheticWideSearchBundles(root: string): DemoBundle[] {
  return DEMO_WIDESEARCH_AGENTS.map((agent, i) => {
    const dir = join(root, `widesearch-synthetic-${i}`);
    mkdirSync(join(dir, "gold"), { recursive: true });
    writeFileSync(join(dir, "widesearch.jsonl"), `${DEMO_WIDESEARCH_TASKS.map(demoTaskLine).join("\n")}\n`);
    for (const task of DEMO_WIDESEARCH_TASKS) writeFileSync(join(dir, "gold", `${task.instanceId}.csv`), demoGoldCsv(task));
    const results: string[] = [];
    for (const task of DEMO_WIDESEARCH_TASKS) {
      for (let trial = 0; trial < DEMO_WIDESEARCH_TRIALS; trial++) {
        const name = `demo_${task.instanceId}_${trial}_response.jsonl`;
        writeFileSync(join(dir, name), `${JSON.stringify(demoResponse(task, agent, trial))}\n`);
        results.push(name);
      }
    }
    const manifest = { benchmark: "widesearch", model: agent.model, agent: "synthetic demo", setting: "single-agent", tasks: "widesearch.jsonl", gold: "gold", results };
    writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    return { dir, model: agent.model, setting: "single-agent" };
  });
}

/** Writes demo bundles (WebDetective, EvoBrowseComp, QA, InfoMosaic) under `root` as real files. */
export function writeDemoFiles(root: string, bundles: readonly DemoFiles[] = demoSeekboardBundles()): DemoBundle[] {
  return bundles.map((bundle) => {
    const dir = join(root, bundle.name);
    for (const [name, text] of Object.entries(bundle.files)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return { dir, model: bundle.model, setting: bundle.setting };
  });
}

export function seedDemo(db: Db, taskCount = DEFAULT_DEMO_TASKS) {
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), "seekboard-demo-"));
  try {
    const bundles = [
      ...writeDemoBundles(root, taskCount),
      ...writeRealWideSearchBundles(join(root, "widesearch")),
      ...writeSyntheticWideSearchBundles(join(root, "widesearch-synthetic")),
      ...writeDemoFiles(join(root, "seekboard")),
    ];
    let samples = 0;
    const ids: number[] = [];
    bundles.forEach((bundle, i) => {
      const result = ingestBundleDir(db, bundle.dir, {
        source: "demo",
        status: "approved",
        uploadedAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
      });
      samples += result.samples;
      ids.push(result.submissionId);
    });
    return { submissions: ids.length, submissionIds: ids, samples, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** First start: load the demo into an empty database unless SEEKBOARD_NO_DEMO=1. */
export function seedDemoIfEmpty(db: Db): void {
  if (process.env.SEEKBOARD_NO_DEMO === "1") return;
  const row = db.$client.prepare("SELECT count(*) AS n FROM submissions").get() as { n: number };
  if (row.n > 0) return;
  const result = seedDemo(db);
  console.log(`seekboard: loaded demo data (${result.submissions} submissions, ${result.samples} samples) in ${result.seconds.toFixed(1)} s`);
}
