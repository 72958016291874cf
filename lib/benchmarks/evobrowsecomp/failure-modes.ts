/** EvoBrowseComp's failure modes: the answer-judged ones, the limit its record's `exceeded` (the tool-call limit). */
import { answerJudgedModes } from "../failure-modes";
import { evoStoredSampleSchema } from "./stored";

export const evoFailureModes = answerJudgedModes(
  { id: "limit", label: "over the tool-call limit" },
  (sample) => evoStoredSampleSchema.safeParse(sample.metrics ?? {}).data?.exceeded === true,
);
