/**
 * The public Seekboard bundle format, v1 (`docs/bundle-format.md`): JSONL, one sample
 * (one agent run on one task) per line, for benchmarks that publish no result format of
 * their own — WebDetective, EvoBrowseComp and any BrowseComp-style QA set — plus the
 * manifest that names such a bundle's files.
 *
 * The zod schemas here are the single source of truth: `json-schema.ts` generates the
 * published JSON Schema (`public/schemas/seekboard-bundle.v1.json`) from them, and a test
 * checks the committed file equals the generated one. To keep them representable in JSON
 * Schema they hold no transforms; `parse.ts` maps parsed lines onto camelCase types.
 */
import { z } from "zod";
import { chatMessageSchema } from "../trajectory/messages";

export const SEEKBOARD_FORMAT = "seekboard-v1" as const;
export const SEEKBOARD_BENCHMARKS = ["webdetective", "evobrowsecomp", "qa"] as const;
export type SeekboardBenchmark = (typeof SEEKBOARD_BENCHMARKS)[number];

export const VERDICTS = ["correct", "incorrect"] as const;
export type Verdict = (typeof VERDICTS)[number] | null;

export const EVO_LANGUAGES = ["en", "zh"] as const;
export type EvoLanguage = (typeof EVO_LANGUAGES)[number];
export const EVO_SETTINGS = ["tool-based", "tool-free"] as const;
export type EvoSetting = (typeof EVO_SETTINGS)[number];
/** The paper's limit on tool calls per question (§3.1). */
export const EVO_DEFAULT_TOOL_CALL_LIMIT = 40;

const count = z.number().int().min(0);
const confidence = z
  .number()
  .min(0)
  .max(100)
  .nullable()
  .meta({ description: "Confidence the agent stated for its answer, in percent (0–100); null when it stated none." });

// ---------------------------------------------------------------- shared fields

export const judgeSchema = z
  .strictObject({
    output: z.string().nullish().meta({ description: "The judge's full output, verbatim." }),
    model: z.string().nullish().meta({ description: "The judge model." }),
    extracted_final_answer: z.string().nullish().meta({ description: "The final answer the judge extracted from the response ('None' or null when there was none)." }),
    reasoning: z.string().nullish().meta({ description: "The judge's reasoning, when it is given apart from the output." }),
    confidence: confidence.optional().meta({
      description: "The confidence the judge extracted from the response, in percent (BrowseComp's grader writes 100 when the response states none).",
    }),
  })
  .meta({ description: "How the verdict was reached (BrowseComp grader fields)." });

export const usageSchema = z
  .strictObject({
    prompt_tokens: count.nullish(),
    completion_tokens: count.nullish(),
    cost_usd: z.number().min(0).nullish(),
  })
  .meta({ description: "Tokens and cost of the whole run." });

const baseShape = {
  task_id: z.string().trim().min(1).meta({ description: "The benchmark's own id of the task, as a string." }),
  run: count.default(0).meta({ description: "0-based run of this task (several runs per task are allowed)." }),
  question: z.string().min(1).meta({ description: "The question, verbatim." }),
  gold_answer: z.string().nullable().meta({ description: "The gold answer; null when the benchmark withholds it." }),
  prediction: z.string().nullable().meta({ description: "The agent's final answer; null when it gave none." }),
  verdict: z.enum(VERDICTS).nullable().meta({ description: "The benchmark judge's verdict; null when not judged." }),
  judge: judgeSchema.optional(),
  status: z.string().optional().meta({ description: "Termination status, verbatim (e.g. finished, max_turns_reached, api_error)." }),
  messages: z.array(chatMessageSchema).optional().meta({ description: "The trajectory as OpenAI chat messages (with tool_calls)." }),
  usage: usageSchema.optional(),
  metadata: z.record(z.string(), z.unknown()).optional().meta({ description: "Anything else, kept verbatim and not interpreted." }),
};

// ---------------------------------------------------------------- per benchmark

export const webDetectiveEvidenceSchema = z.strictObject({
  id: z.string().trim().min(1).meta({ description: "Id of the evidence piece e_i (unique within the sample)." }),
  found_by_search: z.boolean().meta({ description: "The agent visited the page that holds e_i." }),
  probe_correct: z.boolean().nullable().meta({ description: "Result of the parametric probe for e_i; null when not probed (e.g. found by search)." }),
});

export const webDetectiveFieldsSchema = z
  .strictObject({
    evidence: z.array(webDetectiveEvidenceSchema).min(1).meta({ description: "The evidence chain e_1..e_n of the task." }),
    refused: z.boolean().meta({ description: "The agent refused to answer." }),
    hops_used: count.meta({ description: "Search hops the agent used." }),
    hops_gt: z.number().int().min(1).meta({ description: "Hops of the ground-truth reasoning chain." }),
    searched: z.boolean().meta({ description: "The agent performed at least one search." }),
    clean_evidence_correct: z
      .boolean()
      .nullable()
      .default(null)
      .meta({ description: "LM(q, E_found): whether the model answers correctly from the clean evidence it found; null when not tested." }),
  })
  .meta({ description: "WebDetective per-sample diagnostics (paper §2.3, Appendix A.1)." });

