/**
 * Importer for the Seekboard bundle format v1 (`docs/bundle-format.md`): WebDetective,
 * EvoBrowseComp and generic QA. Results files are read line by line; each line is a
 * sample (task, run, verdict, judge output, messages, benchmark fields). The verdict is
 * the bundle's; figures are computed here from the stored per-sample fields.
 */
import { bundleFile, hashBundleFiles } from "../lib/import/bundle";
import { BundleError } from "../lib/import/errors";
import { forEachLineSync } from "../lib/import/lines";
import { join } from "node:path";
import { countToolCalls, parseSeekboardLine, SampleKeyRegistry, type SeekboardSample } from "../lib/bundle-format/parse";
import type { EvoBrowseCompManifest, QaManifest, WebDetectiveManifest } from "../lib/bundle-format/schema";
import { exceededToolLimit, evoInputFromBundle } from "../lib/benchmarks/evobrowsecomp/metrics";
import type { EvoStoredSample } from "../lib/benchmarks/evobrowsecomp/stored";
import { qaVersionKey, type QaStoredSample } from "../lib/benchmarks/qa/stored";
import type { WebDetectiveStoredSample } from "../lib/benchmarks/webdetective/stored";
import { stepsFromMessages } from "../lib/trajectory/messages";
import { webDetectiveInputFromBundle, webDetectiveSampleMetrics } from "../lib/benchmarks/webdetective/metrics";
import { refreshAggregates } from "./aggregates";
import type { Db } from "./client";
import { writeSteps } from "./ingest-mpw";
import { ensureBenchmark, existingSubmission, finishSubmission, insertSubmission, TaskWriter, type IngestOptions, type IngestResult } from "./ingest-shared";

export type SeekboardManifestInput = WebDetectiveManifest | EvoBrowseCompManifest | QaManifest;

/** The version a submission is stored under (QA: `<dataset>@<version>`, so two sets never share tasks or a board). */
export function storedVersion(manifest: SeekboardManifestInput): string {
  return manifest.benchmark === "qa" ? qaVersionKey(manifest.dataset, manifest.benchmarkVersion) : manifest.benchmarkVersion;
}

function commonMetrics(sample: SeekboardSample, statedConfidence: number | null, toolCalls: number | null) {
  return {
    verdict: sample.verdict,
    statedConfidence,
    judgeConfidence: sample.judge?.confidence ?? null,
    judgeModel: sample.judge?.model ?? null,
    extractedFinalAnswer: sample.judge?.extractedFinalAnswer ?? null,
    toolCalls,
  };
}

/** The benchmark figures stored per sample (`samples.metrics`). */
export function storedSampleMetrics(sample: SeekboardSample): QaStoredSample | WebDetectiveStoredSample | EvoStoredSample {
  const counted = sample.messages ? countToolCalls(sample.messages) : null;
  switch (sample.benchmark) {
    case "qa":
      return commonMetrics(sample, sample.detail.statedConfidence, counted);
    case "webdetective": {
      const m = webDetectiveSampleMetrics(webDetectiveInputFromBundle(sample));
      const d = sample.detail;
      return {
        ...commonMetrics(sample, null, counted),
        evidence: d.evidence,
        refused: d.refused,
        hopsUsed: d.hopsUsed,
        hopsGt: d.hopsGt,
        searched: d.searched,
        cleanEvidenceCorrect: d.cleanEvidenceCorrect,
        knowledgeSufficient: m.knowledgeSufficient,
        region: m.region,
        response: m.response,
        missingEvidence: m.missingEvidence,
        searchCredit: m.searchCredit,
        degradation: m.degradation,
      };
    }
    case "evobrowsecomp": {
      const d = sample.detail;
      const input = evoInputFromBundle(sample);
      return {
        ...commonMetrics(sample, d.statedConfidence, d.toolCalls),
        language: d.language,
        setting: d.setting,
        toolCallLimit: d.toolCallLimit,
        toolCallsCounted: d.toolCallsCounted,
        domain: d.domain,
        hops: d.hops,
        freshEvidence: d.freshEvidence,
        rootDomains: d.rootDomains,
        exceeded: d.setting === "tool-based" ? exceededToolLimit(input) : null,
      };
    }
  }
}

