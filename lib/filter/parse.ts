/**
 * The sample filter language, e.g.
 *
 *   status:max_turns_reached fcr<0.3 tier:hard tag:"Retrieval Miss" -hint:no-search "Knicks"
 *
 * `mode:<id>` selects the failed runs carrying one of the benchmark's computed failure modes
 * (lib/benchmarks/failure-modes.ts), `tag:` the maintainer's tags.
 *
 * A query is terms separated by spaces, all of which must hold. A term is
 *   [-] field op value     op is `:` for any field; `<` `<=` `>` `>=` `=` for numeric ones
 *   [-] "quoted phrase"    free text
 *   [-] word               free text
 * A leading `-` negates the term. Values and phrases may be quoted ("…", with \" and \\
 * inside); free text is searched in the task id, question, prediction and gold answer.
 * The step fields search the stored trajectories (db/migrations: the step-search index):
 *   text:"…"    any step          query:"…"   a tool call's arguments
 *   result:"…"  a tool's result   answer:"…"  the final answer
 * each a literal, case-insensitive substring of one step, of at least 3 characters (what a
 * trigram index can look up).
 * Parsing is pure: the SQL is built from the clauses in db/queries/samples.ts.
 */
import { HINT_IDS, isHintId, type HintId } from "../hints/hints";

export const NUMERIC_FIELDS = [
  "fcr",
  "calls",
  "hits",
  "hitrate",
  "compound",
  "facts",
  "turns",
  "run",
] as const;
export type NumericField = (typeof NUMERIC_FIELDS)[number];
export const TEXT_FIELDS = ["status", "category", "language", "task", "tag", "mode"] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
/** The step fields, and which part of the trajectory each searches ("any": every step). */
export const STEP_FIELDS = {
  text: "any",
  query: "query",
  result: "result",
  answer: "answer",
} as const;
export type StepPart = (typeof STEP_FIELDS)[keyof typeof STEP_FIELDS];
/** Both engines index 3-character sequences: a shorter term could only be found by reading every step. */
export const MIN_STEP_TERM_LENGTH = 3;
export const TIERS = ["easy", "medium", "hard"] as const;
export type Tier = (typeof TIERS)[number];

/** Other spellings accepted for a field. */
const ALIASES: Record<string, string> = {
  domain: "category",
  lang: "language",
  verdict: "correct",
  toolcalls: "calls",
};

export const FIELD_NAMES = [
  "status",
  "verdict",
  "correct",
  "tier",
  "category",
  "domain",
  "language",
  "lang",
  "fcr",
  "calls",
  "hits",
  "hitrate",
  "compound",
  "facts",
  "turns",
  "run",
  "task",
  "tag",
  "hint",
  "mode",
  "text",
  "query",
  "result",
  "answer",
] as const;

export type CompareOp = "<" | "<=" | ">" | ">=" | "=";

export type FilterClause = { negated: boolean; position: number } & (
  | { field: "text"; value: string }
  | { field: TextField; value: string }
  | { field: "correct"; value: boolean }
  | { field: "tier"; value: Tier }
  | { field: "hint"; value: HintId }
  | { field: "step"; part: StepPart; value: string }
  | { field: NumericField; op: CompareOp; value: number }
);

export interface FilterError {
  /** 0-based character offset in the query. */
  position: number;
  message: string;
}

export type FilterParse = { ok: true; clauses: FilterClause[] } | { ok: false; error: FilterError };

export const MAX_FILTER_LENGTH = 500;
/**
 * Each term is a condition on every sample of the submission, and free text is a LIKE
 * over four columns: the caps keep a public query from tying the server up.
 */
export const MAX_FILTER_TERMS = 16;
export const MAX_TEXT_TERMS = 4;
/** Each step term is an index look-up over every step in scope. */
export const MAX_STEP_TERMS = 4;

class ParseError extends Error {
  constructor(
    readonly position: number,
    message: string,
  ) {
    super(message);
  }
}