export const evoBrowseCompFieldsSchema = z
  .strictObject({
    language: z.enum(EVO_LANGUAGES),
    setting: z.enum(EVO_SETTINGS),
    tool_call_limit: z.number().int().min(1).default(EVO_DEFAULT_TOOL_CALL_LIMIT).meta({ description: "The run's tool-call limit." }),
    tool_calls: count.nullish().meta({ description: "Tool calls the agent made; when absent they are counted from messages." }),
    domain: z.string().nullish().meta({ description: "The question's domain (one of the benchmark's nine)." }),
    hops: count.nullish().meta({ description: "Hop count of the question." }),
    fresh_evidence: z.boolean().nullish().meta({ description: "The question rests on fresh evidence." }),
    root_domains: count.nullish().meta({ description: "Distinct root domains among the question's evidence sources." }),
    stated_confidence: confidence.optional(),
  })
  .meta({ description: "EvoBrowseComp per-sample fields (paper §2.3–2.4)." });

export const qaFieldsSchema = z
  .strictObject({ stated_confidence: confidence.optional() })
  .meta({ description: "Fields of a generic BrowseComp-style QA sample." });

export const webDetectiveSampleSchema = z.strictObject({ ...baseShape, benchmark: webDetectiveFieldsSchema }).meta({ title: "WebDetective sample" });
export const evoBrowseCompSampleSchema = z.strictObject({ ...baseShape, benchmark: evoBrowseCompFieldsSchema }).meta({ title: "EvoBrowseComp sample" });
export const qaSampleSchema = z.strictObject({ ...baseShape, benchmark: qaFieldsSchema.optional() }).meta({ title: "BrowseComp-style QA sample" });

export const SAMPLE_SCHEMAS = {
  webdetective: webDetectiveSampleSchema,
  evobrowsecomp: evoBrowseCompSampleSchema,
  qa: qaSampleSchema,
} as const;

export type WebDetectiveSampleLine = z.output<typeof webDetectiveSampleSchema>;
export type EvoBrowseCompSampleLine = z.output<typeof evoBrowseCompSampleSchema>;
export type QaSampleLine = z.output<typeof qaSampleSchema>;

// ---------------------------------------------------------------- manifest

const relativeFile = z.string().min(1, "must name a file in the bundle");

const manifestShape = {
  format: z.literal(SEEKBOARD_FORMAT).meta({ description: "Marks a bundle in this format." }),
  model: z.string().trim().min(1, "model is required"),
  agent: z.string().trim().min(1).optional(),
  setting: z.string().trim().min(1).default("default").meta({ description: "The agent configuration (free text)." }),
  results: z.array(relativeFile).min(1, "at least one results file is required").meta({ description: "JSONL files of samples, relative to the manifest." }),
};

export const webDetectiveManifestSchema = z.object({
  benchmark: z.literal("webdetective"),
  ...manifestShape,
  benchmarkVersion: z.string().trim().min(1).default("v1"),
});

/** EvoBrowseComp regenerates its questions over time: a submission must name the version it ran on. */
export const evoBrowseCompManifestSchema = z.object({
  benchmark: z.literal("evobrowsecomp"),
  ...manifestShape,
  benchmarkVersion: z.string().trim().min(1, "benchmarkVersion is required: EvoBrowseComp's questions change between versions"),
});

/** A generic QA set: `dataset` names it, so two sets never share a leaderboard. */
export const qaManifestSchema = z.object({
  benchmark: z.literal("qa"),
  ...manifestShape,
  dataset: z.string().trim().min(1, "dataset (the name of the QA set) is required"),
  benchmarkVersion: z.string().trim().min(1).default("v1"),
});

export const SEEKBOARD_MANIFEST_SCHEMAS = {
  webdetective: webDetectiveManifestSchema,
  evobrowsecomp: evoBrowseCompManifestSchema,
  qa: qaManifestSchema,
} as const;

export const seekboardManifestSchema = z.discriminatedUnion("benchmark", [webDetectiveManifestSchema, evoBrowseCompManifestSchema, qaManifestSchema]);

export type WebDetectiveManifest = z.output<typeof webDetectiveManifestSchema>;
export type EvoBrowseCompManifest = z.output<typeof evoBrowseCompManifestSchema>;
export type QaManifest = z.output<typeof qaManifestSchema>;
export type SeekboardManifest = z.output<typeof seekboardManifestSchema>;
