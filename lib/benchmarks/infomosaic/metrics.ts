/**
 * InfoMosaic-Bench metrics (`metrics.md`, InfoMosaic-Bench; paper §4–5, A.8, A.12.7),
 * matching the official evaluation script (`eval/evaluate_all.py`):
 *
 *  - Accuracy = share of samples with score 2 (score 1, "approximately correct", is not
 *    counted). Pooled over samples: the overall number is not a mean of the domains.
 *  - Pass rate = mean of the per-sample pass rates that are computable (the official −1 /
 *    null excluded). The official script prints 0 when none is computable; we give null.
 *  - Per domain and overall; web-only vs domain-tool with the per-domain difference.
 *  - Tool-call outcome mix, accuracy and pass rate against the number of tool calls, and
 *    tool use by relative position in the trajectory (8 segments), defined below.
 */
import type { ChatMessage } from "../../trajectory/messages";
import { stepsFromMessages } from "../../trajectory/messages";
import { callsOf, ERROR_REPLY } from "../../trajectory/calls";
import { bootstrapMeans, mean, type Interval } from "../../metrics/bootstrap";
import type { BootstrapOptions } from "../qa/bootstrap";
import {
  INFOMOSAIC_DOMAINS,
  type InfoMosaicDomain,
  type InfoMosaicEvaluated,
  type InfoMosaicScore,
} from "./formats";
import { escapeRegExp } from "../../regexp";

/** The six failure modes of §5.3.3 / Appendix A.5, for tagging failed samples. */
export const INFOMOSAIC_FAILURE_MODES = [
  {
    id: "retrieval-miss",
    label: "Retrieval Miss",
    description:
      "Fails to extract key information already present in the tool or knowledge base; often a “cannot determine” answer or an overlooked fact.",
  },
  {
    id: "tool-misuse",
    label: "Tool Misuse",
    description:
      "Misreads tool outputs or passes wrong parameters or commands, giving irrelevant, distorted or erroneous results (e.g. miscalculations).",
  },
  {
    id: "reasoning-gap",
    label: "Reasoning Gap",
    description:
      "Retrieves the right fragments but does not link them: logical jumps, causal confusion, inconsistent conclusions.",
  },
  {
    id: "confirmation-bias",
    label: "Confirmation Bias",
    description:
      "Emphasises evidence for its first hypothesis and downplays or ignores contradicting tool outputs.",
  },
  {
    id: "overgeneralization-hallucination",
    label: "Overgeneralization/Hallucination",
    description:
      "Insufficient evidence leads to unfounded guesses or details no tool result supports.",
  },
  {
    id: "context-misread",
    label: "Context Misread",
    description:
      "Misreads the user's intent or the task context; the answer may be partly right but beside the question.",
  },
] as const;

export interface InfoMosaicSampleInput {
  taskId: string;
  domain: InfoMosaicDomain;
  score: InfoMosaicScore;
  /** Null when not computable. */
  passRate: number | null;
  /** The release's count (assistant turns that called tools); null when absent. */
  numToolCalls: number | null;
  messages: readonly ChatMessage[] | null;
}

export function infoMosaicInputFromEvaluation(e: InfoMosaicEvaluated): InfoMosaicSampleInput {
  return {
    taskId: e.task.id,
    domain: e.task.domain,
    score: e.score,
    passRate: e.passRate,
    numToolCalls: e.numToolCalls,
    messages: e.messages,
  };
}

/**
 * The sample's number of tool calls in the release's unit: `num_tool_calls` when given,
 * else the assistant turns of `messages` that make at least one tool call; 0 without either.
 */
export function toolCallTurns(
  sample: Pick<InfoMosaicSampleInput, "numToolCalls" | "messages">,
): number {
  if (sample.numToolCalls !== null) return sample.numToolCalls;
  return (sample.messages ?? []).filter(
    (m) => m.role === "assistant" && (m.tool_calls?.length ?? 0) > 0,
  ).length;
}

// ---------------------------------------------------------------- accuracy and pass rate

/** The CLI contract's aggregate. Fractions; null when nothing to average. */
export interface InfoMosaicAggregate {
  accuracy: number | null;
  passRate: number | null;
  n: number;
}

export interface InfoMosaicStats extends InfoMosaicAggregate {
  /** Samples whose pass rate is computable: the pass rate's denominator. */
  passRateN: number;
  /** Score 1 ("approximately correct") samples, not counted as accurate. */
  approximate: number;
  accuracyCi: Interval | null;
  passRateCi: Interval | null;
}

