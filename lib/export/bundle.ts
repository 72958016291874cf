/**
 * A stored submission written back as a Seekboard-format bundle (docs/bundle-format.md,
 * "Export"): the manifest and one results line per stored sample, which ingest back to the
 * same stored figures. The fields every benchmark of the format shares are rebuilt here,
 * once; each benchmark's own `benchmark` object by its module's `bundleExport`
 * (lib/benchmarks/<id>/export.ts). Pure: the database rows come in as plain values.
 */
import { z } from "zod";
import { judgedSampleFields } from "../benchmarks/judged-sample";
import { SEEKBOARD_FORMAT } from "../bundle-format/schema";
import type { SampleUsage } from "../import/importer";
import type { Step } from "../trajectory/steps";
import { exactSteps, messagesFromSteps } from "../trajectory/to-messages";

/** The results file of an exported bundle. */
export const EXPORT_RESULTS_FILE = "samples.jsonl";

/** A benchmark's part of the export: what its stored rows say about its manifest and its `benchmark` fields. */
export interface SeekboardExport {
  /** The manifest's version fields from the version the submission is stored under (QA's `<dataset>@<version>`). */
  manifestFields(storedVersion: string): Record<string, string>;
  /** The line's `benchmark` object from the stored figures (`samples.metrics`, parsed by the module's schema); undefined: the line has none. */
  benchmarkFields(metrics: unknown): Record<string, unknown> | undefined;
}

/** The submission as the manifest names it. */
export interface ExportedSubmission {
  benchmark: string;
  model: string;
  agent: string | null;
  setting: string;
  benchmarkVersion: string;
  judgeModel: string | null;
}

/** One stored sample with its task's text and its steps, as the database holds them. */
export interface StoredSampleForExport {
  taskKey: string;
  run: number;
  question: string | null;
  goldAnswer: string | null;
  prediction: string | null;
  status: string;
  metrics: unknown;
  detail: unknown;
  usage: SampleUsage;
  steps: readonly Step[];
}

export function exportManifest(
  format: SeekboardExport,
  submission: ExportedSubmission,
): Record<string, unknown> {
  return {
    benchmark: submission.benchmark,
    format: SEEKBOARD_FORMAT,
    model: submission.model,
    ...(submission.agent !== null ? { agent: submission.agent } : {}),
    setting: submission.setting,
    ...format.manifestFields(submission.benchmarkVersion),
    ...(submission.judgeModel !== null ? { judgeModel: submission.judgeModel } : {}),
    results: [EXPORT_RESULTS_FILE],
  };
}

const judgedMetricsSchema = z.object(judgedSampleFields);

/** What the Seekboard importer keeps of a line in `samples.detail` (lib/bundle-format/ingest.ts). */
const storedDetailSchema = z.object({
  judge: z
    .object({
      output: z.string().nullable(),
      model: z.string().nullable(),
      extractedFinalAnswer: z.string().nullable(),
      reasoning: z.string().nullable(),
      confidence: z.number().nullable(),
    })
    .nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});

/** The importer's status for a line that gives none: the line leaves it out again. */
const NO_STATUS = "unspecified";

/** Only the fields that are set: the format reads a missing field as unknown, never as 0. */
function present(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entries).filter(([, value]) => value !== null && value !== undefined),
  );
}

/** The benchmark's fields of a sample; a sample they cannot be written for is named in the error. */
function benchmarkFields(
  format: SeekboardExport,
  sample: StoredSampleForExport,
): Record<string, unknown> | undefined {
  try {
    return format.benchmarkFields(sample.metrics);
  } catch (error) {
    throw new Error(
      `task "${sample.taskKey}" run ${sample.run}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/**
 * One results line. `exact`: its messages read back to the stored steps (false when a
 * stored trajectory holds what no message reads back to, e.g. a broken tag's exact error).
 */
export function exportLine(
  format: SeekboardExport,
  sample: StoredSampleForExport,
): { line: Record<string, unknown>; exact: boolean } {
  const metrics = judgedMetricsSchema.parse(sample.metrics);
  const detail = storedDetailSchema.parse(sample.detail ?? {});
  if (sample.question === null) throw new Error(`task "${sample.taskKey}" has no question stored`);
  const messages = messagesFromSteps(sample.steps);
  const judge = detail.judge
    ? present({
        output: detail.judge.output,
        model: detail.judge.model,
        extracted_final_answer: detail.judge.extractedFinalAnswer,
        reasoning: detail.judge.reasoning,
        confidence: detail.judge.confidence,
      })
    : undefined;
  const usage = present({
    prompt_tokens: sample.usage.promptTokens,
    completion_tokens: sample.usage.completionTokens,
    cost_usd: sample.usage.costUsd,
    seconds: sample.usage.seconds,
  });
  const line = {
    task_id: sample.taskKey,
    run: sample.run,
    question: sample.question,
    gold_answer: sample.goldAnswer,
    prediction: sample.prediction,
    verdict: metrics.verdict,
    ...(judge ? { judge } : {}),
    ...(sample.status !== NO_STATUS ? { status: sample.status } : {}),
    // Tool calls counted from messages are stored as a number, from none as null: an empty
    // trajectory that was given is written as one, so the count reads back the same.
    ...(messages.length > 0 || metrics.toolCalls !== null ? { messages } : {}),
    ...(Object.keys(usage).length > 0 ? { usage } : {}),
    ...(detail.metadata ? { metadata: detail.metadata } : {}),
    ...present({ benchmark: benchmarkFields(format, sample) }),
  };
  return { line, exact: exactSteps(messages, sample.steps) };
}
