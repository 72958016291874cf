/**
 * The public Seekboard bundle format, v1 (`docs/bundle-format.md`): JSONL, one sample
 * (one agent run on one task) per line, for benchmarks that publish no result format of
 * their own, plus the manifest that names such a bundle's files. This file holds the
 * fields every such benchmark shares; each benchmark's own fields, sample and manifest
 * schemas are in its module (`seekboardFormat`).
 *
 * The zod schemas are the single source of truth: `json-schema.ts` generates the
 * published JSON Schema (`public/schemas/seekboard-bundle.v1.json`) from them, and a test
 * checks the committed file equals the generated one. To keep them representable in JSON
 * Schema they hold no transforms; `sample.ts` maps parsed lines onto camelCase types.
 */
import { z } from "zod";
import { judgeModelField, relativeFile } from "../import/importer";
import {
  chatMessageSchema,
  messageTimestampSchema,
  messageUsageSchema,
} from "../trajectory/messages";

export const SEEKBOARD_FORMAT = "seekboard-v1" as const;

export const VERDICTS = ["correct", "incorrect"] as const;
export type Verdict = (typeof VERDICTS)[number] | null;

export const count = z.number().int().min(0);
export const confidence = z.number().min(0).max(100).nullable().meta({
  description:
    "Confidence the agent stated for its answer, in percent (0–100); null when it stated none.",
});

// ---------------------------------------------------------------- shared fields

export const judgeSchema = z
  .strictObject({
    output: z.string().nullish().meta({ description: "The judge's full output, verbatim." }),
    model: z.string().nullish().meta({ description: "The judge model." }),
    extracted_final_answer: z.string().nullish().meta({
      description:
        "The final answer the judge extracted from the response ('None' or null when there was none).",
    }),
    reasoning: z
      .string()
      .nullish()
      .meta({ description: "The judge's reasoning, when it is given apart from the output." }),
    confidence: confidence.optional().meta({
      description:
        "The confidence the judge extracted from the response, in percent (BrowseComp's grader writes 100 when the response states none).",
    }),
  })
  .meta({ description: "How the verdict was reached (BrowseComp grader fields)." });

export const usageSchema = z
  .strictObject({
    prompt_tokens: count.nullish(),
    completion_tokens: count.nullish(),
    cost_usd: z.number().min(0).nullish(),
    seconds: z
      .number()
      .min(0)
      .nullish()
      .meta({ description: "Wall-clock seconds of the whole run." }),
  })
  .meta({
    description:
      "Tokens, cost and wall time of the whole run; leave out what was not measured (it is shown as not reported, never as 0).",
  });

/** A trajectory message: OpenAI's chat message, with what its step took when it was measured. */
export const messageSchema = chatMessageSchema.extend({
  usage: messageUsageSchema.optional().meta({
    description:
      "This message's completion: prompt_tokens, completion_tokens (integers ≥ 0), cost_usd, seconds (numbers ≥ 0), all optional; other keys (total_tokens, …) are kept. Shown on the message's first step; never summed into the run's usage.",
  }),
  timestamp: messageTimestampSchema.optional().meta({
    description:
      "When the message was written: ISO 8601 with an offset, or Unix seconds. Without `usage.seconds`, a step's time is the time since the previous message's timestamp.",
  }),
});

/** The fields of every sample line; a benchmark adds its own under `benchmark`. */
export const sampleBaseShape = {
  task_id: z
    .string()
    .trim()
    .min(1)
    .meta({ description: "The benchmark's own id of the task, as a string." }),
  run: count
    .default(0)
    .meta({ description: "0-based run of this task (several runs per task are allowed)." }),
  question: z.string().min(1).meta({ description: "The question, verbatim." }),
  gold_answer: z
    .string()
    .nullable()
    .meta({ description: "The gold answer; null when the benchmark withholds it." }),
  prediction: z
    .string()
    .nullable()
    .meta({ description: "The agent's final answer; null when it gave none." }),
  verdict: z
    .enum(VERDICTS)
    .nullable()
    .meta({ description: "The benchmark judge's verdict; null when not judged." }),
  judge: judgeSchema.optional(),
  status: z.string().optional().meta({
    description: "Termination status, verbatim (e.g. finished, max_turns_reached, api_error).",
  }),
  messages: z
    .array(messageSchema)
    .optional()
    .meta({ description: "The trajectory as OpenAI chat messages (with tool_calls)." }),
  trajectory: z.record(z.string(), z.unknown()).optional().meta({
    description:
      "The trajectory as an ATIF object (schema_version ATIF-v1.0 … ATIF-v1.7), in place of messages.",
  }),
  trajectory_file: z.string().min(1).optional().meta({
    description: "A file in the bundle holding the trajectory as ATIF, in place of messages.",
  }),
  usage: usageSchema.optional(),
  metadata: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: "Anything else, kept verbatim and not interpreted." }),
};

// ---------------------------------------------------------------- manifest

/** The manifest fields of every bundle in this format; a benchmark adds its `benchmark` literal and version rule. */
export const seekboardManifestShape = {
  format: z.literal(SEEKBOARD_FORMAT).meta({ description: "Marks a bundle in this format." }),
  model: z.string().trim().min(1, "model is required"),
  agent: z.string().trim().min(1).optional(),
  setting: z
    .string()
    .trim()
    .min(1)
    .default("default")
    .meta({ description: "The agent configuration (free text)." }),
  results: z
    .array(relativeFile)
    .min(1, "at least one results file is required")
    .meta({ description: "JSONL files of samples, relative to the manifest." }),
  judgeModel: judgeModelField,
};
