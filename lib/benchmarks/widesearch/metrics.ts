/**
 * WideSearch per-cell metrics (`metrics.md`, WideSearch). Each rule metric compares one
 * preprocessed response cell with its gold cell and says why it scored what it did.
 * `llm_judge` needs a judge the caller supplies (`CellJudge`); without one the cell is
 * "unscored" — never a silent 0.
 */
import { daysBetween, formatDate, parseDate, parseNumber } from "./preprocess";

export const METRIC_NAMES = [
  "exact_match",
  "number_near",
  "date_near",
  "url_match",
  "in_match",
  "llm_judge",
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];
export type RuleMetricName = Exclude<MetricName, "llm_judge">;

export interface MetricResult {
  score: 0 | 1;
  why: string;
}

/** A cell score, or "unscored" when no judge decided an `llm_judge` cell. */
export type CellScore = number | "unscored";

const quote = (s: string) => JSON.stringify(s);
const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Case-insensitive equality. Deliberate difference from the official code: two plain
 * numbers that are numerically equal match (`10` vs `10.0`). The official code means to
 * do this (it harmonises int and float columns) but its check never runs, so there a
 * column pandas read as float fails against one it read as int.
 */
export function exactMatch(response: string, target: string): MetricResult {
  if (response.toLowerCase() === target.toLowerCase()) {
    return { score: 1, why: `equal ignoring case: ${quote(response)}` };
  }
  const r = response.trim();
  const t = target.trim();
  if (NUMERIC.test(r) && NUMERIC.test(t) && Number(r) === Number(t)) {
    return { score: 1, why: `numerically equal: ${quote(response)} = ${quote(target)}` };
  }
  return { score: 0, why: `${quote(response)} ≠ ${quote(target)}` };
}

/** A number for `number_near`: a `%` anywhere means a percentage (value / 100). */
function nearNumber(text: string): number | null {
  if (text.includes("%")) {
    const value = parseNumber(text.replace(/%/g, ""));
    return value === null ? null : value / 100;
  }
  return parseNumber(text);
}

/**
 * |r − t| ≤ |t| · criterion, with `%` values divided by 100 (so `12%` is near `0.12`).
 * Two cells that are not numbers score 1 only when they are the same string (e.g. both
 * `NULL` from `extract_number`, or both empty).
 */
export function numberNear(response: string, target: string, criterion: number): MetricResult {
  const r = nearNumber(response);
  const t = nearNumber(target);
  if (r === null || t === null) {
    if (r === null && t === null && response === target) {
      return { score: 1, why: `neither is a number and they are equal: ${quote(response)}` };
    }
    const which =
      r === null && t === null
        ? "neither is a number"
        : r === null
          ? "response is not a number"
          : "gold is not a number";
    return { score: 0, why: `${which}: ${quote(response)} vs ${quote(target)}` };
  }
  const diff = Math.abs(r - t);
  const allowed = Math.abs(t) * criterion;
  const ok = diff <= allowed;
  return {
    score: ok ? 1 : 0,
    why: `|${r} − ${t}| = ${diff} ${ok ? "≤" : ">"} ${allowed} (${criterion * 100}% of |${t}|)`,
  };
}

/** Dates within 31 days. Both unparsable → 1 (the official rule); one unparsable → 0. */
export function dateNear(response: string, target: string): MetricResult {
  const r = parseDate(response);
  const t = parseDate(target);
  if (r === null || t === null) {
    if (r === null && t === null)
      return { score: 1, why: `neither is a date: ${quote(response)} vs ${quote(target)}` };
    return {
      score: 0,
      why: `${r === null ? "response" : "gold"} is not a date: ${quote(response)} vs ${quote(target)}`,
    };
  }
  const days = Math.abs(daysBetween(r, t));
  const ok = days <= 31;
  return {
    score: ok ? 1 : 0,
    why: `${formatDate(r)} vs ${formatDate(t)}: ${days} days ${ok ? "≤" : ">"} 31`,
  };
}

/**
 * URLs as the official pattern finds them: `http://` or `https://` then a run of the
 * characters it allows (it stops at whitespace, quotes, `#`, backquote, braces, `|`, `~`
 * and non-ASCII). Deliberate differences: the scheme is matched in any case, and the
 * host name is only the host — without user info or port, lower-cased (DNS names are
 * case-insensitive), and without trailing punctuation such as `)` or `,` that follows a
 * bare host (`[x](https://x.org)` gives `x.org`, where the official netloc is `x.org)`).
 */
