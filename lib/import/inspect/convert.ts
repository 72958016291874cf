/**
 * One Inspect sample (id × epoch) as a line of the Seekboard bundle format
 * (docs/bundle-format.md), which the benchmark's own format then parses: the trajectory
 * as chat messages with what each completion took, the chosen scorer's value as the
 * verdict, the target as the gold answer, tokens, cost and time from `model_usage` and
 * `total_time`, the termination status from `error` and `limit`.
 */
import { z } from "zod";
import { assertNever } from "../../assert-never";
import { BundleError } from "../errors";
import type {
  ExpansionBudget,
  InspectContent,
  InspectMessage,
  InspectModelEvent,
  InspectSample,
  InspectScore,
  ModelUsage,
} from "./log";

/** What a score's value says, in Seekboard's verdicts (docs/bundle-format.md, "Inspect logs"). */
export type InspectVerdict = "correct" | "incorrect" | "partial" | "unjudged";

/**
 * Inspect's letters (C correct, I incorrect, P partial, N no answer), booleans, and numbers
 * (≥ 1 correct, between 0 and 1 partial, ≤ 0 incorrect); anything else (NaN, a list, a
 * dict, another string) is not a verdict.
 */
export function inspectVerdict(value: unknown): InspectVerdict {
  if (value === "C") return "correct";
  if (value === "I") return "incorrect";
  if (value === "P") return "partial";
  if (typeof value === "boolean") return value ? "correct" : "incorrect";
  if (typeof value === "number" && Number.isFinite(value))
    return value >= 1 ? "correct" : value > 0 ? "partial" : "incorrect";
  return "unjudged";
}

/** A score value as the sample page shows it. */
function valueLabel(value: unknown): string {
  // JSON would write NaN as null.
  return typeof value === "string" || typeof value === "number"
    ? String(value)
    : (JSON.stringify(value) ?? String(value));
}

function contentText(content: InspectContent): { text: string; reasoning: string | null } {
  if (typeof content === "string") return { text: content, reasoning: null };
  const text: string[] = [];
  const reasoning: string[] = [];
  for (const part of content) {
    if (part.type === "text") text.push(part.text ?? "");
    else if (part.type === "reasoning")
      reasoning.push(
        part.redacted ? "[reasoning redacted]" : (part.reasoning ?? part.summary ?? ""),
      );
    // Images, audio, video and documents are not shown as text; their place is.
    else text.push(`[${part.type}]`);
  }
  return { text: text.join(""), reasoning: reasoning.length ? reasoning.join("\n\n") : null };
}

/**
 * Prompt and completion tokens of a usage, from the log's own `total_tokens` where it has one:
 * providers disagree on whether `input_tokens` already holds the cache reads and writes
 * (OpenAI's did until Inspect began subtracting them; Anthropic's never did), but every
 * provider's total counts each token once, so the prompt is the total less the output. Without
 * a total (or with one below the output), input plus cache reads and writes.
 */
function tokenFigures(usage: ModelUsage): { prompt: number | null; completion: number | null } {
  const completion = usage.output_tokens ?? null;
  const total = usage.total_tokens;
  if (typeof total === "number" && total > 0 && total >= (completion ?? 0))
    return { prompt: total - (completion ?? 0), completion };
  const parts = [
    usage.input_tokens,
    usage.input_tokens_cache_read,
    usage.input_tokens_cache_write,
  ].filter((n): n is number => typeof n === "number");
  return { prompt: parts.length ? parts.reduce((a, b) => a + b, 0) : null, completion };
}

/** Sums a figure over models; null when no model reports it (unknown is never 0). */
function sum(values: readonly (number | null | undefined)[]): number | null {
  const known = values.filter((n): n is number => typeof n === "number");
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
}

function isModelEvent(
  event: NonNullable<InspectSample["events"]>[number],
): event is InspectModelEvent {
  return event.event === "model";
}

function modelEvents(sample: InspectSample): InspectModelEvent[] {
  return (sample.events ?? []).filter(isModelEvent);
}

/** A model event's figures as a Seekboard message `usage`, with its timestamp. */
function eventUsage(event: InspectModelEvent): {
  usage: Record<string, number> | undefined;
  timestamp: string | undefined;
} {
  const usage = event.output?.usage;
  const figures: Record<string, number> = {};
  if (usage) {
    const { prompt, completion } = tokenFigures(usage);
    if (prompt !== null) figures.prompt_tokens = prompt;
    if (completion !== null) figures.completion_tokens = completion;
    if (typeof usage.total_cost === "number") figures.cost_usd = usage.total_cost;
  }
  const seconds = event.output?.time ?? event.working_time;
  if (typeof seconds === "number") figures.seconds = seconds;
  const timestamp =
    event.timestamp && !Number.isNaN(Date.parse(event.timestamp)) ? event.timestamp : undefined;
  return { usage: Object.keys(figures).length ? figures : undefined, timestamp };
}

