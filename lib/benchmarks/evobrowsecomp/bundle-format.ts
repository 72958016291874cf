/**
 * EvoBrowseComp in the Seekboard bundle format v1 (`docs/bundle-format.md`): language,
 * setting, tool calls and the question's provenance under `benchmark`, and the manifest
 * of such a bundle, which must name the question version.
 */
import { z } from "zod";
import {
  commonSampleFields,
  countToolCalls,
  defineSeekboardFormat,
  type SeekboardBundleSample,
} from "../../bundle-format/sample";
import {
  confidence,
  count,
  sampleBaseShape,
  seekboardManifestShape,
} from "../../bundle-format/schema";

export const EVO_LANGUAGES = ["en", "zh"] as const;
export type EvoLanguage = (typeof EVO_LANGUAGES)[number];
export const EVO_SETTINGS = ["tool-based", "tool-free"] as const;
export type EvoSetting = (typeof EVO_SETTINGS)[number];
/** The paper's limit on tool calls per question (§3.1). */
export const EVO_DEFAULT_TOOL_CALL_LIMIT = 40;

export const evoBrowseCompFieldsSchema = z
  .strictObject({
    language: z.enum(EVO_LANGUAGES),
    setting: z.enum(EVO_SETTINGS),
    tool_call_limit: z
      .number()
      .int()
      .min(1)
      .default(EVO_DEFAULT_TOOL_CALL_LIMIT)
      .meta({ description: "The run's tool-call limit." }),
    tool_calls: count.nullish().meta({
      description: "Tool calls the agent made; when absent they are counted from messages.",
    }),
    domain: z
      .string()
      .nullish()
      .meta({ description: "The question's domain (one of the benchmark's nine)." }),
    hops: count.nullish().meta({ description: "Hop count of the question." }),
    fresh_evidence: z
      .boolean()
      .nullish()
      .meta({ description: "The question rests on fresh evidence." }),
    root_domains: count
      .nullish()
      .meta({ description: "Distinct root domains among the question's evidence sources." }),
    stated_confidence: confidence.optional(),
  })
  .meta({ description: "EvoBrowseComp per-sample fields (paper §2.3–2.4)." });

export const evoBrowseCompSampleSchema = z
  .strictObject({ ...sampleBaseShape, benchmark: evoBrowseCompFieldsSchema })
  .meta({ title: "EvoBrowseComp sample" });
export type EvoBrowseCompSampleLine = z.output<typeof evoBrowseCompSampleSchema>;

/** EvoBrowseComp regenerates its questions over time: a submission must name the version it ran on. */
export const evoBrowseCompManifestSchema = z.object({
  benchmark: z.literal("evobrowsecomp"),
  ...seekboardManifestShape,
  benchmarkVersion: z
    .string()
    .trim()
    .min(1, "benchmarkVersion is required: EvoBrowseComp's questions change between versions"),
});

export interface EvoBrowseCompDetail {
  language: EvoLanguage;
  setting: EvoSetting;
  toolCallLimit: number;
  /** From the line, else counted from `messages`; null when neither says. */
  toolCalls: number | null;
  /** Whether `toolCalls` was counted from the messages rather than given. */
  toolCallsCounted: boolean;
  domain: string | null;
  hops: number | null;
  freshEvidence: boolean | null;
  rootDomains: number | null;
  statedConfidence: number | null;
}

export type EvoBrowseCompBundleSample = SeekboardBundleSample<"evobrowsecomp", EvoBrowseCompDetail>;

export const evoBrowseCompFormat = defineSeekboardFormat({
  benchmark: "evobrowsecomp",
  sampleSchema: evoBrowseCompSampleSchema,
  manifestSchema: evoBrowseCompManifestSchema,
  toSample(line: EvoBrowseCompSampleLine, file, lineNumber): EvoBrowseCompBundleSample {
    const b = line.benchmark;
    const given = b.tool_calls ?? null;
    const counted = given === null && line.messages ? countToolCalls(line.messages) : null;
    return {
      ...commonSampleFields(line, file, lineNumber),
      benchmark: "evobrowsecomp",
      detail: {
        language: b.language,
        setting: b.setting,
        toolCallLimit: b.tool_call_limit,
        toolCalls: given ?? counted,
        toolCallsCounted: counted !== null,
        domain: b.domain ?? null,
        hops: b.hops ?? null,
        freshEvidence: b.fresh_evidence ?? null,
        rootDomains: b.root_domains ?? null,
        statedConfidence: b.stated_confidence ?? null,
      },
    };
  },
});

declare module "../../bundle-format/sample" {
  interface SeekboardSampleByBenchmark {
    evobrowsecomp: EvoBrowseCompBundleSample;
  }
}