const URL_PATTERN = /https?:\/\/[A-Za-z0-9$-_!*\\(),]+/gi;

function hostOf(url: string): string {
  let rest = url.slice(url.indexOf("//") + 2);
  rest = rest.split(/[/?#]/, 1)[0];
  const at = rest.lastIndexOf("@");
  if (at >= 0) rest = rest.slice(at + 1);
  if (rest.startsWith("[")) {
    const end = rest.indexOf("]");
    return end > 0 ? rest.slice(1, end).toLowerCase() : "";
  }
  const host = /^[A-Za-z0-9._-]*/.exec(rest)![0];
  return host.toLowerCase().replace(/\.+$/, "");
}

/** Host names of all URLs found in the text, in order of appearance, without repeats. */
export function hostsOf(text: string): string[] {
  const hosts = (text.match(URL_PATTERN) ?? []).map(hostOf).filter((h) => h !== "");
  return [...new Set(hosts)];
}

/**
 * The sets of host names of all URLs found are equal (`unimelb.edu.au` ≠
 * `www.unimelb.edu.au`). No URL on either side is two empty sets: equal, as officially.
 */
export function urlMatch(response: string, target: string): MetricResult {
  const r = hostsOf(response);
  const t = hostsOf(target);
  const same = r.length === t.length && r.every((h) => t.includes(h));
  const show = (hosts: string[]) => (hosts.length ? `{${hosts.join(", ")}}` : "no URL");
  return { score: same ? 1 : 0, why: `hosts ${show(r)} ${same ? "=" : "≠"} ${show(t)}` };
}

/**
 * The response is a substring of the gold cell. Deliberate difference: an empty response
 * matches only an empty gold cell. (Every string contains ""; the official code never
 * meets this because it turns empty cells into the text `nan`.)
 */
export function inMatch(response: string, target: string): MetricResult {
  if (response === "" && target !== "")
    return { score: 0, why: `empty response; gold is ${quote(target)}` };
  const ok = target.includes(response);
  return {
    score: ok ? 1 : 0,
    why: `${quote(response)} ${ok ? "is" : "is not"} in ${quote(target)}`,
  };
}

/**
 * A rule metric on one cell pair. `number_near` needs a numeric criterion (the allowed
 * relative difference); without one the cell is unscored, with the reason.
 */
export function ruleMetric(
  metric: RuleMetricName,
  response: string,
  target: string,
  criterion: number | string | null | undefined,
): MetricResult | { score: "unscored"; why: string } {
  switch (metric) {
    case "exact_match":
      return exactMatch(response, target);
    case "number_near":
      if (typeof criterion !== "number" || !Number.isFinite(criterion)) {
        return {
          score: "unscored",
          why: `number_near needs a numeric criterion, got ${JSON.stringify(criterion ?? null)}`,
        };
      }
      return numberNear(response, target, criterion);
    case "date_near":
      return dateNear(response, target);
    case "url_match":
      return urlMatch(response, target);
    case "in_match":
      return inMatch(response, target);
    default: {
      const unknown: never = metric;
      throw new Error(`unknown metric ${String(unknown)}`);
    }
  }
}

/** One `llm_judge` column of a sample, sent to the judge at once (as the official code does). */
export interface JudgeColumnRequest {
  instanceId: string;
  column: string;
  /** The column's grading criterion from `eval_pipeline`. */
  criterion: string | null;
  /** Aligned cell pairs after preprocessing, in row order. */
  items: readonly { response: string; target: string }[];
}

/** A judge's score for one cell, in [0, 1] (the official judge gives 0 or 1). */
export interface CellVerdict {
  score: number;
  why?: string;
}

/**
 * The judge a caller may supply for `llm_judge` cells. It returns one verdict per item, in
 * order; `null` (or a missing or out-of-range entry) leaves that cell unscored.
 */
export interface CellJudge {
  judgeColumn(request: JudgeColumnRequest): readonly (CellVerdict | null)[];
}

/** The same, for judges that call a model over the network. */
export interface AsyncCellJudge {
  judgeColumn(request: JudgeColumnRequest): Promise<readonly (CellVerdict | null)[]>;
}
