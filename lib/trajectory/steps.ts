import { z } from "zod";

/**
 * One step of a trajectory, in the order the agent produced it. A discriminated
 * union: the viewer dispatches on `kind` with an exhaustive switch.
 * `malformed` holds why a tag could not be read; the raw text is kept either way.
 */
export type Step = ThoughtStep | ToolCallStep | ToolResultStep | AnswerStep | OtherStep;

interface StepBase {
  /** The chat role of the message the step came from. */
  role: string;
  malformed: string | null;
}

export interface ThoughtStep extends StepBase {
  kind: "thought";
  text: string;
}

export interface ToolCallStep extends StepBase {
  kind: "tool_call";
  /** 1-based position among the trajectory's tool calls: k in Δfacts(k). */
  callIndex: number;
  name: string | null;
  arguments: unknown;
  /** `arguments.query` when the call is a search. */
  query: string | null;
  raw: string;
}

export interface ToolResultStep extends StepBase {
  kind: "tool_result";
  /** The call this answers, when it can be told. */
  callIndex: number | null;
  raw: string;
  serp: Serp | null;
}

export interface AnswerStep extends StepBase {
  kind: "answer";
  text: string;
}

export interface OtherStep extends StepBase {
  kind: "other";
  text: string;
}

export type StepKind = Step["kind"];

export const serpEntrySchema = z.object({
  id: z.union([z.number(), z.string()]).optional(),
  title: z.string().optional().default(""),
  content: z.string().optional().default(""),
  date: z.string().optional(),
});

export const serpSchema = z.object({
  search_query: z.string().optional(),
  search_result: z.array(serpEntrySchema),
});

export type Serp = z.infer<typeof serpSchema>;

/** A SERP from a tool response's text, or null when it is not one. */
export function parseSerp(text: string): Serp | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return null;
  try {
    const parsed = serpSchema.safeParse(JSON.parse(trimmed));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