const OPS = ["<=", ">=", "<", ">", "=", ":"] as const;
const TRUE_WORDS = ["correct", "true", "yes", "1", "success"];
const FALSE_WORDS = ["incorrect", "false", "no", "0", "failure", "wrong"];

function isSpace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r";
}

/** A quoted string starting at `start` (on the opening quote): its text and the offset after the closing quote. */
function readQuoted(input: string, start: number): { text: string; end: number } {
  let text = "";
  let i = start + 1;
  while (i < input.length) {
    const c = input[i];
    if (c === '"') return { text, end: i + 1 };
    if (c === "\\" && (input[i + 1] === '"' || input[i + 1] === "\\")) {
      text += input[i + 1];
      i += 2;
      continue;
    }
    text += c;
    i += 1;
  }
  throw new ParseError(start, 'unclosed quote: this " has no closing "');
}

function readBare(input: string, start: number): { text: string; end: number } {
  let i = start;
  while (i < input.length && !isSpace(input[i])) i += 1;
  return { text: input.slice(start, i), end: i };
}

/** A number, or a percentage for the rate fields ("30%" is 0.3). */
function parseNumber(field: NumericField, raw: string, position: number): number {
  const percent = raw.endsWith("%");
  const text = percent ? raw.slice(0, -1) : raw;
  const value = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value))
    throw new ParseError(position, `${field} needs a number, got "${raw}"`);
  if (percent && !(field === "fcr" || field === "hitrate" || field === "compound"))
    throw new ParseError(position, `${field} is a count, not a percentage: "${raw}"`);
  return percent ? value / 100 : value;
}

function fieldClause(
  name: string,
  op: (typeof OPS)[number],
  value: string,
  at: { term: number; op: number; value: number },
  negated: boolean,
): FilterClause {
  const { term: position, value: valuePosition } = at;
  const field = Object.hasOwn(ALIASES, name) ? ALIASES[name] : name;
  const base = { negated, position };
  if ((NUMERIC_FIELDS as readonly string[]).includes(field)) {
    return {
      ...base,
      field: field as NumericField,
      op: op === ":" ? "=" : op,
      value: parseNumber(field as NumericField, value, valuePosition),
    };
  }
  if (op !== ":" && op !== "=")
    throw new ParseError(
      at.op,
      `${name} is not a number: compare it with ":" (${name}:…), not "${op}"`,
    );
  switch (field) {
    case "correct": {
      const v = value.toLowerCase();
      if (TRUE_WORDS.includes(v)) return { ...base, field, value: true };
      if (FALSE_WORDS.includes(v)) return { ...base, field, value: false };
      throw new ParseError(valuePosition, `${name} is correct or incorrect, got "${value}"`);
    }
    case "tier": {
      const v = value.toLowerCase();
      if ((TIERS as readonly string[]).includes(v)) return { ...base, field, value: v as Tier };
      throw new ParseError(valuePosition, `tier is easy, medium or hard, got "${value}"`);
    }
    case "hint": {
      const v = value.toLowerCase();
      if (isHintId(v)) return { ...base, field, value: v };
      throw new ParseError(
        valuePosition,
        `unknown hint "${value}" (hints: ${HINT_IDS.join(", ")})`,
      );
    }
    case "mode": {
      const v = value.toLowerCase();
      if (/^[a-z][a-z0-9-]*$/.test(v)) return { ...base, field, value: v };
      throw new ParseError(valuePosition, `a failure mode is a kebab-case id, got "${value}"`);
    }
    case "text":
    case "query":
    case "result":
    case "answer": {
      if ([...value].length < MIN_STEP_TERM_LENGTH)
        throw new ParseError(
          valuePosition,
          `${name}: needs at least ${MIN_STEP_TERM_LENGTH} characters, got "${value}" (the step index is of ${MIN_STEP_TERM_LENGTH}-character sequences; add a neighbouring character, e.g. 温网 → 温网比)`,
        );
      return { ...base, field: "step", part: STEP_FIELDS[field], value };
    }
    case "status":
    case "category":
    case "language":
    case "task":
    case "tag":
      return { ...base, field, value };
    default:
      throw new Error(`field ${name} has no clause`);
  }
}

