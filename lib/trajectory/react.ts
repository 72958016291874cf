/**
 * ReAct text turns: `<think>…</think>`, `<tool_call>{json}</tool_call>`,
 * `<tool_response>{json}</tool_response>`, `<answer>…</answer>`. The reader never
 * drops text: a tag it cannot read becomes a segment flagged `malformed` with its raw text.
 */

type ReactTag = "think" | "tool_call" | "tool_response" | "answer";

export interface ReactSegment {
  /** null for text outside any tag. */
  tag: ReactTag | null;
  text: string;
  malformed: string | null;
}

const TAG = /<(\/?)(think|tool_call|tool_response|answer)>/g;

/** Chat-template control tokens some runs leave in the text (`<|im_end|>`). */
const TEMPLATE_TOKEN = /<\|im_(?:start|end)\|>(?:assistant|user|system)?/g;

function pushUntagged(segments: ReactSegment[], text: string): void {
  const cleaned = text.replace(TEMPLATE_TOKEN, "").trim();
  if (cleaned !== "") segments.push({ tag: null, text: cleaned, malformed: null });
}

/**
 * Where a turn that starts inside its thought ends that thought: Qwen-style chat templates
 * put the opening <think> in the prompt, so the turn's first think tag is a `</think>`. The
 * thought runs to the last `</think>` before any `<think>` opens (a model may close it twice);
 * `<tool_call>`s written inside it are drafts that never ran (MPW's parser runs the turn's
 * last call), so they are part of the thought. Null when the turn does not start so, or when
 * an `<answer>` or `<tool_response>` comes first (a stray `</think>` after them is malformed).
 */
function leadingThought(text: string): { contentEnd: number; end: number } | null {
  let thought: { contentEnd: number; end: number } | null = null;
  for (const match of text.matchAll(TAG)) {
    const tag = match[2] as ReactTag;
    if (tag === "answer" || tag === "tool_response") return thought;
    if (tag !== "think") continue;
    if (match[1] !== "/") return thought;
    thought = { contentEnd: match.index, end: match.index + match[0].length };
  }
  return thought;
}

export function splitReactText(text: string): ReactSegment[] {
  const segments: ReactSegment[] = [];
  let open: { tag: ReactTag; contentStart: number } | null = null;
  let cursor = 0;
  const thought = leadingThought(text);
  if (thought) {
    segments.push({
      tag: "think",
      text: text.slice(0, thought.contentEnd).trim(),
      malformed: null,
    });
    cursor = thought.end;
  }
  for (const match of text.matchAll(TAG)) {
    if (match.index < cursor) continue;
    const closing = match[1] === "/";
    const tag = match[2] as ReactTag;
    const start = match.index;
    const end = start + match[0].length;
    if (!closing) {
      if (open) {
        segments.push({
          tag: open.tag,
          text: text.slice(open.contentStart, start).trim(),
          malformed: `<${open.tag}> not closed before <${tag}>`,
        });
      } else {
        pushUntagged(segments, text.slice(cursor, start));
      }
      open = { tag, contentStart: end };
    } else if (open && open.tag === tag) {
      segments.push({ tag, text: text.slice(open.contentStart, start).trim(), malformed: null });
      open = null;
    } else {
      if (open) {
        segments.push({
          tag: open.tag,
          text: text.slice(open.contentStart, start).trim(),
          malformed: `<${open.tag}> closed by </${tag}>`,
        });
        open = null;
      } else {
        pushUntagged(segments, text.slice(cursor, start));
        segments.push({ tag: null, text: match[0], malformed: `</${tag}> without <${tag}>` });
      }
    }
    cursor = end;
  }
  if (open) {
    segments.push({
      tag: open.tag,
      text: text.slice(open.contentStart).replace(TEMPLATE_TOKEN, "").trim(),
      malformed: `<${open.tag}> never closed`,
    });
  } else {
    pushUntagged(segments, text.slice(cursor));
  }
  return segments;
}

interface ParsedToolCall {
  name: string | null;
  arguments: unknown;
  malformed: string | null;
}

/** `{"name": …, "arguments": {…}}` from a `<tool_call>` body. */
export function parseToolCallBody(body: string): ParsedToolCall {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return {
      name: null,
      arguments: null,
      malformed: `invalid JSON in <tool_call>: ${(error as Error).message}`,
    };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { name: null, arguments: parsed, malformed: "<tool_call> is not a JSON object" };
  }
  const record = parsed as Record<string, unknown>;
  const name = typeof record.name === "string" ? record.name : null;
  return {
    name,
    arguments: record.arguments ?? null,
    malformed: name === null ? '<tool_call> has no "name"' : null,
  };
}

/** A call's arguments as an object (given as one or as its JSON), else null. */
export function argumentObject(args: unknown): Record<string, unknown> | null {
  let value = args;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The search query of a call's arguments, whether an object or a JSON string. */
export function queryOf(args: unknown): string | null {
  const query = argumentObject(args)?.query;
  return typeof query === "string" ? query : null;
}
