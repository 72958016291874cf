/**
 * The text of a step that the step fields of the filter language search (lib/filter/parse.ts),
 * as the step-search index holds it (db/migrations*, "step_search"), and the snippet a hit
 * shows. Pure.
 */
import { assertNever } from "../assert-never";
import type { StepPart } from "../filter/parse";
import type { Step } from "../trajectory/steps";

/** Which part of a trajectory a step is, for the step fields; "other" is found by `text:` alone. */
export function stepPartOf(step: Step): Exclude<StepPart, "any"> | "other" {
  switch (step.kind) {
    case "tool_call":
      return "query";
    case "tool_result":
      return "result";
    case "answer":
      return "answer";
    case "thought":
    case "other":
      return "other";
    default:
      return assertNever(step);
  }
}

/** A call's argument strings, depth first, one a line: what `query:` searches. */
function argumentStrings(value: unknown, out: string[]): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) argumentStrings(item, out);
  else if (value !== null && typeof value === "object")
    for (const item of Object.values(value)) argumentStrings(item, out);
  return out;
}

/** The step's searchable text (the index's, but for the order of a call's arguments). */
export function stepSearchText(step: Step): string {
  switch (step.kind) {
    case "tool_call":
      return argumentStrings(step.arguments, []).join("\n");
    case "tool_result":
      return step.raw;
    case "answer":
    case "thought":
    case "other":
      return step.text;
    default:
      return assertNever(step);
  }
}

/** Characters of context a snippet keeps on each side of the term. */
export const SNIPPET_CONTEXT = 80;

/**
 * Where `term` first occurs in `text`, case-insensitively: the offset in `text`, or -1. Lower-
 * casing a few characters changes their length (İ), so the search is by code units of the
 * lower-cased text only where it kept the length.
 */
export function findTerm(text: string, term: string): number {
  const lower = text.toLowerCase();
  const needle = term.toLowerCase();
  return lower.length === text.length ? lower.indexOf(needle) : text.indexOf(term);
}

/** Up to `SNIPPET_CONTEXT` characters either side of the first of `terms` found, "…" where cut. */
export function snippetOf(text: string, terms: readonly string[]): string {
  const at = terms
    .map((term) => ({ term, index: findTerm(text, term) }))
    .filter((found) => found.index >= 0)
    .sort((a, b) => a.index - b.index)[0];
  const start = at ? Math.max(0, at.index - SNIPPET_CONTEXT) : 0;
  const end = at
    ? Math.min(text.length, at.index + at.term.length + SNIPPET_CONTEXT)
    : Math.min(text.length, 2 * SNIPPET_CONTEXT);
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}

/** `text` cut into pieces, each either a match of one of `terms` (case-insensitively) or not: for highlighting without HTML. */
export function splitByTerms(
  text: string,
  terms: readonly string[],
): { text: string; match: boolean }[] {
  const pieces: { text: string; match: boolean }[] = [];
  const wanted = terms.filter((term) => term.length > 0);
  let rest = text;
  for (;;) {
    const next = wanted
      .map((term) => ({ term, index: findTerm(rest, term) }))
      .filter((found) => found.index >= 0)
      .sort((a, b) => a.index - b.index || b.term.length - a.term.length)[0];
    if (!next) break;
    if (next.index > 0) pieces.push({ text: rest.slice(0, next.index), match: false });
    pieces.push({ text: rest.slice(next.index, next.index + next.term.length), match: true });
    rest = rest.slice(next.index + next.term.length);
  }
  if (rest) pieces.push({ text: rest, match: false });
  return pieces;
}
