/** WebDetective's part of the export (lib/export/bundle.ts): the evidence chain and diagnostics, back under `benchmark`. */
import type { SeekboardExport } from "../../export/bundle";
import type { WebDetectiveSampleLine } from "./bundle-format";
import { webDetectiveStoredSampleSchema } from "./stored";

export const webDetectiveExport: SeekboardExport = {
  manifestFields: (storedVersion) => ({ benchmarkVersion: storedVersion }),
  benchmarkFields(metrics): WebDetectiveSampleLine["benchmark"] {
    const m = webDetectiveStoredSampleSchema.parse(metrics);
    // A re-evaluation can judge a refusal correct; the format refuses such a line (lib/benchmarks/webdetective/bundle-format.ts).
    if (m.refused && m.verdict === "correct")
      throw new Error(
        'a refused sample judged "correct" (by a re-evaluation) cannot be written: the bundle format refuses that verdict for a refusal',
      );
    return {
      evidence: m.evidence.map((e) => ({
        id: e.id,
        found_by_search: e.foundBySearch,
        probe_correct: e.probeCorrect,
        found_at_call: e.foundAtCall,
      })),
      refused: m.refused,
      hops_used: m.hopsUsed,
      hops_gt: m.hopsGt,
      searched: m.searched,
      clean_evidence_correct: m.cleanEvidenceCorrect,
    };
  },
};
