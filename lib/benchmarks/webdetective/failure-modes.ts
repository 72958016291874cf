/**
 * WebDetective's failure modes: its knowledge regions (S: every evidence piece found by
 * search or known, I: not) crossed with the response (wrong, refused), and the degradation
 * it tells from the clean-evidence probe (lead astray, forget), all from the stored figures.
 */
import type { FailureModeRules } from "../failure-modes";
import { webDetectiveStoredSampleSchema } from "./stored";

export const webDetectiveFailureModes: FailureModeRules = {
  modes: [
    { id: "sufficient-wrong", label: "region S, wrong: knowledge not used" },
    { id: "sufficient-refused", label: "region S, refused: knowledge sufficient" },
    { id: "insufficient-wrong", label: "region I, wrong instead of refusing" },
    { id: "insufficient-refused", label: "region I, refused (good refusal)" },
    { id: "lead-astray", label: "lead astray: right from the clean evidence" },
    { id: "forget", label: "forget: wrong from the clean evidence too" },
  ],
  classify: (sample) => {
    const m = webDetectiveStoredSampleSchema.safeParse(sample.metrics ?? {});
    if (!m.success) return [];
    const { region, response, degradation } = m.data;
    const sufficient = region === "S";
    return [
      ...(response === "wrong" ? [sufficient ? "sufficient-wrong" : "insufficient-wrong"] : []),
      ...(response === "refused"
        ? [sufficient ? "sufficient-refused" : "insufficient-refused"]
        : []),
      ...(degradation === "lead-astray" || degradation === "forget" ? [degradation] : []),
    ];
  },
};