export interface InfoMosaicReport {
  aggregate: InfoMosaicAggregate;
  overall: InfoMosaicStats;
  /** Domains present, in the benchmark's order. */
  byDomain: Partial<Record<InfoMosaicDomain, InfoMosaicStats>>;
}

export function infoMosaicStats(
  samples: readonly InfoMosaicSampleInput[],
  options: BootstrapOptions = {},
): InfoMosaicStats {
  const correct = samples.map((s) => (s.score === 2 ? 1 : 0));
  const passRates = samples.map((s) => s.passRate);
  const computable = passRates.filter((v): v is number => v !== null);
  const [accuracyCi, passRateCi] = bootstrapMeans([correct, passRates], options);
  return {
    accuracy: mean(correct),
    passRate: mean(computable),
    n: samples.length,
    passRateN: computable.length,
    approximate: samples.filter((s) => s.score === 1).length,
    accuracyCi,
    passRateCi,
  };
}

function byDomain<T extends { domain: InfoMosaicDomain }>(
  samples: readonly T[],
): [InfoMosaicDomain, T[]][] {
  return INFOMOSAIC_DOMAINS.map(
    (d) => [d, samples.filter((s) => s.domain === d)] as [InfoMosaicDomain, T[]],
  ).filter(([, group]) => group.length > 0);
}

export function aggregateInfoMosaic(
  samples: readonly InfoMosaicSampleInput[],
  options: BootstrapOptions = {},
): InfoMosaicReport {
  const overall = infoMosaicStats(samples, options);
  return {
    aggregate: { accuracy: overall.accuracy, passRate: overall.passRate, n: overall.n },
    overall,
    byDomain: Object.fromEntries(
      byDomain(samples).map(([d, group]) => [d, infoMosaicStats(group, options)]),
    ),
  };
}

export interface SettingComparisonRow {
  /** A domain, or "overall". */
  domain: InfoMosaicDomain | "overall";
  webOnly: InfoMosaicAggregate;
  domainTool: InfoMosaicAggregate;
  /** domain-tool − web-only; null when either side has no value. */
  accuracyDiff: number | null;
  passRateDiff: number | null;
}

const plain = (s: InfoMosaicStats): InfoMosaicAggregate => ({
  accuracy: s.accuracy,
  passRate: s.passRate,
  n: s.n,
});
const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

/** Table 3: web-only vs domain-tool accuracy (and pass rate) per domain and overall, with the difference. */
export function compareSettings(
  webOnly: readonly InfoMosaicSampleInput[],
  domainTool: readonly InfoMosaicSampleInput[],
): SettingComparisonRow[] {
  const row = (
    domain: InfoMosaicDomain | "overall",
    w: readonly InfoMosaicSampleInput[],
    d: readonly InfoMosaicSampleInput[],
  ): SettingComparisonRow => {
    const a = plain(infoMosaicStats(w, { resamples: 0 }));
    const b = plain(infoMosaicStats(d, { resamples: 0 }));
    return {
      domain,
      webOnly: a,
      domainTool: b,
      accuracyDiff: diff(b.accuracy, a.accuracy),
      passRateDiff: diff(b.passRate, a.passRate),
    };
  };
  const present = INFOMOSAIC_DOMAINS.filter(
    (d) => webOnly.some((s) => s.domain === d) || domainTool.some((s) => s.domain === d),
  );
  return [
    ...present.map((d) =>
      row(
        d,
        webOnly.filter((s) => s.domain === d),
        domainTool.filter((s) => s.domain === d),
      ),
    ),
    row("overall", webOnly, domainTool),
  ];
}

// ---------------------------------------------------------------- accuracy and pass rate against tool calls

export interface ToolCallBin {
  /** Tool calls from `from` to `to` inclusive; `to` null: and above. */
  from: number;
  to: number | null;
  n: number;
  accuracy: number | null;
  passRate: number | null;
  passRateN: number;
}

/**
 * Figure 3a/3b: samples grouped by their number of tool calls (`toolCallTurns`). Without
 * `edges`, one bin per count that occurs. With ascending integer `edges` e_0 < e_1 < …,
 * bin j holds counts e_j … e_{j+1} − 1 and the last bin e_last and above; counts below
 * e_0 are left out.
 */
