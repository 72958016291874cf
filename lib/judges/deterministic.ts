/**
 * Deterministic judges: the same prediction and gold always give the same verdict, so a
 * re-evaluation with them is reproducible. Pure.
 */
import type { JudgeVerdict } from "./types";

/**
 * The final answer inside a prediction: the last `<answer>…</answer>` (MPW's ReAct format)
 * or the `Exact Answer:` line (the BrowseComp answer format), else the whole text.
 */
export function finalAnswerOf(prediction: string): string {
  const tags = [...prediction.matchAll(/<answer>([\s\S]*?)<\/answer>/gi)];
  if (tags.length) return tags[tags.length - 1][1].trim();
  const exact = /^\s*(?:\*\*)?exact answer(?:\*\*)?\s*:\s*(.+)$/im.exec(prediction);
  return (exact ? exact[1] : prediction).trim();
}

/**
 * Lower-cased, Unicode-normalised (NFKC: full-width digits and letters fold), accents
 * stripped, punctuation and the English articles removed, whitespace collapsed. CJK
 * characters are kept as they are.
 */
export function normaliseAnswer(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .replace(/\b(a|an|the)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function exactMatchJudge(prediction: string | null, gold: string | null): JudgeVerdict {
  if (gold === null || gold.trim() === "")
    return {
      correct: false,
      label: "no gold",
      rationale: "the task has no gold answer to compare with",
    };
  if (prediction === null || prediction.trim() === "")
    return { correct: false, label: "Incorrect", rationale: "no answer" };
  const answer = finalAnswerOf(prediction);
  const a = normaliseAnswer(answer);
  const g = normaliseAnswer(gold);
  const correct = a !== "" && a === g;
  return {
    correct,
    label: correct ? "Correct" : "Incorrect",
    rationale: `normalised answer "${a}" ${correct ? "equals" : "differs from"} normalised gold "${g}"`,
  };
}

/**
 * The first number in a text: thousands separators (`,` `_` and thin spaces between digit
 * groups) removed, a trailing `%` kept as a percent sign, `k`/`m`/`b` suffixes not expanded
 * (they are too ambiguous to guess). Null when there is none.
 */
export function parseAnswerNumber(text: string): { value: number; percent: boolean } | null {
  const folded = text.normalize("NFKC").replace(/(\d)[,_\u2009\u202f](?=\d{3}\b)/g, "$1");
  const match = /([-+−]?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*(%)?/i.exec(folded);
  if (!match) return null;
  const value = Number(match[1].replace("−", "-"));
  return Number.isFinite(value) ? { value, percent: match[2] === "%" } : null;
}

export interface NumericTolerance {
  /** Relative tolerance, e.g. 0.01 for 1 %. */
  relative: number;
  /** Absolute tolerance, for golds at or near zero. */
  absolute: number;
}

export const DEFAULT_TOLERANCE: NumericTolerance = { relative: 0.01, absolute: 1e-9 };

/** Correct when |answer − gold| ≤ max(absolute, relative·|gold|); both must hold a number. */
export function numericJudge(
  prediction: string | null,
  gold: string | null,
  tolerance: NumericTolerance = DEFAULT_TOLERANCE,
): JudgeVerdict {
  const g = gold === null ? null : parseAnswerNumber(gold);
  if (g === null)
    return {
      correct: false,
      label: "no numeric gold",
      rationale: `the gold answer ${gold === null ? "is missing" : `"${gold}"`} holds no number`,
    };
  const a = prediction === null ? null : parseAnswerNumber(finalAnswerOf(prediction));
  if (a === null)
    return { correct: false, label: "Incorrect", rationale: "the answer holds no number" };
  const allowed = Math.max(tolerance.absolute, tolerance.relative * Math.abs(g.value));
  const difference = Math.abs(a.value - g.value);
  const correct = difference <= allowed;
  return {
    correct,
    label: correct ? "Correct" : "Incorrect",
    rationale: `answer ${a.value} vs gold ${g.value}: difference ${Number(difference.toPrecision(6))} ${correct ? "≤" : ">"} allowed ${Number(allowed.toPrecision(6))} (relative ${tolerance.relative}, absolute ${tolerance.absolute})`,
  };
}
