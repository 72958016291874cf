/**
 * How a trajectory is read in the browser without sending it whole: each step's row (its
 * head: a few words, the call's query, a result count) is in the page; what the row does
 * not show (its body) loads from the step API when opened, and long trajectories are paged.
 * Also the transcript search and which calls the jump keys land on. Pure: no React, no database.
 */
import type { CallMark, CallOutcomeKind, OutcomeTone } from "../benchmarks/review";
import { assertNever } from "../assert-never";
import type { Step, StepUsage } from "./steps";

/** Steps per page of a trajectory: a 40-call run (about 120 steps) is one page. */
export const STEP_PAGE_SIZE = 150;

/** Characters of a step's text its row shows; the rest is its body. */
export const PREVIEW_CHARS = {
  thought: 140,
  call: 200,
  result: 120,
  answer: 600,
  other: 140,
} as const;

interface HeadBase {
  ordinal: number;
  /** Why a tag of the step could not be read; absent when it could (rows are sent to the browser: no nulls to carry). */
  malformed?: string;
  /** The row's text: the start of the step's text (or a result's titles), cut at its kind's preview length. */
  preview: string;
  /** Whether the row's preview is cut (ends in "…"). */
  cut: boolean;
  /** Characters the body holds when opened; 0 when the row shows everything. */
  bodyChars: number;
  /** The tokens, dollars and time of the step's message, when the bundle records them (its first step only). */
  usage?: StepUsage;
}

export type StepHead =
  | (HeadBase & { kind: "thought" })
  | (HeadBase & {
      kind: "tool_call";
      callIndex: number;
      name: string | null;
      query: string | null;
      /** The URL a page call opens, when it names one. */ url?: string;
    })
  | (HeadBase & {
      kind: "tool_result";
      callIndex: number | null;
      /** Entries of a SERP, else null. */ results: number | null;
    })
  | (HeadBase & { kind: "answer" })
  | (HeadBase & {
      kind: "other";
      /** The chat role: a system prompt, a user turn, another message. */ role: string;
    });

function cutText(text: string, limit: number): { preview: string; cut: boolean } {
  // Whole code points: a cut never splits a surrogate pair.
  if (text.length <= limit) return { preview: text, cut: false };
  return {
    preview: Array.from(text.slice(0, limit + 1))
      .slice(0, limit)
      .join(""),
    cut: true,
  };
}

/** A step's row: what the page shows before anyone opens the step. */
export function stepHead(step: Step, ordinal: number): StepHead {
  const base = {
    ordinal,
    ...(step.malformed === null ? {} : { malformed: step.malformed }),
    ...(step.usage ? { usage: step.usage } : {}),
  };
  switch (step.kind) {
    case "thought": {
      const { preview, cut } = cutText(step.text, PREVIEW_CHARS.thought);
      return { ...base, kind: "thought", preview, cut, bodyChars: cut ? step.text.length : 0 };
    }
    case "tool_call": {
      // A search shows its query in full, a page call the URL it opens; other calls show the start of their raw text.
      if (step.query !== null)
        return {
          ...base,
          kind: "tool_call",
          callIndex: step.callIndex,
          name: step.name,
          query: step.query,
          preview: "",
          cut: false,
          bodyChars: 0,
        };
      if (step.url !== undefined)
        return {
          ...base,
          kind: "tool_call",
          callIndex: step.callIndex,
          name: step.name,
          query: null,
          url: step.url,
          preview: "",
          cut: false,
          bodyChars: 0,
        };
      const { preview, cut } = cutText(step.raw, PREVIEW_CHARS.call);
      return {
        ...base,
        kind: "tool_call",
        callIndex: step.callIndex,
        name: step.name,
        query: null,
        preview,
        cut,
        bodyChars: cut ? step.raw.length : 0,
      };
    }
    case "tool_result": {
      if (step.serp) {
        const entries = step.serp.search_result;
        const titles = entries.map((e) => e.title || "(untitled)").join(" · ");
        const { preview, cut } = cutText(titles, PREVIEW_CHARS.result);
        const chars = entries.reduce((sum, e) => sum + e.title.length + e.content.length, 0);
        return {
          ...base,
          kind: "tool_result",
          callIndex: step.callIndex,
          results: entries.length,
          preview,
          cut,
          bodyChars: entries.length ? chars : 0,
        };
      }
      const { preview, cut } = cutText(step.raw, PREVIEW_CHARS.result);
      return {
        ...base,
        kind: "tool_result",
        callIndex: step.callIndex,
        results: null,
        preview,
        cut,
        bodyChars: cut ? step.raw.length : 0,
      };
    }
    case "answer": {
      const { preview, cut } = cutText(step.text, PREVIEW_CHARS.answer);
      return { ...base, kind: "answer", preview, cut, bodyChars: cut ? step.text.length : 0 };
    }
    case "other": {
      const { preview, cut } = cutText(step.text, PREVIEW_CHARS.other);
      return {
        ...base,
        kind: "other",
        role: step.role,
        preview,
        cut,
        bodyChars: cut ? step.text.length : 0,
      };
    }
    default:
      return assertNever(step);
  }
}