function parseTerm(input: string, start: number): { clause: FilterClause; end: number } {
  let i = start;
  const negated = input[i] === "-";
  if (negated) {
    i += 1;
    if (i >= input.length || isSpace(input[i]))
      throw new ParseError(start, 'nothing after "-": write -field:value or -word');
  }
  if (input[i] === '"') {
    const { text, end } = readQuoted(input, i);
    if (text.trim() === "") throw new ParseError(i, "empty quotes");
    return { clause: { field: "text", value: text, negated, position: start }, end };
  }
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(input.slice(i))?.[0];
  const afterName = name ? i + name.length : i;
  const op = name ? OPS.find((o) => input.startsWith(o, afterName)) : undefined;
  if (!name || !op) {
    const { text, end } = readBare(input, i);
    return { clause: { field: "text", value: text, negated, position: start }, end };
  }
  const lower = name.toLowerCase();
  const valueStart = afterName + op.length;
  if (!(FIELD_NAMES as readonly string[]).includes(lower) && !Object.hasOwn(ALIASES, lower)) {
    throw new ParseError(
      i,
      `unknown field "${name}" (fields: ${FIELD_NAMES.join(", ")}); put text with "${op}" in quotes to search for it`,
    );
  }
  if (valueStart >= input.length || isSpace(input[valueStart]))
    throw new ParseError(valueStart, `${lower}${op} needs a value`);
  const { text, end } =
    input[valueStart] === '"' ? readQuoted(input, valueStart) : readBare(input, valueStart);
  if (text.trim() === "") throw new ParseError(valueStart, `${lower}${op} needs a value`);
  return {
    clause: fieldClause(
      lower,
      op,
      text,
      { term: start, op: afterName, value: valueStart },
      negated,
    ),
    end,
  };
}

/** Parses a filter query; an error's message names the (1-based) character where the problem is, and the problem. */
export function parseFilter(input: string): FilterParse {
  if (input.length > MAX_FILTER_LENGTH)
    return {
      ok: false,
      error: {
        position: MAX_FILTER_LENGTH,
        message: `at character ${MAX_FILTER_LENGTH + 1}: the query is longer than ${MAX_FILTER_LENGTH} characters`,
      },
    };
  const clauses: FilterClause[] = [];
  let i = 0;
  try {
    while (i < input.length) {
      if (isSpace(input[i])) {
        i += 1;
        continue;
      }
      const { clause, end } = parseTerm(input, i);
      clauses.push(clause);
      if (clauses.length > MAX_FILTER_TERMS)
        throw new ParseError(i, `a query may have at most ${MAX_FILTER_TERMS} terms`);
      if (
        clause.field === "text" &&
        clauses.filter((c) => c.field === "text").length > MAX_TEXT_TERMS
      ) {
        throw new ParseError(
          i,
          `a query may search at most ${MAX_TEXT_TERMS} words or phrases; quote several words to search them as one phrase`,
        );
      }
      if (
        clause.field === "step" &&
        clauses.filter((c) => c.field === "step").length > MAX_STEP_TERMS
      ) {
        throw new ParseError(i, `a query may search the steps for at most ${MAX_STEP_TERMS} terms`);
      }
      i = end;
    }
  } catch (e) {
    if (e instanceof ParseError)
      return {
        ok: false,
        error: { position: e.position, message: `at character ${e.position + 1}: ${e.message}` },
      };
    throw e;
  }
  return { ok: true, clauses };
}

/** `value` quoted for the filter language when it needs to be (spaces, quotes, a leading "-"). */
export function quoteFilterValue(value: string): string {
  return /^[^\s"\\-][^\s"]*$/.test(value) ? value : `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
