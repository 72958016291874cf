/** Hand-made samples for the review tests: calls with queries and replies, nothing else. */
import type { Step } from "../trajectory/steps";
import type { ReviewedSample } from "./review";

export interface CallSpec {
  query?: string;
  name?: string;
  /** The tool's reply; omitted, the call has none. */
  reply?: string;
  malformed?: string;
}

/** Steps: a system prompt, then each call followed by its reply. */
export function stepsOf(calls: readonly CallSpec[]): Step[] {
  const steps: Step[] = [
    { kind: "other", role: "system", text: "You are a search agent.", malformed: null },
  ];
  calls.forEach((c, i) => {
    const callIndex = i + 1;
    const query = c.query ?? null;
    steps.push({
      kind: "tool_call",
      role: "assistant",
      callIndex,
      name: c.name ?? "search",
      arguments: { query },
      query,
      raw: JSON.stringify({ query }),
      malformed: c.malformed ?? null,
    });
    if (c.reply !== undefined)
      steps.push({
        kind: "tool_result",
        role: "tool",
        callIndex,
        raw: c.reply,
        serp: null,
        malformed: null,
      });
  });
  return steps;
}

export function reviewedSample(
  calls: readonly CallSpec[],
  over: Partial<ReviewedSample> = {},
): ReviewedSample {
  return {
    correct: false,
    status: "finished",
    prediction: "an answer",
    metrics: null,
    detail: null,
    firstCoveredAt: {},
    steps: stepsOf(calls),
    hitLog: [],
    task: { atomicFacts: {}, extra: null },
    ...over,
  };
}