/** The 1-based page that holds a step, by its 0-based ordinal. */
export function stepPageOf(ordinal: number): number {
  return Math.floor(ordinal / STEP_PAGE_SIZE) + 1;
}

export function stepPageCount(steps: number): number {
  return Math.max(1, Math.ceil(steps / STEP_PAGE_SIZE));
}

/** The `steps` parameter as a page of a trajectory with `steps` steps; anything else is page 1. */
export function parseStepPage(raw: string | undefined, steps: number): number {
  if (raw === undefined || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.min(Math.max(1, Number(raw)), stepPageCount(steps));
}

/** Every text of a step a reader can see once it is open, as the transcript search reads it. */
export function stepTexts(step: Step): string[] {
  switch (step.kind) {
    case "thought":
    case "answer":
    case "other":
      return [step.text];
    case "tool_call":
      if (step.query !== null) return [step.name ?? "", step.query];
      return step.url !== undefined ? [step.name ?? "", step.url] : [step.name ?? "", step.raw];
    case "tool_result":
      return step.serp
        ? step.serp.search_result.flatMap((e) => [
            e.title,
            e.content,
            e.date ?? "",
            ...(e.url === undefined ? [] : [e.url]),
          ])
        : [step.raw];
    default:
      return assertNever(step);
  }
}

/** Longest transcript search accepted: a phrase, not a document. */
export const FIND_MAX_CHARS = 200;

export interface FindMatch {
  ordinal: number;
  kind: Step["kind"];
  /** Occurrences of the phrase in the step's texts. */
  count: number;
  /** The step's element id in the page (`stepAnchor`). */
  anchor: string;
}

/** A step's element id: `call-<k>` for tool call k (what the timeline and diagnosis link to), else `step-<ordinal>`. */
export function stepAnchor(
  step: { kind: Step["kind"]; callIndex?: number | null },
  ordinal: number,
): string {
  return step.kind === "tool_call" && typeof step.callIndex === "number"
    ? `call-${step.callIndex}`
    : `step-${ordinal}`;
}

function occurrences(haystack: string, needle: string): number {
  let count = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1;
    at = haystack.indexOf(needle, at + needle.length)
  )
    count++;
  return count;
}

/**
 * The steps whose texts contain `phrase`, ignoring case (as a reader types it: literal, no
 * patterns), in step order with their occurrence counts. An empty phrase matches nothing.
 */
export function findInSteps(
  steps: readonly { ordinal: number; step: Step }[],
  phrase: string,
): FindMatch[] {
  const needle = phrase.toLowerCase();
  if (needle.trim() === "") return [];
  const matches: FindMatch[] = [];
  for (const { ordinal, step } of steps) {
    const count = stepTexts(step).reduce(
      (sum, text) => sum + occurrences(text.toLowerCase(), needle),
      0,
    );
    if (count > 0)
      matches.push({ ordinal, kind: step.kind, count, anchor: stepAnchor(step, ordinal) });
  }
  return matches;
}

/** Tones of calls that gained nothing: where the "next miss" key stops. */
const MISS_TONES: ReadonlySet<OutcomeTone> = new Set<OutcomeTone>([
  "empty",
  "warn",
  "repeat",
  "error",
]);

/**
 * The calls the jump keys land on: every call that gained nothing (a miss, a compound or
 * repeated query, an error) and the last call that gained something (MPW: the last new fact).
 */
export function jumpTargets(
  outcomes: readonly CallOutcomeKind[],
  calls: readonly CallMark[],
): { misses: number[]; lastGain: number | null } {
  const tones = new Map(outcomes.map((o) => [o.key, o.tone]));
  const misses: number[] = [];
  let lastGain: number | null = null;
  for (const mark of calls) {
    const tone = tones.get(mark.outcome);
    if (tone === undefined) continue;
    if (MISS_TONES.has(tone)) misses.push(mark.call);
    if (tone === "gain") lastGain = mark.call;
  }
  return { misses, lastGain };
}

function sampleApiBase(submissionId: number, taskKey: string): string {
  return `/api/s/${submissionId}/t/${encodeURIComponent(taskKey)}`;
}

/** The step API: one step of a sample, whole (its body when the reader opens it). */
export function stepApiUrl(
  submissionId: number,
  taskKey: string,
  run: number,
  ordinal: number,
): string {
  return `${sampleApiBase(submissionId, taskKey)}/steps/${ordinal}?run=${run}`;
}

/** The find API of a sample, without its phrase (`&q=` follows). */
export function findApiUrl(submissionId: number, taskKey: string, run: number): string {
  return `${sampleApiBase(submissionId, taskKey)}/find?run=${run}`;
}
