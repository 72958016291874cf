/** QA's failure modes: the answer-judged ones, the limit told by the run's termination status. */
import { answerJudgedModes } from "../failure-modes";

export const qaFailureModes = answerJudgedModes(
  { id: "limit", label: "stopped by the turn limit (max_turns_reached)" },
  (sample) => sample.status === "max_turns_reached",
);
