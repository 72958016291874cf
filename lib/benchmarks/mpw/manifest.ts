/** MPW-Bench's manifest: the model, the paper's setting, the results files and optionally the task file. */
import { z } from "zod";
import { judgeModelField, relativeFile } from "../../import/importer";
import { MPW_SETTING_NOTES, SETTING_B_HELP } from "./setting";

export const MPW_SETTINGS = ["A", "B-guidance", "B-fewshot", "C"] as const;
export type MpwSetting = (typeof MPW_SETTINGS)[number];

export const mpwManifestSchema = z.object({
  benchmark: z.literal("mpw"),
  model: z.string().trim().min(1, "model is required"),
  setting: z.enum(MPW_SETTINGS, {
    error: (issue) =>
      issue.input === "B"
        ? SETTING_B_HELP
        : `expected one of ${MPW_SETTINGS.map((s) => `"${s}" (${MPW_SETTING_NOTES[s]})`).join(", ")}`,
  }),
  results: z.array(relativeFile).min(1, "at least one results file is required"),
  tasks: relativeFile.optional(),
  agent: z.string().trim().min(1).optional(),
  benchmarkVersion: z.string().trim().min(1).default("v1"),
  judgeModel: judgeModelField,
});
