/**
 * Stored steps back to chat messages: the inverse of `stepsFromMessages` (./messages.ts),
 * for the export (`cli export`, `GET /api/s/{id}/bundle`). The messages a bundle held are
 * not stored, only their steps, so these are a set of messages that reads back to the
 * same steps: OpenAI `tool_calls` with ids tying each result to its call, `reasoning_content`
 * for a thought that opens a message, ReAct tags (`<think>`, `<answer>`, `<tool_call>`,
 * `<tool_response>`) where the step came from one, and each step's usage on the message
 * it opens. `exactSteps` says whether the messages read back to the very steps.
 */
import { assertNever } from "../assert-never";
import { stepsFromMessages } from "./messages";
import { parseToolCallBody } from "./react";
import type { Step, StepUsage } from "./steps";

/** One exported message, in the Seekboard bundle format's `messages` shape. */
export type ExportedMessage = {
  role: string;
  content: string | null;
  reasoning_content?: string;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    cost_usd?: number;
    seconds?: number;
  };
};

const TAG = /<\/?(think|tool_call|tool_response|answer)>/;

/** Text that reads back unchanged from inside a ReAct tag (the reader trims it and splits at tags). */
function fitsInTag(text: string): boolean {
  return text === text.trim() && !TAG.test(text);
}

interface Draft {
  message: ExportedMessage;
  segments: string[];
  /** The last segment is untagged text: another would merge with it. */
  lastUntagged: boolean;
  /** A user message after the first: the reader splits it at tags, as an assistant's. */
  environment: boolean;
  /** Its content is one step's verbatim text (a tool's reply, a system prompt): nothing joins it. */
  verbatim: boolean;
  /** Its text ends in a tag never closed: no further text joins it. */
  sealed: boolean;
}

function usageOf(usage: StepUsage): NonNullable<ExportedMessage["usage"]> {
  const out: NonNullable<ExportedMessage["usage"]> = {};
  if (usage.promptTokens !== null) out.prompt_tokens = usage.promptTokens;
  if (usage.completionTokens !== null) out.completion_tokens = usage.completionTokens;
  if (usage.costUsd !== null) out.cost_usd = usage.costUsd;
  if (usage.seconds !== null) out.seconds = usage.seconds;
  return out;
}

/** How an OpenAI tool call's arguments read back: parsed JSON, or the text and why it is not JSON. */
function readsBackAsOpenAiCall(step: Extract<Step, { kind: "tool_call" }>): boolean {
  if (step.name === null) return false;
  try {
    return (
      step.malformed === null &&
      JSON.stringify(JSON.parse(step.raw)) === JSON.stringify(step.arguments)
    );
  } catch (error) {
    return (
      step.arguments === step.raw &&
      step.malformed === `invalid JSON in tool call arguments: ${(error as Error).message}`
    );
  }
}

type ReactTag = "think" | "tool_call" | "tool_response" | "answer";

/**
 * A step's text in its ReAct tag, broken as the reader said it was (`malformed`, in the
 * reader's words, lib/trajectory/react.ts), so that it reads back the same: a tag never
 * closed ends its message (`seals`), one closed by another tag's end keeps that end, one
 * not closed before the next tag is left open (the next step's tag follows it). Null when
 * `malformed` is not the tag's own (a call's body, say).
 */
function tagBreak(
  tag: ReactTag,
  text: string,
  malformed: string | null,
): { text: string; seals: boolean } | null {
  if (malformed === `<${tag}> never closed`) return { text: `<${tag}>${text}`, seals: true };
  if (malformed?.startsWith(`<${tag}> not closed before <`))
    return { text: `<${tag}>${text}`, seals: false };
  const closedBy = malformed?.match(
    new RegExp(`^<${tag}> closed by </(think|tool_call|tool_response|answer)>$`),
  );
  if (closedBy) return { text: `<${tag}>${text}</${closedBy[1]}>`, seals: false };
  return null;
}

function inTag(
  tag: ReactTag,
  text: string,
  malformed: string | null,
): { text: string; seals: boolean } {
  return tagBreak(tag, text, malformed) ?? { text: `<${tag}>${text}</${tag}>`, seals: false };
}

function readsBackAsTaggedCall(step: Extract<Step, { kind: "tool_call" }>): boolean {
  if (!fitsInTag(step.raw)) return false;
  const call = parseToolCallBody(step.raw);
  const malformedAsStored =
    step.malformed === call.malformed || tagBreak("tool_call", step.raw, step.malformed) !== null;
  return (
    call.name === step.name &&
    malformedAsStored &&
    JSON.stringify(call.arguments) === JSON.stringify(step.arguments)
  );
}

