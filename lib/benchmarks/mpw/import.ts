/**
 * MPW-Bench importer, parsing half: the authors' native task and result records
 * (`formats.md`) validated with zod and mapped onto Seekboard's per-sample model.
 * Pure: no database, no file system.
 */
import { z } from "zod";
import {
  mpwSampleMetrics,
  mpwVerdict,
  type HitLogEntry,
  type MpwSampleMetrics,
  type MpwVerdict,
} from "./metrics";
import { chatMessageSchema, stepsFromMessages } from "../../trajectory/messages";
import type { Step, ToolCallStep } from "../../trajectory/steps";
import { normaliseQuery } from "../../trajectory/calls";
import { BundleError, detailsFromZod } from "../../import/errors";
import { checkTaskQuestion } from "../../import/task-question";
import { dataRecord } from "../../data-record";

const flag = z.union([z.boolean(), z.number()]).nullish();

const atomicFactsSchema = z.union([
  dataRecord(z.unknown()),
  z.array(
    z.union([z.string(), z.object({ key: z.string(), value: z.unknown().optional() }).loose()]),
  ),
]);

const worldTruthSchema = z
  .object({
    generated_question: z.string().nullish(),
    atomic_facts: atomicFactsSchema.nullish(),
    final_answer: z.unknown().optional(),
  })
  .loose();

const hitLogSchema = z
  .object({
    query: z.string().nullish(),
    is_compound_query: flag,
    hit: flag,
    matched_fact_keys: z.array(z.string()).nullish(),
    reason: z.string().nullish(),
  })
  .loose();

export const mpwResultRecordSchema = z
  .object({
    index: z.union([z.number().int(), z.string().trim().min(1)]),
    category: z.string().nullish(),
    messages: z.array(chatMessageSchema).nullish(),
    ground_truth: z.unknown().optional(),
    prediction: z.string().nullish(),
    full_response: z.string().nullish(),
    status: z.string().nullish(),
    trajectory_log: z
      .object({
        tool_calls: z
          .array(
            z
              .object({ tool_name: z.string().nullish(), query: z.string().nullish(), hit: flag })
              .loose(),
          )
          .nullish(),
        hit_logs: z.array(hitLogSchema).nullish(),
        full_history: z.array(chatMessageSchema).nullish(),
        world_truth_info: worldTruthSchema.nullish(),
        final_answer: z.unknown().optional(),
      })
      .loose()
      .nullish(),
    actual_turns: z.number().int().nullish(),
    max_turns: z.number().int().nullish(),
    error_info: z.unknown().optional(),
    answer: z.string().nullish(),
    think: z.string().nullish(),
    judge_response: z.string().nullish(),
    judge_status: z.string().nullish(),
    evaluation: z.object({ judgment: z.string().nullish() }).loose().nullish(),
  })
  .loose();

export const mpwTaskRecordSchema = z
  .object({
    index: z.union([z.number().int(), z.string().trim().min(1)]),
    prompt: z.array(chatMessageSchema).nullish(),
    answer: z.unknown().optional(),
    category: z.string().nullish(),
    extra_info: z.object({ world_truth_info: worldTruthSchema.nullish() }).loose().nullish(),
  })
  .loose();

/** A task as Seekboard stores it. */
export interface MpwTask {
  taskKey: string;
  question: string | null;
  goldAnswer: string | null;
  atomicFacts: Record<string, string>;
  category: string | null;
  language: string | null;
}

export interface MpwHitLogRow extends HitLogEntry {
  callIndex: number;
  query: string | null;
  reason: string | null;
}

/** One sample (an agent run on a task) as Seekboard stores it. */
export interface MpwSample {
  task: MpwTask;
  prediction: string | null;
  status: string;
  verdict: MpwVerdict;
  judgeRationale: string | null;
  steps: Step[];
  hitLog: MpwHitLogRow[];
  metrics: MpwSampleMetrics;
  actualTurns: number | null;
  maxTurns: number | null;
  errorInfo: string | null;
  malformedSteps: number;
}

function asText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Null-prototype: the keys are the task's fact keys. */
function factsAsRecord(
  facts: z.infer<typeof atomicFactsSchema> | null | undefined,
): Record<string, string> {
  const record: Record<string, string> = Object.create(null);
  if (!facts) return record;
  const entries = Array.isArray(facts)
    ? facts.map((fact) =>
        typeof fact === "string" ? [fact, ""] : [fact.key, asText(fact.value) ?? ""],
      )
    : Object.entries(facts).map(([key, value]) => [key, asText(value) ?? ""]);
  for (const [key, value] of entries) record[key] = value;
  return record;
}

/** Han, kana or hangul in the question: tells Chinese-language tasks from English ones. */
function languageOf(text: string | null): string | null {
  if (!text) return null;
  return /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(text) ? "zh" : "en";
}

