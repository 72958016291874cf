/** EvoBrowseComp's diagnosis: the answer-judged one, and whether the run hit the tool-call limit. */
import {
  answerJudgedReview,
  type DiagnosisItem,
  type ReviewedSample,
  type TrajectoryReview,
} from "../review";
import { evoStoredSampleSchema } from "./stored";

export function evoDiagnosis(sample: ReviewedSample): { items: DiagnosisItem[] } {
  const items = answerJudgedReview.diagnosis(sample).items;
  const m = evoStoredSampleSchema.safeParse(sample.metrics ?? {});
  if (m.success && m.data.exceeded)
    items.push({
      text: `stopped by the tool-call limit (${m.data.toolCallLimit})`,
      callIndex: null,
    });
  return { items };
}

export const evoReview: TrajectoryReview = { ...answerJudgedReview, diagnosis: evoDiagnosis };
