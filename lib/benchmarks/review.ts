/**
 * What a sample's page shows above its steps: each tool call's outcome in the benchmark's
 * own terms (the call timeline) and where the run went wrong (the diagnosis). Each module
 * gives its `review`; the shared pieces are here.
 */
import { z } from "zod";
import { callFailed, callsOf, repeatedQueries, type TrajectoryCall } from "../trajectory/calls";
import { parseSerp, serpCandidate, type Step } from "../trajectory/steps";
import { toolKind, type ToolKind } from "../trajectory/tools";

/** What a review reads of one stored sample: its row's fields, its steps, its hit log and its task. */
export interface ReviewedSample {
  correct: boolean;
  /** Termination status, verbatim. */
  status: string;
  prediction: string | null;
  /** `samples.metrics` and `samples.detail`, parsed by the module that owns them. */
  metrics: unknown;
  detail: unknown;
  /** MPW: for each atomic-fact key, the call that first covered it (null: never). */
  firstCoveredAt: Record<string, number | null>;
  steps: readonly Step[];
  hitLog: readonly {
    callIndex: number;
    hit: boolean;
    matchedFactKeys: readonly string[];
    compound: boolean;
  }[];
  task: { atomicFacts: Record<string, string>; extra: unknown };
}

/** How an outcome is coloured: what the call achieved, from most to least. */
export type OutcomeTone =
  "gain" | "partial" | "page" | "neutral" | "empty" | "warn" | "repeat" | "error";

export interface CallOutcomeKind {
  /** The `data-outcome` value: a short kebab-case word. */
  key: string;
  /** In the benchmark's words, for the legend and the cell's name ("Call 7: new fact"). */
  label: string;
  tone: OutcomeTone;
}

/** One tool call's outcome: `outcome` is a key of the review's `outcomes`. */
export interface CallMark {
  call: number;
  outcome: string;
  /** What the benchmark's record says this call found (WebDetective: "found evidence e1"). */
  note?: string;
}

export interface DiagnosisItem {
  text: string;
  /** The call the item is about (its step is `#call-<n>`), or null. */
  callIndex: number | null;
}

export interface Diagnosis {
  items: DiagnosisItem[];
}

export interface TrajectoryReview {
  /** Every outcome a call can have, in legend order. */
  readonly outcomes: readonly CallOutcomeKind[];
  /** One mark per tool call of the steps, in call order. */
  readonly calls: (sample: ReviewedSample) => CallMark[];
  readonly diagnosis: (sample: ReviewedSample) => Diagnosis;
}

export const CALL: CallOutcomeKind = { key: "call", label: "other call", tone: "neutral" };
export const ERROR: CallOutcomeKind = { key: "error", label: "error", tone: "error" };
export const REPEATED_QUERY: CallOutcomeKind = {
  key: "repeated-query",
  label: "repeated query",
  tone: "repeat",
};

/** Outcomes of a call told by its reply alone, for benchmarks whose records judge the answer only. */
export const SEARCH_RESULTS: CallOutcomeKind = {
  key: "results",
  label: "search with results",
  tone: "partial",
};
export const PAGE_OPENED: CallOutcomeKind = {
  key: "page-opened",
  label: "page opened",
  tone: "gain",
};
export const NO_RESULTS: CallOutcomeKind = {
  key: "no-results",
  label: "empty reply or no results",
  tone: "empty",
};
export const NO_REPLY: CallOutcomeKind = {
  key: "no-reply",
  label: "no reply stored",
  tone: "warn",
};

/** An empty reply: blank, an empty list, a SERP without results, or a search tool's "no results". */
function emptyReply(reply: string): boolean {
  const text = reply.trim();
  if (text === "" || /^no (search )?results?\b/i.test(text)) return true;
  const serp = parseSerp(text);
  if (serp) return serp.search_result.length === 0;
  const value = serpCandidate(text);
  return Array.isArray(value) && value.length === 0;
}

/**
 * What a call that did not fail brought back, by its reply and its tool's kind (`toolKind`,
 * or the benchmark's own): no reply, nothing, a page, results; `CALL` for other tools.
 */
