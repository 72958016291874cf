import "server-only";
/**
 * MPW-Bench importer, reading half: the task file (when given) and the result records,
 * parsed line by line and handed over as tasks, samples and their hit logs.
 */
import { namedFiles } from "../../import/bundle";
import { defineImporter, RunCounter, type SampleRow } from "../../import/importer";
import { bundleLines, parseJsonLine } from "../../import/lines";
import { parseMpwResultRecord, parseMpwTaskRecord, type MpwSample, type MpwTask } from "./import";
import { mpwManifestSchema } from "./manifest";

function sampleRow(sample: MpwSample, run: number, file: string, line: number): SampleRow {
  const { toolCalls, tier, ...facts } = sample.metrics;
  return {
    task: sample.task,
    run,
    prediction: sample.prediction,
    status: sample.status,
    correct: sample.verdict.correct,
    // MPW's scripts record no tokens, dollars or time per record (they only print a run's token total).
    usage: null,
    verdictSource: sample.verdict.source,
    verdictLabel: sample.verdict.label,
    judgeRationale: sample.judgeRationale,
    toolCalls,
    facts,
    tier,
    category: sample.task.category,
    actualTurns: sample.actualTurns,
    maxTurns: sample.maxTurns,
    errorInfo: sample.errorInfo,
    metrics: null,
    detail: null,
    steps: sample.steps,
    hitLog: sample.hitLog,
    file,
    line,
  };
}

export const mpwImporter = defineImporter({
  manifestSchema: mpwManifestSchema,
  files: (root, manifest) => [
    ...namedFiles(root, manifest.tasks, "tasks"),
    ...namedFiles(root, manifest.results, "results"),
  ],
  async read(root, manifest, sink, options) {
    const knownTasks = new Map<string, MpwTask>();
    for (const { text, file, lineNumber } of bundleLines(root, manifest.tasks, "tasks", options)) {
      const task = parseMpwTaskRecord(parseJsonLine(text, file, lineNumber), file, lineNumber);
      knownTasks.set(task.taskKey, task);
      await sink.task(task);
    }
    const runs = new RunCounter();
    for (const { text, file, lineNumber } of bundleLines(
      root,
      manifest.results,
      "results",
      options,
    )) {
      const value = parseJsonLine(text, file, lineNumber);
      const key =
        typeof value === "object" && value !== null && "index" in value ? String(value.index) : "";
      const sample = parseMpwResultRecord(value, file, lineNumber, knownTasks.get(key));
      await sink.sample(sampleRow(sample, runs.next(sample.task.taskKey), file, lineNumber));
    }
    return {};
  },
  noSamples: (manifest) => ({ file: manifest.results[0], message: "the results hold no records" }),
});
