import { assertNever } from "../assert-never";
import { z } from "zod";
import { parseToolCallBody, queryOf, splitReactText, type ReactSegment } from "./react";
import { parseSerp, type Serp, type Step } from "./steps";

const contentPartSchema = z.object({ type: z.string().optional(), text: z.string().optional() }).loose();

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

  const addCall = (role: string, name: string | null, args: unknown, raw: string, malformed: string | null) => {
    callCount += 1;
    unanswered.push(callCount);
    steps.push({ kind: "tool_call", role, callIndex: callCount, name, arguments: args, query: queryOf(args), raw, malformed });
    return callCount;
  };
  const addResult = (role: string, raw: string, callIndex: number | null, malformed: string | null, serp: Serp | null = parseSerp(raw)) => {
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
  messages.forEach((message) => {
    const role = message.role;
    // The first user turn is the question, verbatim; later ones carry tool responses.
    const environmentTurn = role === "user" && seenUser;
    if (role === "user") seenUser = true;
    const text = textOf(message.content);
    if (message.reasoning_content) {
      steps.push({ kind: "thought", role, text: message.reasoning_content, malformed: null });
    }
    if (role === "tool") {
      const linked = message.tool_call_id ? callIdToIndex.get(message.tool_call_id) ?? null : null;
      addResult(role, text, linked, null);
      return;
    }
    // The environment of the MPW scripts replies to a pending call with a user turn holding the
    // bare reply: the SERP JSON, or any other text (an error, a fetched page). Either answers the
    // call; read as another message, it would leave the call open and tie the next reply to it.
    if (environmentTurn && unanswered.length > 0 && splitReactText(text).every((segment) => segment.tag === null)) {
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
      const parsedArgs = typeof args === "string" ? safeJson(args) : { value: args ?? null, error: null };
      const index = addCall(role, call.function.name, parsedArgs.value, typeof args === "string" ? args : JSON.stringify(args ?? null), parsedArgs.error);
      if (call.id) callIdToIndex.set(call.id, index);
    }
  });
  return steps;
}

function safeJson(text: string): { value: unknown; error: string | null } {
  try {
    return { value: JSON.parse(text), error: null };
  } catch (error) {
    return { value: text, error: `invalid JSON in tool call arguments: ${(error as Error).message}` };
  }
}
