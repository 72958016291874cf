/**
 * Importer for the Seekboard bundle format v1 (`docs/bundle-format.md`), shared by the
 * benchmarks that use it: results files are read line by line; each line is a sample
 * (task, run, verdict, judge output, messages, benchmark fields). The verdict is the
 * bundle's; each benchmark computes its stored figures from the parsed sample.
 */
import { namedFiles } from "../import/bundle";
import { z } from "zod";
import { defineImporter, type BundleImporter } from "../import/importer";
import { bundleLines, parseJsonLine } from "../import/lines";
import { resolveAtifLine, trajectoryFilesOf } from "./atif-line";
import { bindHarborBundle, HARBOR_FORMAT } from "./harbor-bundle";
import { bindInspectBundle, INSPECT_FORMAT } from "./inspect-bundle";
import {
  SeekboardRowWriter,
  type SeekboardImporterSpec,
  type SeekboardManifestFields,
} from "./row-writer";
import { countToolCalls, type SeekboardBenchmark, type SeekboardSample } from "./sample";

export type { SeekboardImporterSpec, SeekboardManifestFields } from "./row-writer";

/** The stored figures every Seekboard-format benchmark shares (`samples.metrics`). */
export function commonStoredMetrics(
  sample: SeekboardSample,
  statedConfidence: number | null,
  toolCalls: number | null,
) {
  return {
    verdict: sample.verdict,
    statedConfidence,
    judgeConfidence: sample.judge?.confidence ?? null,
    judgeModel: sample.judge?.model ?? null,
    extractedFinalAnswer: sample.judge?.extractedFinalAnswer ?? null,
    toolCalls,
  };
}

/** Tool calls counted from the sample's messages; null when it has none. */
export function countedToolCalls(sample: SeekboardSample): number | null {
  return sample.messages ? countToolCalls(sample.messages) : null;
}

/**
 * A Seekboard-format benchmark's importer: its own bundles (`"format": "seekboard-v1"`),
 * and Inspect logs (`"format": "inspect"`, ./inspect-bundle.ts), whose samples become
 * lines of the same format.
 */
export function seekboardImporter<B extends SeekboardBenchmark, M extends SeekboardManifestFields>(
  spec: SeekboardImporterSpec<B, M>,
): BundleImporter {
  const lines = defineImporter({
    manifestSchema: spec.manifestSchema,
    storedVersion: spec.storedVersion,
    // ATIF trajectory files are part of the bundle's content: hashed and within its read budget.
    files: (root, manifest) => [
      ...namedFiles(root, manifest.results, "results"),
      ...trajectoryFilesOf(root, manifest.results),
    ],
    async read(root, manifest, sink, options, errors) {
      const writer = new SeekboardRowWriter(spec, sink);
      for (const { text, file, lineNumber } of bundleLines(
        root,
        manifest.results,
        "results",
        options,
      )) {
        await errors.check(() =>
          writer.write(
            spec.format.parse(
              resolveAtifLine(parseJsonLine(text, file, lineNumber), root, file, lineNumber),
              file,
              lineNumber,
            ),
          ),
        );
      }
      return { importNotes: spec.importNotes?.(manifest), judgeModel: writer.judges.mostFrequent };
    },
    noSamples: (manifest) => ({ file: manifest.results[0], message: "no samples in the bundle" }),
  });
  return {
    bind(raw, context) {
      const format = z.object({ format: z.string() }).safeParse(raw);
      if (format.success && format.data.format === INSPECT_FORMAT)
        return bindInspectBundle(spec, raw, context);
      if (format.success && format.data.format === HARBOR_FORMAT)
        return bindHarborBundle(spec, raw, context);
      return lines.bind(raw, context);
    },
  };
}
