/**
 * Parsing half of the Seekboard bundle format v1, shared by the benchmarks that use it:
 * one JSON-decoded line → a typed, camelCase sample, through the benchmark's format (its
 * module's `seekboardFormat`: the line schema and the mapping of its own fields).
 * Errors are `BundleError`s naming the file, the 1-based line and the field.
 * Pure: no database, no file system.
 */
import type { z } from "zod";
import { BundleError, detailsFromZod } from "../import/errors";
import { MAX_JSON_DEPTH, valueNestedDeeperThan } from "../import/json-depth";
import type { SampleUsage } from "../import/importer";
import { stepsFromMessages, type ChatMessage } from "../trajectory/messages";
import type { sampleBaseShape, Verdict } from "./schema";

export interface SeekboardJudge {
  output: string | null;
  model: string | null;
  extractedFinalAnswer: string | null;
  reasoning: string | null;
  /** Percent, 0–100. */
  confidence: number | null;
}

export type SeekboardUsage = SampleUsage;

/** What every sample of the format carries, whatever its benchmark. */
export interface SeekboardSampleCommon {
  taskId: string;
  run: number;
  question: string;
  goldAnswer: string | null;
  prediction: string | null;
  verdict: Verdict;
  judge: SeekboardJudge | null;
  /** Verbatim; null when the line gives none. */
  status: string | null;
  messages: ChatMessage[] | null;
  usage: SeekboardUsage | null;
  metadata: Record<string, unknown> | null;
  /** Where the sample came from. */
  file: string;
  line: number;
}

/** A sample of one benchmark: the shared fields and the benchmark's own, camelCased, under `detail`. */
export type SeekboardBundleSample<B extends string, D> = SeekboardSampleCommon & {
  benchmark: B;
  detail: D;
};

/**
 * Each benchmark in the format adds its sample type here, under its id (a declaration
 * in its module's bundle-format.ts), so parsing by benchmark id stays typed without a
 * list of the benchmarks in this folder.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface SeekboardSampleByBenchmark {}

export type SeekboardBenchmark = keyof SeekboardSampleByBenchmark;
export type SeekboardSample = SeekboardSampleByBenchmark[SeekboardBenchmark];

/** A results line, validated: the shared fields (the benchmark's own are under `benchmark`). */
export type SeekboardLineBase = z.output<z.ZodObject<typeof sampleBaseShape>>;

/** A benchmark's part of the format (its module's `seekboardFormat`). */
export interface SeekboardFormat<B extends SeekboardBenchmark = SeekboardBenchmark> {
  readonly benchmark: B;
  /** One results line of this benchmark (the published JSON Schema's `$defs.<id>Sample`). */
  readonly sampleSchema: z.ZodType;
  /** The manifest of such a bundle (one branch of the published `$defs.manifest`). */
  readonly manifestSchema: z.ZodObject<{ benchmark: z.ZodLiteral<B> } & z.ZodRawShape>;
  /** A JSON-decoded line → a typed sample; throws a `BundleError` naming file, line and field. */
  parse(value: unknown, file: string, line: number): SeekboardSampleByBenchmark[B];
}

/** A benchmark's format from its schemas and the mapping of a validated line. */
export function defineSeekboardFormat<B extends SeekboardBenchmark, L>(spec: {
  benchmark: B;
  sampleSchema: z.ZodType<L>;
  manifestSchema: z.ZodObject<{ benchmark: z.ZodLiteral<B> } & z.ZodRawShape>;
  toSample(line: L, file: string, lineNumber: number): SeekboardSampleByBenchmark[B];
}): SeekboardFormat<B> {
  return {
    benchmark: spec.benchmark,
    sampleSchema: spec.sampleSchema,
    manifestSchema: spec.manifestSchema,
    parse(value, file, line) {
      const parsed = spec.sampleSchema.safeParse(value);
      if (!parsed.success)
        throw new BundleError(
          detailsFromZod(file, line, parsed.error, [], { schema: spec.sampleSchema, input: value }),
        );
      return spec.toSample(parsed.data, file, line);
    },
  };
}

/** Tool calls in a trajectory: OpenAI `tool_calls` entries and ReAct `<tool_call>` tags alike. */
export function countToolCalls(messages: readonly ChatMessage[]): number {
  return stepsFromMessages(messages).filter((step) => step.kind === "tool_call").length;
}

/** The shared fields of a validated line, camelCased. */
export function commonSampleFields(
  line: SeekboardLineBase,
  file: string,
  lineNumber: number,
): SeekboardSampleCommon {
  const judge = line.judge
    ? {
        output: line.judge.output ?? null,
        model: line.judge.model ?? null,
        extractedFinalAnswer: line.judge.extracted_final_answer ?? null,
        reasoning: line.judge.reasoning ?? null,
        confidence: line.judge.confidence ?? null,
      }
    : null;
  const usage = line.usage
    ? {
        promptTokens: line.usage.prompt_tokens ?? null,
        completionTokens: line.usage.completion_tokens ?? null,
        costUsd: line.usage.cost_usd ?? null,
        seconds: line.usage.seconds ?? null,
      }
    : null;
  return {
    taskId: line.task_id,
    run: line.run,
    question: line.question,
    goldAnswer: line.gold_answer,
    prediction: line.prediction,
    verdict: line.verdict,
    judge,
    status: line.status ?? null,
    messages: line.messages ?? null,
    usage,
    metadata: line.metadata ?? null,
    file,
    line: lineNumber,
  };
}

/** One raw JSONL line (text) → a sample of the format: JSON and nesting depth checked first. */
export function parseFormatLine<B extends SeekboardBenchmark>(
  text: string,
  format: SeekboardFormat<B>,
  file: string,
  line: number,
): SeekboardSampleByBenchmark[B] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw BundleError.at(file, line, null, `invalid JSON: ${(error as Error).message}`);
  }
  if (valueNestedDeeperThan(value))
    throw BundleError.at(file, line, null, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  return format.parse(value, file, line);
}

/** Remembers (task_id, run) pairs across the files of one bundle and refuses a repeat. */
export class SampleKeyRegistry {
  private readonly seen = new Map<string, { file: string; line: number }>();

  add(sample: Pick<SeekboardSampleCommon, "taskId" | "run" | "file" | "line">): void {
    const key = JSON.stringify([sample.taskId, sample.run]);
    const first = this.seen.get(key);
    if (first) {
      throw BundleError.at(
        sample.file,
        sample.line,
        "run",
        `task "${sample.taskId}" run ${sample.run} already appears at ${first.file} line ${first.line}`,
      );
    }
    this.seen.set(key, { file: sample.file, line: sample.line });
  }
}