export function performanceByToolCalls(
  samples: readonly InfoMosaicSampleInput[],
  options: { edges?: readonly number[] } = {},
): ToolCallBin[] {
  const counts = samples.map(toolCallTurns);
  let ranges: { from: number; to: number | null }[];
  if (options.edges) {
    const edges = options.edges;
    edges.forEach((e, i) => {
      if (!Number.isInteger(e) || e < 0 || (i > 0 && e <= edges[i - 1]))
        throw new RangeError("edges must be ascending non-negative integers");
    });
    ranges = edges.map((from, i) => ({ from, to: i + 1 < edges.length ? edges[i + 1] - 1 : null }));
  } else {
    ranges = [...new Set(counts)].sort((a, b) => a - b).map((c) => ({ from: c, to: c }));
  }
  return ranges.map(({ from, to }) => {
    const group = samples.filter((_, i) => counts[i] >= from && (to === null || counts[i] <= to));
    const stats = infoMosaicStats(group, { resamples: 0 });
    return {
      from,
      to,
      n: group.length,
      accuracy: stats.accuracy,
      passRate: stats.passRate,
      passRateN: stats.passRateN,
    };
  });
}

// ---------------------------------------------------------------- tool-call outcomes

export const TOOL_OUTCOMES = [
  "usage-error",
  "selection-error",
  "invalid-result",
  "valid-result",
] as const;
export type ToolOutcome = (typeof TOOL_OUTCOMES)[number];

export interface ToolCallRecord {
  /** 0-based position among the sample's tool calls. */
  index: number;
  name: string | null;
  /** Why the arguments could not be read (e.g. invalid JSON), else null. */
  malformedArguments: string | null;
  /** The tool's reply; null when the trajectory holds none. */
  result: string | null;
}

/** Every tool call of a trajectory with its reply (tied by `tool_call_id`, else in order). */
export function toolCallsOf(messages: readonly ChatMessage[]): ToolCallRecord[] {
  return callsOf(stepsFromMessages(messages)).map((c, index) => ({
    index,
    name: c.name,
    malformedArguments: c.malformed,
    result: c.result,
  }));
}

const UNKNOWN_TOOL = [
  /\b(unknown|unsupported|unavailable|invalid) (tool|function)\b/i,
  /\bno such (tool|function)\b/i,
  /\b(tool|function) [^\n]{0,80}\b(not found|does not exist|is not available)\b/i,
];
const EMPTY_REPLY = /^\s*(\[\s*\]|\{\s*\}|null|None|""|''|)\s*$/;
/** Phrases that mean "nothing found", looked for only in short replies (a long one is content that may merely mention them). */
const NOTHING_FOUND = [
  /\b(with )?0 results\b/i,
  /\bno (results?|data|matches|records|videos|items)( were)?( found| available| returned)?\b/i,
  /^\s*not found\.?\s*$/i,
];
const SHORT_REPLY = 300;

/**
 * One tool call's outcome, checked in this order:
 *  1. selection error — the wrong tool: no tool name, a name outside `availableTools` (when
 *     given), or a reply saying the tool does not exist (Python `NameError: name '<tool>'
 *     is not defined` or `KeyError: '<tool>'` naming the called tool, "unknown tool", …);
 *  2. usage error — the right tool called wrongly: arguments that are not valid JSON, or a
 *     reply that is an error (starting with a Python traceback, an `…Error`/`…Exception`
 *     name or "error"; a JSON object with an `error` key; a missing/unexpected argument
 *     message anywhere);
 *  3. invalid result — the call worked but returned nothing: an empty reply, `[]`, `{}`,
 *     `null`/`None`, or a short reply (≤ 300 characters) saying "0 results",
 *     "no results/data/matches found" or "not found";
 *  4. valid result — anything else.
 * Null when the call has no reply in the trajectory (left out of the mix). The paper's
 * "invalid" also covers non-empty but irrelevant replies, which needs a judge; this rule
 * only sees empty ones, so it counts fewer invalid and more valid results than the paper.
 */
export function classifyToolCall(
  call: ToolCallRecord,
  availableTools?: ReadonlySet<string>,
): ToolOutcome | null {
  if (call.result === null) return null;
  const name = call.name?.trim() ?? "";
  const result = call.result;
  if (name === "" || (availableTools && !availableTools.has(name))) return "selection-error";
  const named = escapeRegExp(name);
  if (
    new RegExp(`NameError: name '${named}' is not defined`).test(result) ||
    new RegExp(`KeyError: ['"]${named}['"]`).test(result)
  )
    return "selection-error";
  if (UNKNOWN_TOOL.some((re) => re.test(result))) return "selection-error";
  if (call.malformedArguments !== null) return "usage-error";
  if (ERROR_REPLY.some((re) => re.test(result))) return "usage-error";
  if (EMPTY_REPLY.test(result)) return "invalid-result";
  if (result.trim().length <= SHORT_REPLY && NOTHING_FOUND.some((re) => re.test(result)))
    return "invalid-result";
  return "valid-result";
}