export function replyOutcome(call: TrajectoryCall, kind: ToolKind): CallOutcomeKind {
  if (call.result === null) return NO_REPLY;
  if (emptyReply(call.result)) return NO_RESULTS;
  if (kind === "open") return PAGE_OPENED;
  return kind === "search" ? SEARCH_RESULTS : CALL;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What every benchmark's diagnosis says of its calls: none made, errors, repeated queries.
 * A repeat is counted as the timeline colours it: not when the call failed, nor when
 * `outranks` gives it another outcome first (MPW: a new fact), so legend and summary agree.
 */
export function callItems(
  calls: readonly TrajectoryCall[],
  failed: (call: TrajectoryCall) => boolean = callFailed,
  outranks: (call: TrajectoryCall) => boolean = () => false,
): DiagnosisItem[] {
  if (calls.length === 0) return [{ text: "no tool calls", callIndex: null }];
  const items: DiagnosisItem[] = [];
  const errors = calls.filter(failed);
  if (errors.length)
    items.push({
      text: `${plural(errors.length, "tool call")} failed (first at call ${errors[0].callIndex})`,
      callIndex: errors[0].callIndex,
    });
  const byIndex = new Map(calls.map((c) => [c.callIndex, c]));
  const repeats = new Map(
    [...repeatedQueries(calls)].filter(([index]) => {
      const call = byIndex.get(index);
      return call !== undefined && !outranks(call) && !failed(call);
    }),
  );
  const [first] = repeats;
  if (first)
    items.push({
      text: `${plural(repeats.size, "repeated query", "repeated queries")} (first at call ${first[0]}, repeating call ${first[1]})`,
      callIndex: first[0],
    });
  return items;
}

/** The tool calls a judged sample's record says the run made (`samples.metrics.toolCalls`). */
const recordedCallsSchema = z.object({ toolCalls: z.number().int().min(0) });

/**
 * How many calls the run made by its record, when the record says more than the stored
 * steps hold (a bundle may keep a long run's first calls only); else null.
 */
function unstoredCallCount(sample: Pick<ReviewedSample, "metrics" | "steps">): number | null {
  const recorded = recordedCallsSchema.safeParse(sample.metrics);
  if (!recorded.success) return null;
  const stored = callsOf(sample.steps).at(-1)?.callIndex ?? 0;
  return recorded.data.toolCalls > stored ? recorded.data.toolCalls : null;
}

/** Items about the end of the run: no final answer, or a wrong one and after how many calls. */
export function answerItems(
  sample: Pick<ReviewedSample, "prediction" | "correct" | "steps" | "metrics">,
): DiagnosisItem[] {
  if (sample.prediction === null || sample.prediction.trim() === "")
    return [{ text: "no final answer", callIndex: null }];
  if (sample.correct) return [];
  const last = callsOf(sample.steps).at(-1);
  const made = unstoredCallCount(sample) ?? last?.callIndex ?? 0;
  return [
    {
      text: made
        ? `answered wrongly after ${plural(made, "call")}`
        : sample.steps.length
          ? "answered wrongly without a tool call"
          : "answered wrongly",
      callIndex: last?.callIndex ?? null,
    },
  ];
}

/**
 * `callItems` of the sample's calls, or that it has no recorded trajectory; first, when the
 * record counts more calls than the steps hold, that the stored trajectory is partial.
 */
export function trajectoryItems(
  sample: Pick<ReviewedSample, "steps" | "metrics">,
  failed?: (call: TrajectoryCall) => boolean,
): DiagnosisItem[] {
  if (sample.steps.length === 0) return [{ text: "no trajectory recorded", callIndex: null }];
  const calls = callsOf(sample.steps);
  const made = unstoredCallCount(sample);
  const partial: DiagnosisItem[] =
    made === null
      ? []
      : [
          {
            text: `the stored trajectory is partial: ${calls.length} of the run's ${plural(made, "call")}`,
            callIndex: calls.at(-1)?.callIndex ?? null,
          },
        ];
  return [...partial, ...callItems(calls, failed)];
}

/** For benchmarks that judge the answer only: each call by what its reply brought back, repeated queries and errors marked. */
export const answerJudgedReview: TrajectoryReview = {
  outcomes: [SEARCH_RESULTS, PAGE_OPENED, CALL, NO_RESULTS, NO_REPLY, REPEATED_QUERY, ERROR],
  calls: (sample) => {
    const calls = callsOf(sample.steps);
    const repeats = repeatedQueries(calls);
    return calls.map((c) => ({
      call: c.callIndex,
      outcome: (callFailed(c)
        ? ERROR
        : repeats.has(c.callIndex)
          ? REPEATED_QUERY
          : replyOutcome(c, toolKind(c.name))
      ).key,
    }));
  },
  diagnosis: (sample) => ({ items: [...trajectoryItems(sample), ...answerItems(sample)] }),
};
