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
  /**
   * The search's query (tools.ts `readCall`: `arguments.query`, else a search tool's first
   * string argument); null when the call sends none.
   */
  query: string | null;
  /**
   * The URL a page call (`web_browser_go`, `fetch`, `visit`, … — tools.ts) opens, from
   * `arguments.url`; absent on every other call, and on steps stored before it existed.
   */
  url?: string;
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

/** A SERP's result list as the MPW tools write it: `{search_query?, search_result: [{id?, title, content, date?}]}`. */
const serpObjectSchema = z.object({
  search_query: z.string().optional(),
  search_result: z.array(serpEntrySchema),
});

/**
 * One entry of a search tool's reply that is a bare JSON list (Inspect-style): `title`, the
 * page's `url` (or `link`, or `href`), its `snippet` (or `content`, or `description`), an
 * optional `date`. Null stands for absent (Python writes None); an entry without a URL is
 * not a search result, so the list is no SERP.
 */
const serpListEntrySchema = z
  .object({
    title: z.string().nullish(),
    url: z.string().nullish(),
    link: z.string().nullish(),
    href: z.string().nullish(),
    snippet: z.string().nullish(),
    content: z.string().nullish(),
    description: z.string().nullish(),
    date: z.string().nullish(),
  })
  .refine((entry) => typeof (entry.url ?? entry.link ?? entry.href) === "string")
  .transform((entry) => listEntry(entry as ListEntryFields));

/**
 * A search tool's reply read as a SERP: the object form, or a non-empty list of results (an
 * empty list could be anything's reply; it stays raw text). A list's search query is the
 * call's, which the reply does not repeat: `search_query` is absent.
 */
export const serpSchema = z.union([
  serpObjectSchema,
  z
    .array(serpListEntrySchema)
    .min(1)
    .transform((entries) => ({ search_result: entries })),
]);

/** A SERP as stored (`Step.serp`): a list's entries keep their URL. Steps stored before `url` existed read without it. */
export const storedSerpSchema = z.object({
  search_query: z.string().optional(),
  search_result: z.array(serpEntrySchema.extend({ url: z.string().optional() })),
});

export type Serp = z.infer<typeof storedSerpSchema>;
type SerpEntry = Serp["search_result"][number];

const stepUsageSchema = z.object({
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  costUsd: z.number().nullable(),
  seconds: z.number().nullable(),
}) satisfies z.ZodType<StepUsage>;

const stepBaseShape = {
  role: z.string(),
  malformed: z.string().nullable(),
  usage: stepUsageSchema.optional(),
};

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
    url: z.string().optional(),
    raw: z.string(),
  }),
  z.object({
    ...stepBaseShape,
    kind: z.literal("tool_result"),
    callIndex: z.number().int().nullable(),
    raw: z.string(),
    serp: storedSerpSchema.nullable(),
  }),
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
  if (Array.isArray(value)) return serpListOf(value);
  if (value === undefined || !isPlainObject(value)) return null;
  const query = value.search_query;
  const results = value.search_result;
  if ((query !== undefined && typeof query !== "string") || !Array.isArray(results)) return null;
  const entries: SerpEntry[] = new Array(results.length);
  for (let i = 0; i < results.length; i++) {
    const entry = serpEntryOf(results[i]);
    if (entry === null) return null;
    entries[i] = entry;
  }
  return "search_query" in value
    ? { search_query: query as string | undefined, search_result: entries }
    : { search_result: entries };
}

/** The JSON value of a text that may hold a SERP (an object's or a list's JSON), else undefined. */
export function serpCandidate(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function serpEntryOf(value: unknown): SerpEntry | null {
  if (!isPlainObject(value)) return null;
  const { id, title, content, date } = value;
  if (
    id !== undefined &&
    typeof id !== "string" &&
    !(typeof id === "number" && Number.isFinite(id))
  )
    return null;
  if (
    (title !== undefined && typeof title !== "string") ||
    (content !== undefined && typeof content !== "string")
  )
    return null;
  if (date !== undefined && typeof date !== "string") return null;
  const entry: SerpEntry =
    "id" in value
      ? { id: id as number | string | undefined, title: title ?? "", content: content ?? "" }
      : { title: title ?? "", content: content ?? "" };
  if ("date" in value) entry.date = date as string | undefined;
  return entry;
}

const LIST_ENTRY_KEYS = [
  "title",
  "url",
  "link",
  "href",
  "snippet",
  "content",
  "description",
  "date",
] as const;
type ListEntryFields = Partial<Record<(typeof LIST_ENTRY_KEYS)[number], string | null>>;

/** A result list's entry as stored, from its fields (checked by the caller). */
function listEntry(fields: ListEntryFields): SerpEntry {
  const entry: SerpEntry = {
    title: fields.title ?? "",
    content: fields.snippet ?? fields.content ?? fields.description ?? "",
    url: fields.url ?? fields.link ?? fields.href ?? "",
  };
  if (typeof fields.date === "string") entry.date = fields.date;
  return entry;
}

/** `serpListEntrySchema` by hand: a non-empty list of result objects, each with a URL, else null. */
function serpListOf(values: unknown[]): Serp | null {
  if (values.length === 0) return null;
  const entries: SerpEntry[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (!isPlainObject(value)) return null;
    for (const key of LIST_ENTRY_KEYS) {
      const field = value[key];
      if (field !== undefined && field !== null && typeof field !== "string") return null;
    }
    const fields = value as ListEntryFields;
    if (typeof (fields.url ?? fields.link ?? fields.href) !== "string") return null;
    entries[i] = listEntry(fields);
  }
  return { search_result: entries };
}
