import { assertNever } from "../assert-never";
import { z } from "zod";
import { parseToolCallBody, splitReactText, type ReactSegment } from "./react";
import { parseSerp, type Serp, type Step, type StepUsage } from "./steps";
import { readCall } from "./tools";

/**
 * One message's completion as OpenAI reports it on the message (`usage`, as widesearch_exp
 * writes it), with the Seekboard format's `cost_usd` and `seconds`. Other keys
 * (`total_tokens`, `prompt_tokens_details`, …) are kept.
 */
export const messageUsageSchema = z
  .object({
    prompt_tokens: z.number().int().min(0).nullish(),
    completion_tokens: z.number().int().min(0).nullish(),
    cost_usd: z.number().min(0).nullish(),
    seconds: z.number().min(0).nullish().meta({
      description: "Wall-clock seconds this message took (the completion, or the tool's run).",
    }),
  })
  .loose();

/** When a message was written: ISO 8601 with an offset, or Unix seconds. */
export const messageTimestampSchema = z.union([
  z.iso.datetime({ offset: true }),
  z.number().min(0),
]);

/** A message's time in Unix seconds, or null when it has none that reads as one. */
function messageTime(value: unknown): number | null {
  const parsed = messageTimestampSchema.safeParse(value);
  if (!parsed.success) return null;
  return typeof parsed.data === "number" ? parsed.data : Date.parse(parsed.data) / 1000;
}

/**
 * The message's usage, its seconds given or else the time since the previous message's
 * timestamp; undefined when it reports nothing. Read leniently (a usage of another shape
 * is not reported, the message still shown): the native formats keep whatever they keep.
 */
function messageUsage(
  usageValue: unknown,
  time: number | null,
  previousTime: number | null,
): StepUsage | undefined {
  const parsed = usageValue === undefined ? null : messageUsageSchema.safeParse(usageValue);
  const usage = parsed?.success ? parsed.data : null;
  const elapsed =
    time !== null && previousTime !== null && time >= previousTime ? time - previousTime : null;
  const figures: StepUsage = {
    promptTokens: usage?.prompt_tokens ?? null,
    completionTokens: usage?.completion_tokens ?? null,
    costUsd: usage?.cost_usd ?? null,
    seconds: usage?.seconds ?? elapsed,
  };
  return Object.values(figures).some((n) => n !== null) ? figures : undefined;
}

const contentPartSchema = z
  .object({ type: z.string().optional(), text: z.string().optional() })
  .loose();

export const chatMessageSchema = z
  .object({
    role: z.string(),
    content: z.union([z.string(), z.array(contentPartSchema), z.null()]).optional(),
    reasoning_content: z.string().nullish(),
    tool_calls: z
      .array(
        z
          .object({
            id: z.string().optional(),
            type: z.string().optional(),
            function: z.object({ name: z.string(), arguments: z.unknown().optional() }).loose(),
          })
          .loose(),
      )
      .nullish(),
    tool_call_id: z.string().nullish(),
  })
  .loose();

export type ChatMessage = z.infer<typeof chatMessageSchema>;

function textOf(content: ChatMessage["content"]): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => part.text ?? "").join("");
  return "";
}

/**
 * Chat messages (ReAct text turns, OpenAI-style `tool_calls`, or both) as ordered steps.
 * Tool calls are numbered 1.. in order; a tool result is tied to its call by
 * `tool_call_id` when there is one, else to the latest call still unanswered.
 */
