/**
 * InfoMosaic-Bench importer: the release's evaluation files (`{domain}_eval.jsonl`, as
 * `eval/evaluate_all.py` writes them), read line by line. Scores (0/1/2) and pass rates
 * are the release's; the gold file, when given, fills testcases an evaluation line lacks.
 */
import { join } from "node:path";
import { bundleFile, hashBundleFiles } from "../lib/import/bundle";
import { BundleError } from "../lib/import/errors";
import { forEachLineSync, parseJsonLine } from "../lib/import/lines";
import type { InfoMosaicManifest } from "../lib/import/manifest";
import { firstJsonBlock, parseInfoMosaicEvaluation, parseInfoMosaicGold, type InfoMosaicGold } from "../lib/benchmarks/infomosaic/formats";
import { infoMosaicInputFromEvaluation, toolCallTurns } from "../lib/benchmarks/infomosaic/metrics";
import { testcaseVerdictsFrom, type InfoMosaicStoredSample } from "../lib/benchmarks/infomosaic/stored";
import { stepsFromMessages } from "../lib/trajectory/messages";
import { refreshAggregates } from "./aggregates";
import type { Db } from "./client";
import { writeSteps } from "./ingest-mpw";
import { ensureBenchmark, existingSubmission, finishSubmission, insertSubmission, RunCounter, TaskWriter, type IngestOptions, type IngestResult } from "./ingest-shared";

/** Fields an evaluation line may carry with the testcase judge's text (not in every release). */
const TESTCASE_TEXT_FIELDS = ["testcase_evaluation", "passrate_evaluation", "testcase_judgement"] as const;

function testcaseText(raw: unknown): string | null {
  if (typeof raw !== "object" || raw === null) return null;
  for (const key of TESTCASE_TEXT_FIELDS) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === "string") return value;
  }
  return null;
}

export function ingestInfoMosaic(db: Db, root: string, manifest: InfoMosaicManifest, options: IngestOptions): IngestResult {
  const hashed = [{ name: "manifest.json", path: join(root, "manifest.json") }];
  if (manifest.gold) hashed.push({ name: manifest.gold, path: bundleFile(root, manifest.gold, "gold") });
  manifest.evaluations.forEach((name, i) => hashed.push({ name, path: bundleFile(root, name, `evaluations.${i}`) }));
  const bundleHash = hashBundleFiles(hashed);
  const result = (submissionId: number, samples: number, tasks: number, duplicate: boolean, malformedSteps: number): IngestResult => ({
    submissionId,
    benchmark: manifest.benchmark,
    model: manifest.model,
    setting: manifest.setting,
    samples,
    tasks,
    duplicate,
    malformedSteps,
    bundleHash,
  });
  const existing = existingSubmission(db, bundleHash);
  if (existing) return result(existing.id, existing.sample_count, existing.task_count, true, 0);

  const golds = new Map<string, InfoMosaicGold>();
  if (manifest.gold) {
    const goldName = manifest.gold;
    forEachLineSync(
      bundleFile(root, goldName, "gold"),
      goldName,
      (line, lineNumber) => {
        const gold = parseInfoMosaicGold(parseJsonLine(line, goldName, lineNumber), goldName, lineNumber);
        golds.set(gold.id, gold);
      },
      options.maxLineBytes,
    );
  }

  const run = db.$client.transaction(() => {
    ensureBenchmark(db, "infomosaic");
    const submissionId = insertSubmission(
      db,
      { benchmark: "infomosaic", version: manifest.benchmarkVersion, model: manifest.model, agent: manifest.agent ?? null, setting: manifest.setting, bundleHash },
      options,
    );
    const tasks = new TaskWriter(db, "infomosaic", manifest.benchmarkVersion);
    const runs = new RunCounter();
    const sqlite = db.$client;
    const insertSample = sqlite.prepare(
      `INSERT INTO samples (submission_id, task_id, task_key, run, prediction, status, correct, verdict_source, verdict_label, judge_rationale,
         tool_calls, hit_log_calls, hits, fact_count, facts_covered, fcr, hit_rate, compound_rate, tier, category, first_covered_at,
         malformed_steps, step_count, source_file, source_line, metrics, detail)
       VALUES (?, ?, ?, ?, ?, 'evaluated', ?, 'infomosaic-score', ?, ?, ?, 0, 0, 0, 0, NULL, 0, NULL, NULL, ?, '{}', ?, ?, ?, ?, ?, ?)`,
    );
    const insertStep = sqlite.prepare("INSERT INTO steps (sample_id, ordinal, kind, call_index, data, malformed) VALUES (?, ?, ?, ?, ?, ?)");
    let samples = 0;
    let malformedSteps = 0;
    manifest.evaluations.forEach((name, i) => {
      forEachLineSync(
        bundleFile(root, name, `evaluations.${i}`),
        name,
        (line, lineNumber) => {
          const raw = parseJsonLine(line, name, lineNumber);
          const e = parseInfoMosaicEvaluation(raw, name, lineNumber);
          const gold = golds.get(e.task.id);
          if (manifest.gold && !gold) throw BundleError.at(name, lineNumber, "id", `task id ${e.task.id} is not in ${manifest.gold}`);
          const testcases = e.task.testcases.length ? e.task.testcases : (gold?.testcases ?? []);
          const input = infoMosaicInputFromEvaluation(e);
          const metrics: InfoMosaicStoredSample = {
            domain: e.task.domain,
            score: e.score,
            passRate: e.passRate,
            passRateOverOne: e.passRateOverOne,
            numToolCalls: e.numToolCalls,
            toolCallTurns: toolCallTurns(input),
            extractedResponse: e.extractedResponse,
            testcaseVerdicts: testcaseVerdictsFrom(firstJsonBlock(testcaseText(raw) ?? ""), testcases.length),
          };
          const taskId = tasks.idOf({
            taskKey: e.task.id,
            question: e.task.query,
            goldAnswer: e.task.gt || gold?.gt || null,
            atomicFacts: {},
            category: e.task.domain,
            language: e.task.language,
            extra: { testcases },
          });
          const runIndex = runs.next(e.task.id);
          const steps = e.messages ? stepsFromMessages(e.messages) : [];
          const malformed = steps.filter((s) => s.malformed !== null).length;
          const sampleId = Number(
            insertSample.run(
              submissionId, taskId, e.task.id, runIndex, e.response, e.correct ? 1 : 0, String(e.score), e.finalAnswerEvaluation,
              metrics.toolCallTurns, e.task.domain, malformed, steps.length, name, lineNumber, JSON.stringify(metrics),
              JSON.stringify({ messages: e.messages, testcaseText: testcaseText(raw) }),
            ).lastInsertRowid,
          );
          writeSteps(insertStep, sampleId, steps);
          samples += 1;
          malformedSteps += malformed;
        },
        options.maxLineBytes,
      );
    });
    if (samples === 0) throw BundleError.at(manifest.evaluations[0], null, null, "no samples in the bundle");
    finishSubmission(db, submissionId, { samples, tasks: runs.tasks, runs: runs.max });
    refreshAggregates(db, submissionId);
    return result(submissionId, samples, runs.tasks, false, malformedSteps);
  });
  return run.immediate();
}