export interface ToolOutcomeMix {
  counts: Record<ToolOutcome, number>;
  /** Counts over `total`; all 0 when there are no classified calls. */
  shares: Record<ToolOutcome, number>;
  /** Classified calls. */
  total: number;
  /** Calls with no reply, left out. */
  unanswered: number;
}

function emptyCounts(): Record<ToolOutcome, number> {
  return { "usage-error": 0, "selection-error": 0, "invalid-result": 0, "valid-result": 0 };
}

function mixOf(outcomes: readonly (ToolOutcome | null)[]): ToolOutcomeMix {
  const counts = emptyCounts();
  let unanswered = 0;
  for (const o of outcomes) {
    if (o === null) unanswered += 1;
    else counts[o] += 1;
  }
  const total = TOOL_OUTCOMES.reduce((sum, o) => sum + counts[o], 0);
  const shares = Object.fromEntries(
    TOOL_OUTCOMES.map((o) => [o, total === 0 ? 0 : counts[o] / total]),
  ) as Record<ToolOutcome, number>;
  return { counts, shares, total, unanswered };
}

export function sampleToolOutcomes(
  sample: Pick<InfoMosaicSampleInput, "messages">,
  availableTools?: ReadonlySet<string>,
): (ToolOutcome | null)[] {
  return toolCallsOf(sample.messages ?? []).map((call) => classifyToolCall(call, availableTools));
}

/** Figure 4a: the outcome mix of every tool call, overall and per domain. `availableTools(domain)` names the tools the agent was given, when known. */
export function toolOutcomeMix(
  samples: readonly InfoMosaicSampleInput[],
  availableTools?: (domain: InfoMosaicDomain) => ReadonlySet<string> | undefined,
): { overall: ToolOutcomeMix; byDomain: Partial<Record<InfoMosaicDomain, ToolOutcomeMix>> } {
  const outcomes = samples.map((s) => sampleToolOutcomes(s, availableTools?.(s.domain)));
  return {
    overall: mixOf(outcomes.flat()),
    byDomain: Object.fromEntries(
      INFOMOSAIC_DOMAINS.filter((d) => samples.some((s) => s.domain === d)).map((d) => [
        d,
        mixOf(outcomes.filter((_, i) => samples[i].domain === d).flat()),
      ]),
    ),
  };
}

// ---------------------------------------------------------------- tool use by position

export const POSITION_SEGMENTS = 8;

/**
 * The relative-position segment (0 … 7) of call i (0-based) of m: the call's midpoint
 * (i + ½) / m, in eighths, floored (a midpoint exactly on an edge goes to the later
 * segment). A lone call sits in segment 4; the first of 8 or more calls in 0 and the last
 * in 7; with fewer than 8 calls some segments get none from that trajectory.
 */
export function positionSegment(i: number, m: number): number {
  return Math.min(POSITION_SEGMENTS - 1, Math.floor(((i + 0.5) / m) * POSITION_SEGMENTS));
}

export interface ToolPositionHeatmap {
  /** Rows: tool names by total calls (descending), ties by name. */
  tools: string[];
  /** counts[tool][segment]: calls of that tool in that segment, over all samples. */
  counts: number[][];
  /** Calls per segment. */
  segmentTotals: number[];
  /** shares[tool][segment] = counts / segmentTotals[segment]: each segment's column sums to 1 (0 for an empty segment). */
  shares: number[][];
}

/** Figure 6: which tools are called at which relative position, every individual call counted. */
export function toolPositionHeatmap(
  samples: readonly Pick<InfoMosaicSampleInput, "messages">[],
): ToolPositionHeatmap {
  const byTool = new Map<string, number[]>();
  const segmentTotals = new Array<number>(POSITION_SEGMENTS).fill(0);
  for (const s of samples) {
    const calls = toolCallsOf(s.messages ?? []);
    calls.forEach((call, i) => {
      const name = call.name?.trim() || "(unnamed)";
      const row = byTool.get(name) ?? new Array<number>(POSITION_SEGMENTS).fill(0);
      const segment = positionSegment(i, calls.length);
      row[segment] += 1;
      segmentTotals[segment] += 1;
      byTool.set(name, row);
    });
  }
  const total = (row: number[]) => row.reduce((a, b) => a + b, 0);
  const rows = [...byTool].sort(
    ([a, ra], [b, rb]) => total(rb) - total(ra) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return {
    tools: rows.map(([name]) => name),
    counts: rows.map(([, row]) => row),
    segmentTotals,
    shares: rows.map(([, row]) =>
      row.map((c, seg) => (segmentTotals[seg] === 0 ? 0 : c / segmentTotals[seg])),
    ),
  };
}
