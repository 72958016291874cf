/**
 * MPW-Bench's failure modes (Mind-ParaWorld §4.5–4.6): what its diagnosis says of a failed
 * run, as modes. The facts left uncovered are `factCoverage`'s and the call outcomes the
 * timeline's (`mpwCallMarks`), so the diagnosis, the timeline and the modes agree.
 */
import { callsOf } from "../../trajectory/calls";
import { factCoverage } from "../../trajectory/view";
import { noAnswer, type FailureModeRules } from "../failure-modes";
import { mpwCallMarks, MPW_LIMIT_STATUS } from "./review";

export const mpwFailureModes: FailureModeRules = {
  modes: [
    { id: "fact-not-queried", label: "a fact never queried" },
    { id: "fact-not-returned", label: "a fact queried but never returned" },
    { id: "compound-queries", label: "compound queries" },
    { id: "repeated-queries", label: "repeated-query loop" },
    { id: "limit", label: "stopped by the tool-call limit" },
    { id: "answered-uncovered", label: "answered with facts uncovered" },
  ],
  classify: (sample) => {
    const calls = callsOf(sample.steps);
    const missing = factCoverage(sample.task.atomicFacts, sample.firstCoveredAt, calls).filter(
      (f) => f.firstCoveredAt === null,
    );
    const marks = new Set(mpwCallMarks(sample).map((m) => m.outcome));
    return [
      ...(missing.some((f) => f.queriedAt.length === 0) ? ["fact-not-queried"] : []),
      ...(missing.some((f) => f.queriedAt.length > 0) ? ["fact-not-returned"] : []),
      ...(marks.has("compound") ? ["compound-queries"] : []),
      ...(marks.has("repeated-query") ? ["repeated-queries"] : []),
      ...(sample.status === MPW_LIMIT_STATUS ? ["limit"] : []),
      ...(!noAnswer(sample) && missing.length > 0 ? ["answered-uncovered"] : []),
    ];
  },
};
