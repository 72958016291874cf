/**
 * Parsed Seekboard-format samples as stored rows, whatever the bundle's format (lines,
 * Inspect logs, Harbor jobs): the benchmark's importer spec, and the writer that checks
 * (task, run) across the bundle and tallies the judge models.
 */
import {
  NameTally,
  NEUTRAL_SAMPLE_FIGURES,
  type ImportSink,
  type ManifestBase,
} from "../import/importer";
import { stepsFromMessages } from "../trajectory/messages";
import {
  SampleKeyRegistry,
  type SeekboardBenchmark,
  type SeekboardFormat,
  type SeekboardSampleByBenchmark,
} from "./sample";
import type { z } from "zod";

/** The manifest fields every Seekboard-format bundle has. */
export type SeekboardManifestFields = ManifestBase & { results: string[] };

export interface SeekboardImporterSpec<
  B extends SeekboardBenchmark,
  M extends SeekboardManifestFields,
> {
  format: SeekboardFormat<B>;
  /** The format's manifest schema, typed (the format's own is typed loosely, for the registry). */
  manifestSchema: z.ZodType<M>;
  storedVersion?(manifest: M): string;
  importNotes?(manifest: M): Record<string, unknown>;
  /** The benchmark's figures stored per sample (`samples.metrics`). */
  storedMetrics(
    sample: SeekboardSampleByBenchmark[B],
  ): Record<string, unknown> & { toolCalls: number | null };
  /** The task's category and language, when the benchmark's fields give them. */
  taskFields?(sample: SeekboardSampleByBenchmark[B]): {
    category: string | null;
    language: string | null;
  };
}

/** How a sample's verdict was read when the line's own fields do not say it all (an Inspect scorer's value). */
export interface SampleRowExtras {
  verdictSource?: string;
  verdictLabel?: string | null;
  errorInfo?: string | null;
}

/** Writes parsed samples of one bundle as rows: (task, run) checked across files, judge models tallied. */
export class SeekboardRowWriter<B extends SeekboardBenchmark, M extends SeekboardManifestFields> {
  private readonly registry = new SampleKeyRegistry();
  readonly judges = new NameTally();

  constructor(
    private readonly spec: SeekboardImporterSpec<B, M>,
    private readonly sink: ImportSink,
  ) {}

  write(sample: SeekboardSampleByBenchmark[B], extras: SampleRowExtras = {}): Promise<void> {
    const { spec } = this;
    this.registry.add(sample);
    this.judges.add(sample.judge?.model);
    const metrics = spec.storedMetrics(sample);
    const { category, language } = spec.taskFields?.(sample) ?? { category: null, language: null };
    return this.sink.sample({
      ...NEUTRAL_SAMPLE_FIGURES,
      task: {
        taskKey: sample.taskId,
        question: sample.question,
        goldAnswer: sample.goldAnswer,
        atomicFacts: {},
        category,
        language,
      },
      run: sample.run,
      prediction: sample.prediction,
      status: sample.status ?? "unspecified",
      correct: sample.verdict === "correct",
      verdictSource: extras.verdictSource ?? "seekboard-verdict",
      verdictLabel: extras.verdictLabel !== undefined ? extras.verdictLabel : sample.verdict,
      judgeRationale: sample.judge?.output ?? sample.judge?.reasoning ?? null,
      toolCalls: metrics.toolCalls ?? 0,
      category,
      metrics,
      detail: { judge: sample.judge, usage: sample.usage, metadata: sample.metadata },
      usage: sample.usage,
      steps: sample.messages ? stepsFromMessages(sample.messages) : [],
      errorInfo: extras.errorInfo ?? null,
      file: sample.file,
      line: sample.line,
    });
  }
}