/**
 * The last model event and its input, expanded: a condensed sample stores each event's
 * input as ranges (`input_refs`, end exclusive) of its message pool. Only the last event
 * is shown, so only its input is built, and only once its size is counted against
 * `budget` (thousands of events of overlapping ranges would otherwise stand for gigabytes).
 */
function lastModelEvent(
  sample: InspectSample,
  where: string,
  budget: ExpansionBudget,
): InspectModelEvent | undefined {
  const events = sample.events ?? [];
  const i = events.findLastIndex(isModelEvent);
  if (i < 0) return undefined;
  const event = events[i] as InspectModelEvent;
  if (!event.input_refs) return event;
  const pool = sample.events_data?.messages ?? sample.message_pool ?? [];
  // Prefix sums of the pool messages' JSON sizes: a range's size without building it.
  const sizeBefore = [0];
  for (const message of pool) sizeBefore.push(sizeBefore.at(-1)! + JSON.stringify(message).length);
  event.input_refs.forEach(([start, end], j) => {
    const field = `events.${i}.input_refs.${j}`;
    if (start > end || end > pool.length) {
      throw BundleError.at(
        where,
        null,
        field,
        `[${start}, ${end}] is outside the message pool (${pool.length} messages)`,
      );
    }
    budget.add(where, field, sizeBefore[end] - sizeBefore[start]);
  });
  return { ...event, input: event.input_refs.flatMap(([start, end]) => pool.slice(start, end)) };
}

type LineMessage = Record<string, unknown>;

/** The conversation to show: the sample's messages, else the last model call's input and answer, else the input. */
function conversation(
  sample: InspectSample,
  where: string,
  budget: ExpansionBudget,
): InspectMessage[] {
  if (sample.messages.length) return sample.messages;
  const last = lastModelEvent(sample, where, budget);
  const answer = last?.output?.choices[0]?.message;
  if (last && last.input.length) return answer ? [...last.input, answer] : last.input;
  return typeof sample.input === "string"
    ? [{ role: "user", content: sample.input }]
    : sample.input;
}

/** Each assistant message's model event: by message id, else by order when there are as many events as assistant messages. */
function eventsByMessage(
  messages: readonly InspectMessage[],
  events: readonly InspectModelEvent[],
): Map<InspectMessage, InspectModelEvent> {
  const byId = new Map<string, InspectModelEvent>();
  for (const event of events) {
    const id = event.output?.choices[0]?.message.id;
    if (id) byId.set(id, event);
  }
  const assistants = messages.filter((message) => message.role === "assistant");
  const matched = new Map<InspectMessage, InspectModelEvent>();
  for (const message of assistants) {
    const event = message.id ? byId.get(message.id) : undefined;
    if (event) matched.set(message, event);
  }
  if (matched.size === 0 && assistants.length === events.length)
    assistants.forEach((message, i) => matched.set(message, events[i]));
  return matched;
}

function lineMessage(message: InspectMessage, event: InspectModelEvent | undefined): LineMessage {
  const { text, reasoning } = contentText(message.content);
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: text };
    case "assistant": {
      const out: LineMessage = { role: "assistant", content: text };
      if (reasoning !== null) out.reasoning_content = reasoning;
      if (message.tool_calls?.length) {
        out.tool_calls = message.tool_calls.map((call) => ({
          id: call.id,
          type: "function",
          function: { name: call.function, arguments: call.arguments ?? {} },
        }));
      }
      if (event) {
        const { usage, timestamp } = eventUsage(event);
        if (usage) out.usage = usage;
        if (timestamp) out.timestamp = timestamp;
      }
      return out;
    }
    case "tool": {
      // A tool error is shown first, so the call reads as failed (lib/trajectory/calls.ts).
      const error = message.error
        ? `error (${message.error.type}): ${message.error.message}`
        : null;
      const out: LineMessage = {
        role: "tool",
        content: error ? (text ? `${error}\n${text}` : error) : text,
      };
      if (message.tool_call_id) out.tool_call_id = message.tool_call_id;
      if (message.function) out.name = message.function;
      return out;
    }
    default:
      return assertNever(message.role);
  }
}

function questionOf(input: InspectSample["input"]): string {
  const text =
    typeof input === "string"
      ? input
      : contentText(input.filter((m) => m.role === "user").at(-1)?.content ?? "").text;
  return text.trim() === "" ? "(the sample's input holds no text)" : text;
}

function predictionOf(sample: InspectSample, messages: readonly InspectMessage[]): string | null {
  const output = sample.output;
  const message =
    output?.choices[0]?.message ?? messages.filter((m) => m.role === "assistant").at(-1);
  const text = output?.completion || (message ? contentText(message.content).text : "");
  return text.trim() === "" ? null : text;
}

