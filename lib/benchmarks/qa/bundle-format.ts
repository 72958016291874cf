/**
 * Generic BrowseComp-style QA in the Seekboard bundle format v1 (`docs/bundle-format.md`):
 * an optional stated confidence under `benchmark`, and the manifest of such a bundle,
 * which names its dataset.
 */
import { z } from "zod";
import {
  commonSampleFields,
  defineSeekboardFormat,
  type SeekboardBundleSample,
} from "../../bundle-format/sample";
import { confidence, sampleBaseShape, seekboardManifestShape } from "../../bundle-format/schema";

export const qaFieldsSchema = z
  .strictObject({ stated_confidence: confidence.optional() })
  .meta({ description: "Fields of a generic BrowseComp-style QA sample." });

export const qaSampleSchema = z
  .strictObject({ ...sampleBaseShape, benchmark: qaFieldsSchema.optional() })
  .meta({ title: "BrowseComp-style QA sample" });
export type QaSampleLine = z.output<typeof qaSampleSchema>;

/** A generic QA set: `dataset` names it, so two sets never share a leaderboard. */
export const qaManifestSchema = z.object({
  benchmark: z.literal("qa"),
  ...seekboardManifestShape,
  dataset: z.string().trim().min(1, "dataset (the name of the QA set) is required"),
  benchmarkVersion: z.string().trim().min(1).default("v1"),
});

export interface QaDetail {
  statedConfidence: number | null;
}

export type QaBundleSample = SeekboardBundleSample<"qa", QaDetail>;

export const qaFormat = defineSeekboardFormat({
  benchmark: "qa",
  sampleSchema: qaSampleSchema,
  manifestSchema: qaManifestSchema,
  toSample: (line: QaSampleLine, file, lineNumber): QaBundleSample => ({
    ...commonSampleFields(line, file, lineNumber),
    benchmark: "qa",
    detail: { statedConfidence: line.benchmark?.stated_confidence ?? null },
  }),
});

declare module "../../bundle-format/sample" {
  interface SeekboardSampleByBenchmark {
    qa: QaBundleSample;
  }
}
