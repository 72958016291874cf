/**
 * InfoMosaic-Bench's failure modes (§4.3): tool usage errors and tool selection errors (the
 * call timeline's classes), and a wrong answer despite valid tool results (the tools worked,
 * the answer did not).
 */
import { noAnswer, type FailureModeRules } from "../failure-modes";
import { infoMosaicCallOutcomes } from "./review";

export const infoMosaicFailureModes: FailureModeRules = {
  modes: [
    { id: "usage-error", label: "tool usage error" },
    { id: "selection-error", label: "tool selection error" },
    { id: "wrong-despite-valid", label: "wrong answer despite valid tool results" },
    { id: "no-answer", label: "no final answer" },
  ],
  classify: (sample) => {
    const outcomes = new Set(infoMosaicCallOutcomes(sample).map((o) => o.outcome));
    const usage = outcomes.has("usage-error");
    const selection = outcomes.has("selection-error");
    const answered = !noAnswer(sample);
    return [
      ...(usage ? ["usage-error"] : []),
      ...(selection ? ["selection-error"] : []),
      ...(answered && !usage && !selection && outcomes.has("valid-result")
        ? ["wrong-despite-valid"]
        : []),
      ...(answered ? [] : ["no-answer"]),
    ];
  },
};