export function messagesFromSteps(steps: readonly Step[]): ExportedMessage[] {
  const drafts: Draft[] = [];
  /** Each call written as an OpenAI tool call, by its index: the id its result names. */
  const callIds = new Map<number, string>();
  let userSeen = false;

  const open = (role: string, usage: StepUsage | undefined): Draft => {
    const draft: Draft = {
      message: { role, content: null },
      segments: [],
      lastUntagged: false,
      environment: role === "user" && userSeen,
      verbatim: false,
      sealed: false,
    };
    if (role === "user") userSeen = true;
    if (usage) draft.message.usage = usageOf(usage);
    drafts.push(draft);
    return draft;
  };
  /** The message being written, when the step may join it: same role, no usage of its own (usage opens a message), nothing after its tool calls. */
  const joinable = (step: Step, splitsAtTags: boolean): Draft | null => {
    const last = drafts.at(-1);
    if (
      !last ||
      step.usage ||
      last.verbatim ||
      last.message.role !== step.role ||
      last.message.tool_calls
    )
      return null;
    if (splitsAtTags && !(last.message.role === "assistant" || last.environment)) return null;
    return last;
  };
  /** A step read from the text of an assistant (or later user) message: tagged, or untagged text. */
  const segment = (step: Step, text: string, untagged: boolean, seals = false) => {
    let draft = joinable(step, true);
    if (draft && ((untagged && draft.lastUntagged) || draft.sealed)) draft = null;
    if (!draft) {
      // The first user message is read whole, not split at tags: a later one is.
      if (step.role === "user" && !userSeen) open("user", undefined);
      draft = open(step.role, step.usage);
    }
    draft.segments.push(text);
    draft.lastUntagged = untagged;
    draft.sealed = seals;
  };
  const taggedSegment = (step: Step, tag: ReactTag, text: string) => {
    const { text: content, seals } = inTag(tag, text, step.malformed);
    segment(step, content, false, seals);
  };

  /** A message holding one step's text verbatim. */
  const verbatim = (step: Step, text: string) => {
    const draft = open(step.role, step.usage);
    draft.message.content = text;
    draft.verbatim = true;
    return draft;
  };

  for (const step of steps) {
    switch (step.kind) {
      case "thought": {
        const draft = joinable(step, true);
        if (step.text === "" || step.malformed !== null) taggedSegment(step, "think", step.text);
        else if (
          draft &&
          draft.segments.length === 0 &&
          draft.message.reasoning_content === undefined
        )
          draft.message.reasoning_content = step.text;
        else if (draft && !draft.sealed && fitsInTag(step.text))
          taggedSegment(step, "think", step.text);
        else open(step.role, step.usage).message.reasoning_content = step.text;
        break;
      }
      case "tool_call":
        if (readsBackAsOpenAiCall(step) || !readsBackAsTaggedCall(step)) {
          const id = `call_${step.callIndex}`;
          callIds.set(step.callIndex, id);
          const last = drafts.at(-1);
          // Tool calls are read after a message's text, whatever its role, except a tool's reply and a bare environment turn.
          const joins =
            last &&
            !step.usage &&
            last.message.role === step.role &&
            step.role !== "tool" &&
            !(last.verbatim && last.environment);
          const draft = joins ? last : open(step.role, step.usage);
          (draft.message.tool_calls ??= []).push({
            id,
            type: "function",
            function: { name: step.name ?? "", arguments: step.raw },
          });
        } else {
          taggedSegment(step, "tool_call", step.raw);
        }
        break;
      case "tool_result":
        if (step.role === "tool") {
          const draft = verbatim(step, step.raw);
          const id = step.callIndex === null ? undefined : callIds.get(step.callIndex);
          if (id) draft.message.tool_call_id = id;
        } else if (fitsInTag(step.raw)) {
          taggedSegment(step, "tool_response", step.raw);
        } else {
          // A bare reply to a pending call (the MPW scripts' environment turn), kept verbatim.
          if (step.role === "user" && !userSeen) open("user", undefined);
          verbatim(step, step.raw);
        }
        break;
      case "answer":
        taggedSegment(step, "answer", step.text);
        break;
      case "other":
        if (step.role === "assistant" || (step.role === "user" && userSeen))
          segment(step, step.text, true);
        else verbatim(step, step.text);
        break;
      default:
        assertNever(step);
    }
  }
  return drafts.map(({ message, segments }) =>
    segments.length > 0 ? { ...message, content: segments.join("\n") } : message,
  );
}

/** Whether the messages read back to exactly these steps (what an export cannot promise for every stored trajectory). */
export function exactSteps(messages: readonly ExportedMessage[], steps: readonly Step[]): boolean {
  return canonicalJson(stepsFromMessages(messages)) === canonicalJson(steps);
}

/** JSON with each object's keys sorted: a stored step read back through zod has its keys in the schema's order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    typeof v === "object" && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
