/**
 * WebDetective in the Seekboard bundle format v1 (`docs/bundle-format.md`): each sample's
 * evidence chain and diagnostics under `benchmark`, and the manifest of such a bundle.
 */
import { z } from "zod";
import { BundleError } from "../../import/errors";
import {
  commonSampleFields,
  countToolCalls,
  defineSeekboardFormat,
  type SeekboardBundleSample,
} from "../../bundle-format/sample";
import { count, sampleBaseShape, seekboardManifestShape } from "../../bundle-format/schema";

export const webDetectiveEvidenceSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .min(1)
    .meta({ description: "Id of the evidence piece e_i (unique within the sample)." }),
  found_by_search: z.boolean().meta({ description: "The agent visited the page that holds e_i." }),
  probe_correct: z.boolean().nullable().meta({
    description:
      "Result of the parametric probe for e_i; null when not probed (e.g. found by search).",
  }),
  found_at_call: z.number().int().min(1).nullable().default(null).meta({
    description:
      "The 1-based tool call whose result held e_i (only with found_by_search); null or absent when the log does not say.",
  }),
});

export const webDetectiveFieldsSchema = z
  .strictObject({
    evidence: z
      .array(webDetectiveEvidenceSchema)
      .min(1)
      .meta({ description: "The evidence chain e_1..e_n of the task." }),
    refused: z.boolean().meta({ description: "The agent refused to answer." }),
    hops_used: count.meta({ description: "Search hops the agent used." }),
    hops_gt: z
      .number()
      .int()
      .min(1)
      .meta({ description: "Hops of the ground-truth reasoning chain." }),
    searched: z.boolean().meta({ description: "The agent performed at least one search." }),
    clean_evidence_correct: z.boolean().nullable().default(null).meta({
      description:
        "LM(q, E_found): whether the model answers correctly from the clean evidence it found; null when not tested.",
    }),
  })
  .meta({ description: "WebDetective per-sample diagnostics (paper §2.3, Appendix A.1)." });

export const webDetectiveSampleSchema = z
  .strictObject({ ...sampleBaseShape, benchmark: webDetectiveFieldsSchema })
  .meta({ title: "WebDetective sample" });
export type WebDetectiveSampleLine = z.output<typeof webDetectiveSampleSchema>;

export const webDetectiveManifestSchema = z.object({
  benchmark: z.literal("webdetective"),
  ...seekboardManifestShape,
  benchmarkVersion: z.string().trim().min(1).default("v1"),
});

export interface WebDetectiveEvidence {
  id: string;
  foundBySearch: boolean;
  probeCorrect: boolean | null;
  /** The 1-based tool call whose result held it; null when the bundle does not say. */
  foundAtCall: number | null;
}

export interface WebDetectiveDetail {
  evidence: WebDetectiveEvidence[];
  refused: boolean;
  hopsUsed: number;
  hopsGt: number;
  searched: boolean;
  cleanEvidenceCorrect: boolean | null;
}

export type WebDetectiveBundleSample = SeekboardBundleSample<"webdetective", WebDetectiveDetail>;

export const webDetectiveFormat = defineSeekboardFormat({
  benchmark: "webdetective",
  sampleSchema: webDetectiveSampleSchema,
  manifestSchema: webDetectiveManifestSchema,
  toSample(line: WebDetectiveSampleLine, file, lineNumber): WebDetectiveBundleSample {
    const b = line.benchmark;
    const seen = new Set<string>();
    b.evidence.forEach((e, i) => {
      if (seen.has(e.id))
        throw BundleError.at(
          file,
          lineNumber,
          `benchmark.evidence.${i}.id`,
          `evidence id "${e.id}" appears twice`,
        );
      seen.add(e.id);
    });
    // Counted only when a link names its call: reading the trajectory's calls costs a pass over it.
    const calls = b.evidence.some((e) => e.found_at_call !== null)
      ? countToolCalls(line.messages ?? [])
      : 0;
    b.evidence.forEach((e, i) => {
      if (e.found_at_call === null) return;
      const field = `benchmark.evidence.${i}.found_at_call`;
      if (!e.found_by_search)
        throw BundleError.at(
          file,
          lineNumber,
          field,
          `evidence "${e.id}" names the call that found it, but found_by_search is false`,
        );
      if (e.found_at_call > calls)
        throw BundleError.at(
          file,
          lineNumber,
          field,
          `evidence "${e.id}" was found at call ${e.found_at_call}, but the trajectory has ${calls} tool call${calls === 1 ? "" : "s"}`,
        );
    });
    if (b.refused && line.verdict === "correct") {
      throw BundleError.at(
        file,
        lineNumber,
        "benchmark.refused",
        'a refused sample has no answer, so its verdict cannot be "correct"',
      );
    }
    return {
      ...commonSampleFields(line, file, lineNumber),
      benchmark: "webdetective",
      detail: {
        evidence: b.evidence.map((e) => ({
          id: e.id,
          foundBySearch: e.found_by_search,
          probeCorrect: e.probe_correct,
          foundAtCall: e.found_at_call,
        })),
        refused: b.refused,
        hopsUsed: b.hops_used,
        hopsGt: b.hops_gt,
        searched: b.searched,
        cleanEvidenceCorrect: b.clean_evidence_correct,
      },
    };
  },
});

declare module "../../bundle-format/sample" {
  interface SeekboardSampleByBenchmark {
    webdetective: WebDetectiveBundleSample;
  }
}
