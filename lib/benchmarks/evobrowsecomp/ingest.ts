import "server-only";
/** EvoBrowseComp importer: Seekboard-format bundles; the task's domain and language come from each sample. */
import { commonStoredMetrics, seekboardImporter } from "../../bundle-format/ingest";
import { evoBrowseCompFormat, evoBrowseCompManifestSchema } from "./bundle-format";
import type { EvoStoredSample } from "./stored";
import { evoInputFromBundle, exceededToolLimit } from "./metrics";

export const evoBrowseCompImporter = seekboardImporter({
  format: evoBrowseCompFormat,
  manifestSchema: evoBrowseCompManifestSchema,
  storedMetrics(sample): EvoStoredSample {
    const d = sample.detail;
    return {
      ...commonStoredMetrics(sample, d.statedConfidence, d.toolCalls),
      language: d.language,
      setting: d.setting,
      toolCallLimit: d.toolCallLimit,
      toolCallsCounted: d.toolCallsCounted,
      domain: d.domain,
      hops: d.hops,
      freshEvidence: d.freshEvidence,
      rootDomains: d.rootDomains,
      exceeded: d.setting === "tool-based" ? exceededToolLimit(evoInputFromBundle(sample)) : null,
    };
  },
  taskFields: (sample) => ({ category: sample.detail.domain, language: sample.detail.language }),
});
