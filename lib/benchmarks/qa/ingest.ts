import "server-only";
/**
 * Generic QA importer: Seekboard-format bundles. A submission is stored under
 * `<dataset>@<version>`, so two QA sets never share tasks or a board.
 */
import {
  commonStoredMetrics,
  countedToolCalls,
  seekboardImporter,
} from "../../bundle-format/ingest";
import { qaFormat, qaManifestSchema } from "./bundle-format";
import { qaVersionKey, type QaStoredSample } from "./stored";

export const qaImporter = seekboardImporter({
  format: qaFormat,
  manifestSchema: qaManifestSchema,
  storedVersion: (manifest) => qaVersionKey(manifest.dataset, manifest.benchmarkVersion),
  importNotes: (manifest) => ({ dataset: manifest.dataset }),
  storedMetrics: (sample): QaStoredSample =>
    commonStoredMetrics(sample, sample.detail.statedConfidence, countedToolCalls(sample)),
});
