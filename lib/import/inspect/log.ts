/**
 * Inspect AI's eval logs as Seekboard reads them: the header (`header.json` of a `.eval`,
 * or `_journal/start.json` of an unfinished one, or the top of a `.json` log) and one
 * sample. Log format versions 1–3 (v1: `results.scorer` and a sample's single `score`;
 * v3: condensed samples whose model events reference a message pool). Only what the
 * importer uses is checked; every other key is kept as Inspect wrote it.
 * Field names as in inspect_ai/log/_log.py, model/_chat_message.py, model/_model_output.py.
 */
import JSON5 from "json5";
import { z } from "zod";
import { BundleError } from "../errors";
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from "../json-depth";

/** The log format versions read; Inspect's own reader refuses a newer one. */
export const INSPECT_LOG_VERSIONS = [1, 2, 3] as const;

const tokens = z.number().int().min(0);

/** `ModelUsage`, per model. */
export const modelUsageSchema = z
  .object({
    input_tokens: tokens.nullish(),
    output_tokens: tokens.nullish(),
    total_tokens: tokens.nullish(),
    input_tokens_cache_write: tokens.nullish(),
    input_tokens_cache_read: tokens.nullish(),
    reasoning_tokens: tokens.nullish(),
    total_cost: z.number().min(0).nullish(),
  })
  .loose();
export type ModelUsage = z.infer<typeof modelUsageSchema>;

/** A content part: text, reasoning, image, audio, … (`Content`). */
const contentPartSchema = z
  .object({
    type: z.string(),
    text: z.string().nullish(),
    reasoning: z.string().nullish(),
    summary: z.string().nullish(),
    redacted: z.boolean().nullish(),
  })
  .loose();
const contentSchema = z.union([z.string(), z.array(contentPartSchema)]);
export type InspectContent = z.infer<typeof contentSchema>;

const toolCallSchema = z
  .object({
    id: z.string(),
    function: z.string(),
    arguments: z.unknown().optional(),
    parse_error: z.string().nullish(),
  })
  .loose();

/** `ChatMessage`: system, user, assistant (with tool calls) or tool (with the call it answers and its error). */
export const inspectMessageSchema = z
  .object({
    id: z.string().nullish(),
    role: z.enum(["system", "user", "assistant", "tool"]),
    content: contentSchema,
    tool_calls: z.array(toolCallSchema).nullish(),
    tool_call_id: z.string().nullish(),
    function: z.string().nullish(),
    error: z.object({ type: z.string(), message: z.string() }).loose().nullish(),
  })
  .loose();
export type InspectMessage = z.infer<typeof inspectMessageSchema>;

const outputSchema = z
  .object({
    model: z.string().nullish(),
    choices: z
      .array(z.object({ message: inspectMessageSchema, stop_reason: z.string().nullish() }).loose())
      .default([]),
    completion: z.string().nullish(),
    usage: modelUsageSchema.nullish(),
    time: z.number().min(0).nullish(),
  })
  .loose();

/** `Score`: its value is a letter (C/I/P/N), a boolean, a number, a list or a dict of them. */
export const scoreSchema = z
  .object({
    value: z.unknown(),
    answer: z.string().nullish(),
    explanation: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  })
  .loose();
export type InspectScore = z.infer<typeof scoreSchema>;

/** A model event: what the model was given (inline, or as ranges of the sample's message pool) and what it answered. */
const modelEventSchema = z
  .object({
    event: z.literal("model"),
    timestamp: z.string().nullish(),
    model: z.string().nullish(),
    input: z.array(inspectMessageSchema).default([]),
    input_refs: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).nullish(),
    output: outputSchema.nullish(),
    working_time: z.number().min(0).nullish(),
  })
  .loose();
export type InspectModelEvent = z.infer<typeof modelEventSchema>;

/** Any other event (spans, state, tools, scores, …): kept, not read. A model event must match its schema. */
const otherEventSchema = z.object({ event: z.string().refine((name) => name !== "model") }).loose();

export const inspectSampleSchema = z
  .object({
    id: z.union([z.string(), z.number()]),
    epoch: z.number().int().min(1).default(1),
    input: z.union([z.string(), z.array(inspectMessageSchema)]),
    target: z.union([z.string(), z.array(z.string())]).default(""),
    messages: z.array(inspectMessageSchema).default([]),
    output: outputSchema.nullish(),
    scores: z.record(z.string(), scoreSchema).nullish(),
    /** Log format 1: one score, named by `results.scorer`. */
    score: scoreSchema.nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    events: z.array(z.union([modelEventSchema, otherEventSchema])).nullish(),
    model_usage: z.record(z.string(), modelUsageSchema).nullish(),
    total_time: z.number().min(0).nullish(),
    working_time: z.number().min(0).nullish(),
    uuid: z.string().nullish(),
    error: z.object({ message: z.string(), traceback: z.string().nullish() }).loose().nullish(),
    limit: z.object({ type: z.string(), limit: z.number().nullish() }).loose().nullish(),
    attachments: z.record(z.string(), z.string()).nullish(),
    /** Condensed samples: the messages model events reference by `input_refs` (v3's `message_pool`, later `events_data.messages`). */
    message_pool: z.array(inspectMessageSchema).nullish(),
    events_data: z
      .object({ messages: z.array(inspectMessageSchema).default([]) })
      .loose()
      .nullish(),
  })
  .loose();
