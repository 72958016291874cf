/** MPW-Bench's manifest: the model, the paper's setting, the results files and optionally the task file. */
import { z } from "zod";
import { judgeModelField, relativeFile } from "../../import/importer";

export const MPW_SETTINGS = ["A", "B-guidance", "B-fewshot", "C"] as const;
export type MpwSetting = (typeof MPW_SETTINGS)[number];

export const mpwManifestSchema = z.object({
  benchmark: z.literal("mpw"),
  model: z.string().trim().min(1, "model is required"),
  setting: z.enum(MPW_SETTINGS),
  results: z.array(relativeFile).min(1, "at least one results file is required"),
  tasks: relativeFile.optional(),
  agent: z.string().trim().min(1).optional(),
  benchmarkVersion: z.string().trim().min(1).default("v1"),
  judgeModel: judgeModelField,
});