/** The termination status: an error is an API error; a message or turn limit is the usual turn limit; other limits by their name. */
function statusOf(sample: InspectSample): { status: string; errorInfo: string | null } {
  if (sample.error) return { status: "api_error", errorInfo: sample.error.message };
  const limit = sample.limit;
  if (limit) {
    const info = `${limit.type} limit${typeof limit.limit === "number" ? ` of ${limit.limit}` : ""} reached`;
    return {
      status:
        limit.type === "message" || limit.type === "turn"
          ? "max_turns_reached"
          : `${limit.type}_limit`,
      errorInfo: info,
    };
  }
  return { status: "finished", errorInfo: null };
}

function usageOf(sample: InspectSample): Record<string, number> | undefined {
  const usages = Object.values(sample.model_usage ?? {});
  const figures: Record<string, number | null> = {
    prompt_tokens: sum(usages.map((u) => tokenFigures(u).prompt)),
    completion_tokens: sum(usages.map((u) => tokenFigures(u).completion)),
    cost_usd: sum(usages.map((u) => u.total_cost)),
    seconds: sample.total_time ?? sample.working_time ?? null,
  };
  const known = Object.entries(figures).filter(
    (entry): entry is [string, number] => entry[1] !== null,
  );
  return known.length ? Object.fromEntries(known) : undefined;
}

/** The sample's scores by scorer; a log of format 1 holds one `score`, named by the header's scorer. */
export function scoresOf(
  sample: InspectSample,
  v1Scorer: string | null,
): Map<string, InspectScore> {
  const scores = new Map<string, InspectScore>(Object.entries(sample.scores ?? {}));
  if (sample.score && scores.size === 0) scores.set(v1Scorer ?? "score", sample.score);
  return scores;
}

export interface InspectLineContext {
  taskId: string;
  run: number;
  /** The scorer whose value is the verdict; null: each sample's first. */
  scorer: string | null;
  /** The header's scorer, naming a format-1 sample's single score. */
  v1Scorer: string | null;
  /** The manifest's `benchmarkFields`, under each sample's own `metadata.benchmark`. */
  benchmarkFields: Record<string, unknown> | undefined;
  log: string;
  where: string;
  /** What the sample's references may expand to (its attachments are counted as it is read). */
  budget: ExpansionBudget;
}

/** A Seekboard-format line, and how its verdict was read (the line's verdict has no "partial"). */
export interface InspectLine {
  line: Record<string, unknown>;
  verdict: InspectVerdict;
  verdictSource: string;
  verdictLabel: string | null;
  errorInfo: string | null;
}

export function inspectSampleLine(sample: InspectSample, context: InspectLineContext): InspectLine {
  const messages = conversation(sample, context.where, context.budget);
  const matched = eventsByMessage(messages, modelEvents(sample));
  const scores = scoresOf(sample, context.v1Scorer);
  const scorer = context.scorer ?? scores.keys().next().value ?? null;
  const score = scorer === null ? undefined : scores.get(scorer);
  const verdict = score ? inspectVerdict(score.value) : "unjudged";
  const { status, errorInfo } = statusOf(sample);
  const { benchmark: ownFields, ...metadata } = sample.metadata ?? {};
  // A sample's own fields (its metadata's `benchmark` object) over the manifest's.
  const sampleFields = z.record(z.string(), z.unknown()).safeParse(ownFields).data;
  const benchmark =
    context.benchmarkFields || sampleFields
      ? { ...context.benchmarkFields, ...sampleFields }
      : undefined;
  const judge: Record<string, string> = {};
  if (score?.answer) judge.extracted_final_answer = score.answer;
  if (score?.explanation) judge.output = score.explanation;
  const usage = usageOf(sample);
  const line: Record<string, unknown> = {
    task_id: context.taskId,
    run: context.run,
    question: questionOf(sample.input),
    gold_answer: typeof sample.target === "string" ? sample.target : sample.target.join(" | "),
    prediction: predictionOf(sample, messages),
    verdict: verdict === "correct" ? "correct" : verdict === "unjudged" ? null : "incorrect",
    status,
    messages: messages.map((message) => lineMessage(message, matched.get(message))),
    metadata: {
      ...metadata,
      inspect: {
        log: context.log,
        id: sample.id,
        epoch: sample.epoch,
        uuid: sample.uuid ?? null,
        scores: Object.fromEntries([...scores].map(([name, s]) => [name, s.value])),
        ...(Array.isArray(sample.target) ? { target: sample.target } : {}),
      },
    },
  };
  if (Object.keys(judge).length) line.judge = judge;
  if (usage) line.usage = usage;
  if (benchmark) line.benchmark = benchmark;
  return {
    line,
    verdict,
    verdictSource: scorer === null ? "none" : `inspect:${scorer}`,
    verdictLabel: score ? valueLabel(score.value) : null,
    errorInfo,
  };
}