function firstUserText(
  messages: readonly z.infer<typeof chatMessageSchema>[] | null | undefined,
): string | null {
  const user = messages?.find((m) => m.role === "user");
  if (!user) return null;
  return typeof user.content === "string" ? user.content : asText(user.content);
}

function validate<T extends z.ZodType>(
  schema: T,
  value: unknown,
  file: string,
  line: number | null,
): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new BundleError(
      detailsFromZod(file, line, parsed.error, [], { schema: schema, input: value }),
    );
  return parsed.data;
}

/** A task record of `mpw_bench.jsonl`; `line` is null for a record inside a JSON array. */
export function parseMpwTaskRecord(value: unknown, file: string, line: number | null): MpwTask {
  const record = validate(mpwTaskRecordSchema, value, file, line);
  const world = record.extra_info?.world_truth_info;
  const question = firstUserText(record.prompt) ?? world?.generated_question ?? null;
  return {
    taskKey: String(record.index),
    question,
    goldAnswer: asText(record.answer) ?? asText(world?.final_answer),
    atomicFacts: factsAsRecord(world?.atomic_facts),
    category: record.category ?? null,
    language: languageOf(question),
  };
}

/**
 * The call each hit-log entry judged, by the query the entry records: the first call from the
 * one after the previous entry's whose query is the same (normalised), else that next call
 * (an entry without a query, or one the messages lost). Increasing, so the log keeps its order.
 */
export function hitLogCalls(
  entryQueries: readonly (string | null)[],
  calls: readonly Pick<ToolCallStep, "callIndex" | "query">[],
): number[] {
  let next = 1;
  return entryQueries.map((query) => {
    const key = query === null ? null : normaliseQuery(query);
    const match = calls.find(
      (c) => c.callIndex >= next && c.query !== null && normaliseQuery(c.query) === key,
    );
    const index = match?.callIndex ?? next;
    next = index + 1;
    return index;
  });
}

/**
 * A result record as a sample. `knownTask` (from the bundle's tasks file) fills what
 * the record leaves out; the record's own fact set wins, since its hit log was scored
 * against it.
 */
export function parseMpwResultRecord(
  value: unknown,
  file: string,
  line: number,
  knownTask?: MpwTask,
): MpwSample {
  const record = validate(mpwResultRecordSchema, value, file, line);
  const log = record.trajectory_log;
  const world = log?.world_truth_info;
  const messages = record.messages ?? log?.full_history ?? [];
  const recordFacts = factsAsRecord(world?.atomic_facts);
  const ownQuestions = [firstUserText(messages), world?.generated_question];
  if (knownTask)
    checkTaskQuestion(String(record.index), knownTask.question, ownQuestions, file, line);
  const question =
    firstUserText(messages) ?? knownTask?.question ?? world?.generated_question ?? null;
  const task: MpwTask = {
    taskKey: String(record.index),
    question: knownTask?.question ?? question,
    goldAnswer: knownTask?.goldAnswer ?? asText(record.ground_truth) ?? asText(world?.final_answer),
    atomicFacts: Object.keys(recordFacts).length ? recordFacts : (knownTask?.atomicFacts ?? {}),
    category: record.category ?? knownTask?.category ?? null,
    language: knownTask?.language ?? languageOf(question),
  };

  const steps = stepsFromMessages(messages);
  const hitLogEntries = log?.hit_logs ?? [];
  const callIndexes = hitLogCalls(
    hitLogEntries.map((entry) => entry.query ?? null),
    steps.flatMap((s) => (s.kind === "tool_call" ? [s] : [])),
  );
  const hitLog: MpwHitLogRow[] = hitLogEntries.map((entry, i) => ({
    callIndex: callIndexes[i],
    hit: Boolean(entry.hit),
    matchedFactKeys: entry.matched_fact_keys ?? [],
    isCompoundQuery: Boolean(entry.is_compound_query),
    query: entry.query ?? null,
    reason: entry.reason ?? null,
  }));
  const stepCalls = steps.filter((s) => s.kind === "tool_call").length;
  // The tool-call log is the environment's own count; messages may be truncated.
  const toolCalls = log?.tool_calls ? log.tool_calls.length : stepCalls;
  const metrics = mpwSampleMetrics({
    atomicFactKeys: Object.keys(task.atomicFacts),
    hitLog,
    toolCalls,
  });
  const verdict = mpwVerdict(record);
  const prediction = record.prediction ?? steps.findLast((s) => s.kind === "answer")?.text ?? null;

  return {
    task,
    prediction,
    status: record.status ?? "unknown",
    verdict,
    judgeRationale: record.think ?? record.judge_response ?? asText(record.evaluation) ?? null,
    steps,
    hitLog,
    metrics,
    actualTurns: record.actual_turns ?? null,
    maxTurns: record.max_turns ?? null,
    errorInfo: asText(record.error_info),
    malformedSteps: steps.filter((s) => s.malformed !== null).length,
  };
}