export function ingestSeekboard(db: Db, root: string, manifest: SeekboardManifestInput, options: IngestOptions): IngestResult {
  const hashed = [{ name: "manifest.json", path: join(root, "manifest.json") }];
  manifest.results.forEach((name, i) => hashed.push({ name, path: bundleFile(root, name, `results.${i}`) }));
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

  const version = storedVersion(manifest);
  const run = db.$client.transaction(() => {
    ensureBenchmark(db, manifest.benchmark);
    const submissionId = insertSubmission(
      db,
      { benchmark: manifest.benchmark, version, model: manifest.model, agent: manifest.agent ?? null, setting: manifest.setting, bundleHash },
      options,
    );
    const tasks = new TaskWriter(db, manifest.benchmark, version);
    const sqlite = db.$client;
    // The MPW-specific columns hold neutral values; the benchmark's figures live in `metrics`.
    const insertSample = sqlite.prepare(
      `INSERT INTO samples (submission_id, task_id, task_key, run, prediction, status, correct, verdict_source, verdict_label, judge_rationale,
         tool_calls, hit_log_calls, hits, fact_count, facts_covered, fcr, hit_rate, compound_rate, tier, category, first_covered_at,
         malformed_steps, step_count, source_file, source_line, metrics, detail)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'seekboard-verdict', ?, ?, ?, 0, 0, 0, 0, NULL, 0, NULL, NULL, ?, '{}', ?, ?, ?, ?, ?, ?)`,
    );
    const insertStep = sqlite.prepare("INSERT INTO steps (sample_id, ordinal, kind, call_index, data, malformed) VALUES (?, ?, ?, ?, ?, ?)");
    const registry = new SampleKeyRegistry();
    const taskKeys = new Set<string>();
    let samples = 0;
    let maxRun = 0;
    let malformedSteps = 0;
    manifest.results.forEach((name, i) => {
      forEachLineSync(
        bundleFile(root, name, `results.${i}`),
        name,
        (text, lineNumber) => {
          const sample = parseSeekboardLine(text, manifest.benchmark, name, lineNumber);
          registry.add(sample);
          const metrics = storedSampleMetrics(sample);
          const language = sample.benchmark === "evobrowsecomp" ? sample.detail.language : null;
          const category = sample.benchmark === "evobrowsecomp" ? sample.detail.domain : null;
          const taskId = tasks.idOf({ taskKey: sample.taskId, question: sample.question, goldAnswer: sample.goldAnswer, atomicFacts: {}, category, language });
          const steps = sample.messages ? stepsFromMessages(sample.messages) : [];
          const malformed = steps.filter((s) => s.malformed !== null).length;
          const detail = {
            judge: sample.judge,
            usage: sample.usage,
            metadata: sample.metadata,
          };
          const sampleId = Number(
            insertSample.run(
              submissionId, taskId, sample.taskId, sample.run, sample.prediction, sample.status ?? "unspecified", sample.verdict === "correct" ? 1 : 0,
              sample.verdict, sample.judge?.output ?? sample.judge?.reasoning ?? null, metrics.toolCalls ?? 0, category,
              malformed, steps.length, name, lineNumber, JSON.stringify(metrics), JSON.stringify(detail),
            ).lastInsertRowid,
          );
          writeSteps(insertStep, sampleId, steps);
          taskKeys.add(sample.taskId);
          samples += 1;
          maxRun = Math.max(maxRun, sample.run + 1);
          malformedSteps += malformed;
        },
        options.maxLineBytes,
      );
    });
    if (samples === 0) throw BundleError.at(manifest.results[0], null, null, "no samples in the bundle");
    finishSubmission(db, submissionId, { samples, tasks: taskKeys.size, runs: maxRun }, manifest.benchmark === "qa" ? { dataset: manifest.dataset } : undefined);
    refreshAggregates(db, submissionId);
    return result(submissionId, samples, taskKeys.size, false, malformedSteps);
  });
  return run.immediate();
}
