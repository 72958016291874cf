/** WebDetective's diagnosis: the evidence links not found, the region and the hops; a link's call, when its bundle names it (`found_at_call`), is marked on that call. */
import {
  answerItems,
  answerJudgedReview,
  plural,
  trajectoryItems,
  type CallMark,
  type DiagnosisItem,
  type ReviewedSample,
  type TrajectoryReview,
} from "../review";
import { webDetectiveStoredSampleSchema } from "./stored";

export function webDetectiveDiagnosis(sample: ReviewedSample): { items: DiagnosisItem[] } {
  const items: DiagnosisItem[] = [];
  const m = webDetectiveStoredSampleSchema.safeParse(sample.metrics ?? {});
  if (m.success) {
    const d = m.data;
    for (const e of d.evidence) {
      if (e.foundAtCall !== null)
        items.push({
          text: `evidence link ${e.id} found at call ${e.foundAtCall}`,
          callIndex: e.foundAtCall,
        });
    }
    for (const e of d.evidence.filter((e) => !e.foundBySearch)) {
      items.push({
        text: `evidence link ${e.id} not found by search${e.probeCorrect === true ? " (known: the probe answered it)" : e.probeCorrect === false ? " and the probe got it wrong" : " (not probed)"}`,
        callIndex: null,
      });
    }
    items.push({
      text:
        d.region === "S"
          ? "region S: knowledge sufficient"
          : `region I: knowledge insufficient (missing ${d.missingEvidence.join(", ") || "—"})`,
      callIndex: null,
    });
    if (d.refused) items.push({ text: "refused to answer", callIndex: null });
    if (d.hopsUsed !== d.hopsGt)
      items.push({
        text: `${plural(d.hopsUsed, "hop")} used, ${d.hopsGt} in the ground truth`,
        callIndex: null,
      });
    if (d.degradation === "lead-astray")
      items.push({
        text: "lead astray: right from the clean evidence it found, wrong in the run",
        callIndex: null,
      });
    if (d.degradation === "forget")
      items.push({ text: "forget: wrong even from the clean evidence it found", callIndex: null });
  }
  items.push(...trajectoryItems(sample));
  // A refusal already says there is no answer.
  if (!(m.success && m.data.refused)) items.push(...answerItems(sample));
  return { items };
}

/** The calls as every answer-judged benchmark reads them, each noting the evidence links its result held. */
function webDetectiveCalls(sample: ReviewedSample): CallMark[] {
  const m = webDetectiveStoredSampleSchema.safeParse(sample.metrics ?? {});
  const found = new Map<number, string[]>();
  if (m.success)
    for (const e of m.data.evidence)
      if (e.foundAtCall !== null)
        found.set(e.foundAtCall, [...(found.get(e.foundAtCall) ?? []), e.id]);
  return answerJudgedReview.calls(sample).map((mark) => {
    const ids = found.get(mark.call);
    return ids ? { ...mark, note: `found evidence ${ids.join(", ")}` } : mark;
  });
}

export const webDetectiveReview: TrajectoryReview = {
  ...answerJudgedReview,
  calls: webDetectiveCalls,
  diagnosis: webDetectiveDiagnosis,
};
