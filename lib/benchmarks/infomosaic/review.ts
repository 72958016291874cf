/** InfoMosaic-Bench's call timeline and diagnosis: each call's tool outcome (§4.3's four classes) and the failing testcases. */
import { z } from "zod";
import { callsOf } from "../../trajectory/calls";
import {
  answerItems,
  plural,
  trajectoryItems,
  type CallOutcomeKind,
  type DiagnosisItem,
  type ReviewedSample,
  type TrajectoryReview,
} from "../review";
import { classifyToolCall, type ToolOutcome } from "./metrics";
import { infoMosaicStoredSampleSchema } from "./stored";

const OUTCOMES: Record<ToolOutcome | "no-reply", CallOutcomeKind> = {
  "valid-result": { key: "valid", label: "valid result", tone: "gain" },
  "invalid-result": { key: "invalid", label: "invalid result (nothing returned)", tone: "empty" },
  "usage-error": { key: "usage-error", label: "usage error", tone: "error" },
  "selection-error": { key: "selection-error", label: "selection error", tone: "warn" },
  "no-reply": { key: "no-reply", label: "no reply recorded", tone: "neutral" },
};

/** Each call's tool outcome (§4.3), null when no reply is recorded. */
export function infoMosaicCallOutcomes(
  sample: Pick<ReviewedSample, "steps">,
): { callIndex: number; outcome: ToolOutcome | null }[] {
  return callsOf(sample.steps).map((c) => ({
    callIndex: c.callIndex,
    outcome: classifyToolCall({
      index: c.callIndex - 1,
      name: c.name,
      malformedArguments: c.malformed,
      result: c.result,
    }),
  }));
}

/** The task's testcases as the importer stores them in `tasks.extra`. */
const taskExtraSchema = z.object({
  testcases: z.array(z.object({ condition: z.string() })).default([]),
});

export function infoMosaicDiagnosis(sample: ReviewedSample): { items: DiagnosisItem[] } {
  const items: DiagnosisItem[] = [];
  const m = infoMosaicStoredSampleSchema.safeParse(sample.metrics ?? {});
  const extra = taskExtraSchema.safeParse(sample.task.extra ?? {});
  if (m.success) {
    const conditions = extra.success ? extra.data.testcases.map((t) => t.condition) : [];
    const failing = m.data.testcaseVerdicts.flatMap((v, i) =>
      v !== null && v !== "CORRECT" ? [i] : [],
    );
    if (failing.length)
      items.push({
        text: `${plural(failing.length, "testcase")} failed: ${failing.map((i) => `#${i + 1}${conditions[i] ? ` ${conditions[i]}` : ""}`).join("; ")}`,
        callIndex: null,
      });
  }
  const outcomes = infoMosaicCallOutcomes(sample);
  for (const kind of ["usage-error", "selection-error", "invalid-result"] as const) {
    const calls = outcomes.filter((o) => o.outcome === kind);
    if (calls.length)
      items.push({
        text: `${plural(calls.length, OUTCOMES[kind].label)} (first at call ${calls[0].callIndex})`,
        callIndex: calls[0].callIndex,
      });
  }
  // Failed calls are the usage and selection errors above; only the rest is left to say.
  items.push(...trajectoryItems(sample, () => false), ...answerItems(sample));
  return { items };
}

export const infoMosaicReview: TrajectoryReview = {
  outcomes: [
    OUTCOMES["valid-result"],
    OUTCOMES["invalid-result"],
    OUTCOMES["selection-error"],
    OUTCOMES["usage-error"],
    OUTCOMES["no-reply"],
  ],
  calls: (sample) =>
    infoMosaicCallOutcomes(sample).map((o) => ({
      call: o.callIndex,
      outcome: OUTCOMES[o.outcome ?? "no-reply"].key,
    })),
  diagnosis: infoMosaicDiagnosis,
};