export function stepsFromMessages(messages: readonly ChatMessage[]): Step[] {
  const steps: Step[] = [];
  let callCount = 0;
  const callIdToIndex = new Map<string, number>();
  const unanswered: number[] = [];

  const addCall = (
    role: string,
    name: string | null,
    args: unknown,
    raw: string,
    malformed: string | null,
  ) => {
    callCount += 1;
    unanswered.push(callCount);
    const { query, url } = readCall(name, args);
    // `url` only where there is one: other calls' stored steps stay as they were.
    steps.push({
      kind: "tool_call",
      role,
      callIndex: callCount,
      name,
      arguments: args,
      query,
      ...(url === null ? {} : { url }),
      raw,
      malformed,
    });
    return callCount;
  };
  const addResult = (
    role: string,
    raw: string,
    callIndex: number | null,
    malformed: string | null,
    serp: Serp | null = parseSerp(raw),
  ) => {
    const index = callIndex ?? unanswered.shift() ?? null;
    if (callIndex !== null) {
      const at = unanswered.indexOf(callIndex);
      if (at >= 0) unanswered.splice(at, 1);
    }
    steps.push({ kind: "tool_result", role, callIndex: index, raw, serp, malformed });
  };
  const addSegment = (role: string, segment: ReactSegment) => {
    switch (segment.tag) {
      case "think":
        steps.push({ kind: "thought", role, text: segment.text, malformed: segment.malformed });
        return;
      case "answer":
        steps.push({ kind: "answer", role, text: segment.text, malformed: segment.malformed });
        return;
      case "tool_call": {
        const call = parseToolCallBody(segment.text);
        addCall(role, call.name, call.arguments, segment.text, segment.malformed ?? call.malformed);
        return;
      }
      case "tool_response":
        addResult(role, segment.text, null, segment.malformed);
        return;
      case null:
        steps.push({ kind: "other", role, text: segment.text, malformed: segment.malformed });
        return;
      default:
        assertNever(segment.tag);
    }
  };

  let seenUser = false;
  const addMessage = (message: ChatMessage) => {
    const role = message.role;
    // The first user turn is the question, verbatim; later ones carry tool responses.
    const environmentTurn = role === "user" && seenUser;
    if (role === "user") seenUser = true;
    const text = textOf(message.content);
    if (message.reasoning_content) {
      steps.push({ kind: "thought", role, text: message.reasoning_content, malformed: null });
    }
    if (role === "tool") {
      const linked = message.tool_call_id
        ? (callIdToIndex.get(message.tool_call_id) ?? null)
        : null;
      addResult(role, text, linked, null);
      return;
    }
    // The environment of the MPW scripts replies to a pending call with a user turn holding the
    // bare reply: the SERP JSON, or any other text (an error, a fetched page). Either answers the
    // call; read as another message, it would leave the call open and tie the next reply to it.
    // A text without "<" holds no tag, so it is not split: a SERP is most of a record's text.
    if (
      environmentTurn &&
      unanswered.length > 0 &&
      (!text.includes("<") || splitReactText(text).every((segment) => segment.tag === null))
    ) {
      addResult(role, text, null, null);
      return;
    }
    if (role === "assistant" || environmentTurn) {
      for (const segment of splitReactText(text)) addSegment(role, segment);
    } else if (text.trim() !== "") {
      steps.push({ kind: "other", role, text, malformed: null });
    }
    for (const call of message.tool_calls ?? []) {
      const args = call.function.arguments;
      const parsedArgs =
        typeof args === "string" ? safeJson(args) : { value: args ?? null, error: null };
      const index = addCall(
        role,
        call.function.name,
        parsedArgs.value,
        typeof args === "string" ? args : JSON.stringify(args ?? null),
        parsedArgs.error,
      );
      if (call.id) callIdToIndex.set(call.id, index);
    }
  };

  let previousTime: number | null = null;
  for (const message of messages) {
    const first = steps.length;
    addMessage(message);
    // Most messages carry neither: skip the parses on them.
    if (message.usage === undefined && message.timestamp === undefined) {
      previousTime = null;
      continue;
    }
    const time = messageTime(message.timestamp);
    const usage = messageUsage(message.usage, time, previousTime);
    previousTime = time;
    if (usage && steps.length > first) steps[first].usage = usage;
  }
  return steps;
}

function safeJson(text: string): { value: unknown; error: string | null } {
  try {
    return { value: JSON.parse(text), error: null };
  } catch (error) {
    return {
      value: text,
      error: `invalid JSON in tool call arguments: ${(error as Error).message}`,
    };
  }
}
