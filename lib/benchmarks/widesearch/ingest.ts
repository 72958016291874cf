import "server-only";
/**
 * WideSearch importer, reading half. Native bundles are scored here (the response's
 * table against the gold CSV); results-only bundles carry the producer's per-run
 * evaluation CSVs, and their summary JSONs are checked against our aggregation.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { bundleDir, bundleFile, namedFiles } from "../../import/bundle";
import { BundleError, type BundleErrorList } from "../../import/errors";
import {
  defineImporter,
  NameTally,
  NEUTRAL_SAMPLE_FIGURES,
  RunCounter,
  type BundleFileRef,
  type ImportSink,
  type ReadOptions,
  type ReadOutcome,
  type SampleRow,
  type SampleUsage,
  type TaskInput,
} from "../../import/importer";
import { linesOf, parseJsonLine, readBundleText } from "../../import/lines";
import type { Step } from "../../trajectory/steps";
import { aggregateWideSearch } from "./aggregate";
import {
  languageFromInstanceId,
  parseWideSearchEvalCsv,
  parseWideSearchGoldCsv,
  parseWideSearchResponseFile,
  parseWideSearchSummary,
  parseWideSearchTask,
  summaryJudgeModel,
  type GoldTable,
  type WideSearchTask,
} from "./formats";
import { wideSearchManifestSchema, type WideSearchManifest } from "./manifest";
import { scoreWideSearch } from "./score";
import {
  scoredMetrics,
  summaryCheck,
  wideSearchReason,
  type WideSearchSampleMetrics,
} from "./stored";
import { toolCallCounts, wideSearchSteps } from "./trajectory";

/** The gold CSVs of a native bundle, by name: every `.csv` of the gold folder. */
function goldFiles(root: string, manifest: WideSearchManifest): BundleFileRef[] {
  const goldDir = bundleDir(root, manifest.gold!, "gold");
  // Bundle paths are only known at run time: keep the bundler from tracing them.
  return readdirSync(/*turbopackIgnore: true*/ goldDir)
    .filter((f) => f.endsWith(".csv"))
    .sort()
    .map((entry) => ({
      name: `${manifest.gold}/${entry}`,
      path: join(/*turbopackIgnore: true*/ goldDir, entry),
    }));
}

function files(root: string, manifest: WideSearchManifest): BundleFileRef[] {
  if (manifest.evaluations) {
    return [
      ...namedFiles(root, manifest.evaluations, "evaluations"),
      ...namedFiles(root, manifest.summaries, "summaries"),
    ];
  }
  return [
    ...namedFiles(root, manifest.tasks, "tasks"),
    ...goldFiles(root, manifest),
    ...namedFiles(root, manifest.results, "results"),
  ];
}

interface WideSearchSampleInput {
  task: TaskInput;
  prediction: string | null;
  status: string;
  metrics: WideSearchSampleMetrics;
  detail: Record<string, unknown> | null;
  rationale: string | null;
  steps: Step[];
  usage: SampleUsage | null;
  file: string;
  line: number;
}

/** WideSearch's samples as rows: its figures live in `metrics`. */
function sampleWriter(sink: ImportSink): (input: WideSearchSampleInput) => Promise<void> {
  const runs = new RunCounter();
  return (input) => {
    const row: SampleRow = {
      ...NEUTRAL_SAMPLE_FIGURES,
      usage: input.usage,
      task: input.task,
      run: runs.next(input.task.taskKey),
      prediction: input.prediction,
      status: input.status,
      correct: input.metrics.success,
      verdictSource: "widesearch-scorer",
      verdictLabel: null,
      judgeRationale: input.rationale,
      toolCalls: (input.metrics.searchCalls ?? 0) + (input.metrics.browseCalls ?? 0),
      category: null,
      metrics: input.metrics,
      detail: input.detail,
      steps: input.steps,
      file: input.file,
      line: input.line,
    };
    return sink.sample(row);
  };
}