export type InspectSample = z.infer<typeof inspectSampleSchema>;

const scorerSchema = z.object({ name: z.string() }).loose();

/** What the header says about the run: its task, model, scorers, status and results. */
export const inspectHeaderSchema = z
  .object({
    version: z.number().int().default(1),
    status: z.enum(["started", "success", "cancelled", "error"]).default("started"),
    eval: z
      .object({
        task: z.string(),
        model: z.string(),
        dataset: z.object({ name: z.string().nullish() }).loose().nullish(),
        scorers: z.array(scorerSchema).nullish(),
      })
      .loose(),
    results: z
      .object({
        scores: z.array(scorerSchema).nullish(),
        /** Log format 1. */
        scorer: scorerSchema.nullish(),
      })
      .loose()
      .nullish(),
    error: z.object({ message: z.string() }).loose().nullish(),
  })
  .loose();
export type InspectHeader = z.infer<typeof inspectHeaderSchema>;

/** The scorers a header names, in order: the eval's spec, else its results (v1: the one scorer). */
export function headerScorers(header: InspectHeader): string[] {
  const named =
    header.eval.scorers ??
    header.results?.scores ??
    (header.results?.scorer ? [header.results.scorer] : []);
  return named.map((scorer) => scorer.name);
}

/**
 * An Inspect JSON text: Python's json writes NaN and ±Infinity bare (a score of NaN is
 * common), which JSON.parse refuses; JSON5 reads them. Depth is bounded as for any record.
 */
export function parseInspectJson(text: string, file: string): unknown {
  if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH))
    throw BundleError.at(file, null, null, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch (error) {
    if (/\bNaN\b|\bInfinity\b/.test(text)) {
      try {
        return JSON5.parse(text);
      } catch {
        // Not Python's JSON either: report JSON.parse's error, which names the position.
      }
    }
    throw BundleError.at(file, null, null, `invalid JSON: ${(error as Error).message}`);
  }
}

/**
 * What an import's Inspect samples become once their references are expanded (each
 * `attachment://` replaced by its text, the last model event's `input_refs` by the pool's
 * messages), counted before it is built: a small log that references one attachment
 * thousands of times is refused, not expanded. A sample may become at most `sampleBytes`
 * (it is one record, as a line of a results file is), the logs together `totalBytes`.
 * Bytes are UTF-16 code units of the expanded text, the measure JSON text is built in.
 */
export class ExpansionBudget {
  private total = 0;
  private sample = 0;
  /**
   * `totalBytes`: what all samples may expand by; `limitBytes`, the limit it is what is left
   * of, which an error names (the bundle's unpacked limit, shared with the logs' own bytes).
   */
  constructor(
    readonly sampleBytes: number,
    readonly totalBytes: number,
    readonly limitBytes: number = totalBytes,
  ) {}

  /** Whether the logs together passed their limit: no later sample can be read. */
  get exhausted(): boolean {
    return this.total > this.totalBytes;
  }

  /** A new sample's own count starts. */
  nextSample(): void {
    this.sample = 0;
  }

  /** `bytes` more of the sample at `file` (its `field`), refused past either limit. */
  add(file: string, field: string | null, bytes: number): void {
    this.sample += bytes;
    this.total += bytes;
    if (this.sample > this.sampleBytes)
      throw BundleError.at(
        file,
        null,
        field,
        `the sample expands (attachments and input_refs) to more than ${this.sampleBytes} bytes, the most one sample may hold`,
      );
    if (this.total > this.totalBytes)
      throw BundleError.at(
        file,
        null,
        field,
        `the logs with what they expand to (attachments and input_refs) pass ${this.limitBytes} bytes, the bundle's unpacked limit`,
      );
  }
}

/** `attachment://<hash>`: Inspect moves long strings (system prompts, tool outputs, images) into the sample's `attachments`. */
const ATTACHMENT = "attachment://";

/**
 * The sample with every `attachment://<hash>` string replaced by the attachment's text,
 * each replacement counted against `budget` before it is made; a reference to an
 * attachment the sample does not hold is an error naming its field.
 */
export function resolveAttachments(
  value: unknown,
  attachments: Readonly<Record<string, string>>,
  file: string,
  budget: ExpansionBudget,
): unknown {
  // The path is a stack, joined only for an error: samples hold tens of thousands of strings.
  const path: string[] = [];
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") {
      if (!node.startsWith(ATTACHMENT)) return node;
      const hash = node.slice(ATTACHMENT.length);
      if (!Object.hasOwn(attachments, hash))
        throw BundleError.at(
          file,
          null,
          path.join("."),
          `${node} is not among the sample's attachments`,
        );
      const text = attachments[hash];
      // The text is shared, not copied, here; it is copied into every record built from the sample.
      if (text.length > node.length) budget.add(file, path.join("."), text.length - node.length);
      return text;
    }
    if (typeof node !== "object" || node === null) return node;
    if (Array.isArray(node)) {
      return node.map((item, i) => {
        path.push(String(i));
        const out = walk(item);
        path.pop();
        return out;
      });
    }
    // Null prototype: a key "__proto__" from the log stays a key.
    const out: Record<string, unknown> = Object.create(null);
    for (const [key, item] of Object.entries(node)) {
      if (key === "attachments" && path.length === 0) {
        out[key] = item;
        continue;
      }
      path.push(key);
      out[key] = walk(item);
      path.pop();
    }
    return out;
  };
  return walk(value);
}
