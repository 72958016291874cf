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
  /**
   * Tokens, dollars and time of the message the step came from, on its first step only
   * (one completion, counted once); absent when the bundle records none for it, and in
   * steps stored before it existed.
   */
  usage?: StepUsage;
}

/** Each figure null when the bundle does not give it: unknown is never 0. */
export interface StepUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  costUsd: number | null;
  /** The message's own `seconds`, else the time since the previous message's timestamp. */
  seconds: number | null;
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

const serpEntrySchema = z.object({
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

const stepUsageSchema = z.object({
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  costUsd: z.number().nullable(),
  seconds: z.number().nullable(),
}) satisfies z.ZodType<StepUsage>;

const stepBaseShape = { role: z.string(), malformed: z.string().nullable(), usage: stepUsageSchema.optional() };

/** A stored step (`steps.data`), as the importers wrote it; steps stored before `usage` existed read without it. */
export const storedStepSchema = z.discriminatedUnion("kind", [
  z.object({ ...stepBaseShape, kind: z.literal("thought"), text: z.string() }),
  z.object({
    ...stepBaseShape,
    kind: z.literal("tool_call"),
    callIndex: z.number().int(),
    name: z.string().nullable(),
    arguments: z.unknown(),
    query: z.string().nullable(),
    raw: z.string(),
  }),
  z.object({ ...stepBaseShape, kind: z.literal("tool_result"), callIndex: z.number().int().nullable(), raw: z.string(), serp: serpSchema.nullable() }),
  z.object({ ...stepBaseShape, kind: z.literal("answer"), text: z.string() }),
  z.object({ ...stepBaseShape, kind: z.literal("other"), text: z.string() }),
]);

/** One stored step's JSON as a `Step`; throws, naming the fields, when it is not one. */
export function parseStoredStep(value: unknown): Step {
  return storedStepSchema.parse(value);
}

/**
 * A SERP from a tool response's text, or null when it is not one. Accepts and returns
 * exactly what `serpSchema` does (unknown keys dropped, missing title and content as "");
 * read by hand because every tool response of every ingest passes here, and zod's
 * generic object parse was a tenth of an ingest's time. serp.test.ts holds the two equal.
 */
export function parseSerp(text: string): Serp | null {
  const value = serpCandidate(text);
  if (value === undefined || !isPlainObject(value)) return null;
  const query = value.search_query;
  const results = value.search_result;
  if ((query !== undefined && typeof query !== "string") || !Array.isArray(results)) return null;
  const entries: Serp["search_result"] = new Array(results.length);
  for (let i = 0; i < results.length; i++) {
    const entry = serpEntryOf(results[i]);
    if (entry === null) return null;
    entries[i] = entry;
  }
  return "search_query" in value ? { search_query: query as string | undefined, search_result: entries } : { search_result: entries };
}

/** The JSON value of a text that may hold a SERP (it is an object's JSON), else undefined. */
export function serpCandidate(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function serpEntryOf(value: unknown): Serp["search_result"][number] | null {
  if (!isPlainObject(value)) return null;
  const { id, title, content, date } = value;
  if (id !== undefined && typeof id !== "string" && !(typeof id === "number" && Number.isFinite(id))) return null;
  if ((title !== undefined && typeof title !== "string") || (content !== undefined && typeof content !== "string")) return null;
  if (date !== undefined && typeof date !== "string") return null;
  const entry: Serp["search_result"][number] = "id" in value ? { id: id as number | string | undefined, title: title ?? "", content: content ?? "" } : { title: title ?? "", content: content ?? "" };
  if ("date" in value) entry.date = date as string | undefined;
  return entry;
}
