import "server-only";
/** WebDetective importer: Seekboard-format bundles, each sample's diagnostics computed and stored. */
import {
  commonStoredMetrics,
  countedToolCalls,
  seekboardImporter,
} from "../../bundle-format/ingest";
import { webDetectiveFormat, webDetectiveManifestSchema } from "./bundle-format";
import type { WebDetectiveStoredSample } from "./stored";
import { webDetectiveInputFromBundle, webDetectiveSampleMetrics } from "./metrics";

export const webDetectiveImporter = seekboardImporter({
  format: webDetectiveFormat,
  manifestSchema: webDetectiveManifestSchema,
  storedMetrics(sample): WebDetectiveStoredSample {
    const m = webDetectiveSampleMetrics(webDetectiveInputFromBundle(sample));
    const d = sample.detail;
    return {
      ...commonStoredMetrics(sample, null, countedToolCalls(sample)),
      evidence: d.evidence,
      refused: d.refused,
      hopsUsed: d.hopsUsed,
      hopsGt: d.hopsGt,
      searched: d.searched,
      cleanEvidenceCorrect: d.cleanEvidenceCorrect,
      knowledgeSufficient: m.knowledgeSufficient,
      region: m.region,
      response: m.response,
      missingEvidence: m.missingEvidence,
      searchCredit: m.searchCredit,
      degradation: m.degradation,
    };
  },
});