async function readNative(
  root: string,
  manifest: WideSearchManifest,
  write: (input: WideSearchSampleInput) => Promise<void>,
  options: ReadOptions,
  errors: BundleErrorList,
): Promise<void> {
  const goldDir = bundleDir(root, manifest.gold!, "gold");
  const tasks = new Map<string, WideSearchTask>();
  const tasksName = manifest.tasks!;
  for (const { text, lineNumber } of linesOf(
    bundleFile(root, tasksName, "tasks"),
    tasksName,
    options,
  )) {
    errors.checkSync(() => {
      const task = parseWideSearchTask(
        parseJsonLine(text, tasksName, lineNumber),
        tasksName,
        lineNumber,
      );
      tasks.set(task.instanceId, task);
    });
  }
  /** null: the task's table was refused, and reported, at its first run. */
  const golds = new Map<string, GoldTable | null>();
  const goldOf = (task: WideSearchTask, file: string, line: number): GoldTable | null => {
    const cached = golds.get(task.instanceId);
    if (cached !== undefined) return cached;
    // Set first: a table that is refused is reported once, not again for each of its task's runs.
    golds.set(task.instanceId, null);
    const goldName = `${manifest.gold}/${task.instanceId}.csv`;
    const goldPath = join(goldDir, `${task.instanceId}.csv`);
    if (!existsSync(goldPath))
      throw BundleError.at(
        file,
        line,
        "instance_id",
        `no gold table ${goldName} for ${task.instanceId}`,
      );
    const text = readBundleText(goldPath, goldName, { onBytesRead: options.onBytesRead });
    const gold = parseWideSearchGoldCsv(text, goldName, task.evaluation.required);
    golds.set(task.instanceId, gold);
    return gold;
  };
  for (const name of manifest.results!) {
    // Response files may be pretty-printed JSON objects one after another, so they are read whole.
    const parsed = errors.checkSync(() =>
      parseWideSearchResponseFile(
        readBundleText(bundleFile(root, name, "results"), name, {
          json: true,
          onBytesRead: options.onBytesRead,
        }),
        name,
      ),
    );
    for (const response of parsed?.responses ?? []) {
      await errors.check(() => {
        const task = tasks.get(response.instanceId);
        if (!task)
          throw BundleError.at(
            name,
            response.line,
            "instance_id",
            `${response.instanceId} is not in ${tasksName}`,
          );
        const gold = goldOf(task, name, response.line);
        // Its table was refused (reported already): the run cannot be scored.
        if (!gold) return;
        const score = scoreWideSearch(response.response, task, gold);
        const steps = wideSearchSteps(response.messages);
        const calls = toolCallCounts(steps, response.toolCallCounts);
        return write({
          task: {
            taskKey: task.instanceId,
            question: task.query,
            goldAnswer: null,
            atomicFacts: {},
            category: null,
            language: task.language,
            extra: { evaluation: task.evaluation, gold },
          },
          prediction: response.response,
          status: score.status,
          metrics: {
            ...scoredMetrics(score),
            trialIdx: response.trialIdx,
            searchCalls: calls.search,
            browseCalls: calls.browse,
          },
          detail: { score },
          rationale: null,
          steps,
          usage: response.usage,
          file: name,
          line: response.line,
        });
      });
    }
  }
}

/** The samples of the evaluation CSVs; the summaries are checked against them and name the judge (newer layout). */
async function readEvaluations(
  root: string,
  manifest: WideSearchManifest,
  write: (input: WideSearchSampleInput) => Promise<void>,
  options: ReadOptions,
  errors: BundleErrorList,
): Promise<ReadOutcome> {
  const checks = [];
  const judges = new NameTally();
  for (const [i, name] of manifest.evaluations!.entries()) {
    const rows = errors.checkSync(() =>
      parseWideSearchEvalCsv(
        readBundleText(bundleFile(root, name, `evaluations.${i}`), name, {
          onBytesRead: options.onBytesRead,
        }),
        name,
      ),
    );
    // A file with invalid rows is reported; the next is still read, to report its rows too.
    if (!rows) continue;
    for (const row of rows) {
      await write({
        task: {
          taskKey: row.instanceId,
          question: null,
          goldAnswer: null,
          atomicFacts: {},
          category: null,
          language: languageFromInstanceId(row.instanceId),
        },
        prediction: null,
        status: "evaluated",
        metrics: {
          success: row.success,
          rowPrecision: row.rowPrecision,
          rowRecall: row.rowRecall,
          rowF1: row.rowF1,
          itemPrecision: row.itemPrecision,
          itemRecall: row.itemRecall,
          itemF1: row.itemF1,
          reason: wideSearchReason(row.msg),
          complete: true,
          unscoredCells: 0,
          trialIdx: row.trialIdx,
          searchCalls: null,
          browseCalls: null,
        },
        detail: null,
        rationale: row.msg,
        steps: [],
        // The evaluation CSVs record no tokens, dollars or time.
        usage: null,
        file: name,
        line: row.line,
      });
    }
    const summaryName = manifest.summaries?.[i];
    if (summaryName) {
      const summaryText = readBundleText(
        bundleFile(root, summaryName, `summaries.${i}`),
        summaryName,
        { json: true, onBytesRead: options.onBytesRead },
      );
      let summaryJson: unknown;
      try {
        summaryJson = JSON.parse(summaryText);
      } catch (error) {
        throw BundleError.at(summaryName, null, null, `invalid JSON: ${(error as Error).message}`);
      }
      const summary = parseWideSearchSummary(summaryJson, summaryName);
      judges.add(summaryJudgeModel(summary));
      checks.push({
        evaluation: name,
        ...summaryCheck(aggregateWideSearch(rows), summary, summaryName),
      });
    }
  }
  return {
    importNotes: checks.length ? { summaryChecks: checks } : {},
    judgeModel: judges.mostFrequent,
  };
}

export const wideSearchImporter = defineImporter({
  manifestSchema: wideSearchManifestSchema,
  files,
  async read(root, manifest, sink, options, errors) {
    const write = sampleWriter(sink);
    if (manifest.evaluations) return readEvaluations(root, manifest, write, options, errors);
    await readNative(root, manifest, write, options, errors);
    return {};
  },
  noSamples: (manifest) => ({
    file: (manifest.evaluations ?? manifest.results!)[0],
    message: "no samples in the bundle",
  }),
});
