/** A trajectory's tool calls with their replies, read from its steps: what the call timelines and diagnoses classify. */
import type { Step } from "./steps";

export interface TrajectoryCall {
  /** 1-based position among the trajectory's tool calls. */
  callIndex: number;
  name: string | null;
  query: string | null;
  /** Why the call's arguments could not be read, else null. */
  malformed: string | null;
  /** The tool's first reply; null when the trajectory holds none. */
  result: string | null;
}

/** Every tool call in step order, each with the first result tied to it. */
export function callsOf(steps: readonly Step[]): TrajectoryCall[] {
  const results = new Map<number, string>();
  for (const step of steps) {
    if (step.kind === "tool_result" && step.callIndex !== null && !results.has(step.callIndex))
      results.set(step.callIndex, step.raw);
  }
  const calls: TrajectoryCall[] = [];
  for (const step of steps) {
    if (step.kind !== "tool_call") continue;
    calls.push({
      callIndex: step.callIndex,
      name: step.name,
      query: step.query,
      malformed: step.malformed,
      result: results.get(step.callIndex) ?? null,
    });
  }
  return calls;
}

/**
 * Replies that are errors: a Python traceback, an `…Error`/`…Exception` name or "error" at
 * the start, a JSON object with an `error` key, a missing/unexpected argument message.
 */
export const ERROR_REPLY: readonly RegExp[] = [
  /^\s*Traceback \(most recent call last\)/,
  /^\s*[A-Za-z_.]*(Error|Exception)\b/,
  /^\s*error\b/i,
  /^\s*\{\s*['"]error['"]\s*:/,
  /\bmissing \d+ required (positional|keyword-only) argument/,
  /\bunexpected keyword argument\b/,
  /\bvalidation errors? for\b/i,
];

/** The call failed: its arguments could not be read or its reply is an error. */
export function callFailed(call: Pick<TrajectoryCall, "malformed" | "result">): boolean {
  return (
    call.malformed !== null ||
    (call.result !== null && ERROR_REPLY.some((re) => re.test(call.result ?? "")))
  );
}

/** A query as compared for repeats: case, Unicode forms, punctuation at the edges and runs of spaces do not count. */
export function normaliseQuery(query: string): string {
  return query
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/^[\s"'.,;:!?]+|[\s"'.,;:!?]+$/g, "");
}

/**
 * For each call whose query (normalised) an earlier call already sent, the earlier call's
 * index; calls without a query never repeat.
 */
export function repeatedQueries(
  calls: readonly Pick<TrajectoryCall, "callIndex" | "query">[],
): Map<number, number> {
  const firstBy = new Map<string, number>();
  const repeats = new Map<number, number>();
  for (const call of calls) {
    if (call.query === null) continue;
    const key = normaliseQuery(call.query);
    if (key === "") continue;
    const first = firstBy.get(key);
    if (first === undefined) firstBy.set(key, call.callIndex);
    else repeats.set(call.callIndex, first);
  }
  return repeats;
}
