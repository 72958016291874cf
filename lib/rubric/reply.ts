/**
 * The judge's reply to a rubric: untrusted text, read with zod. A reply that is not the
 * asked-for JSON is a RubricReplyError (the run is recorded as unreadable, never as a
 * verdict); cited ordinals the run does not have are dropped and counted.
 */
import { z } from "zod";

export class RubricReplyError extends Error {}

/** A reason longer than this is cut: it is a sentence or two, shown in a list. */
export const MAX_REASON_CHARS = 600;
/** Citations kept per run. */
export const MAX_CITED = 20;

const replySchema = z.object({
  match: z.boolean(),
  reason: z.string(),
  steps: z.array(z.number()).default([]),
});

export interface RubricVerdict {
  match: boolean;
  reason: string;
  /** Cited ordinals the run has, ascending, without repeats. */
  cited: number[];
  /** Cited ordinals dropped: not a step of the run (or over MAX_CITED). */
  dropped: number;
}

/** The JSON object of a reply: bare, in a ```json fence, or after a preamble. */
function jsonOf(reply: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply);
  const text = fenced ? fenced[1] : reply;
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end < start)
    throw new RubricReplyError(`the reply holds no JSON object: ${reply.slice(0, 120)}`);
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new RubricReplyError(`the reply's JSON does not parse: ${reply.slice(0, 120)}`);
  }
}

export function parseRubricReply(reply: string, ordinals: ReadonlySet<number>): RubricVerdict {
  const parsed = replySchema.safeParse(jsonOf(reply));
  if (!parsed.success)
    throw new RubricReplyError(
      `the reply is not {"match": boolean, "reason": string, "steps": [numbers]}: ${parsed.error.issues
        .map((i) => `${i.path.join(".") || "(root)"} ${i.message}`)
        .join("; ")}`,
    );
  const { match, reason, steps } = parsed.data;
  const distinct = new Set(steps);
  const cited = [...distinct]
    .filter((n) => Number.isInteger(n) && ordinals.has(n))
    .sort((a, b) => a - b)
    .slice(0, MAX_CITED);
  // A repeated citation is one citation: only distinct ordinals count as dropped.
  return {
    match,
    reason: reason.trim().slice(0, MAX_REASON_CHARS),
    cited,
    dropped: distinct.size - cited.length,
  };
}
