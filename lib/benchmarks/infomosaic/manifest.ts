/**
 * InfoMosaic-Bench's manifest: the release's evaluation files (`{domain}_eval.jsonl`, one
 * per domain, as `output/{agent}/{llm}/` holds them), optionally the gold file
 * (`info_mosaic_gt_answer.jsonl`) to fill testcases an evaluation line lacks. The setting
 * is given, or derived from the release's agent name (`agent_w_web_tool` → web-only,
 * `agent_w_multi_tool` → domain-tool, `agent_wo_tool` → no-tool).
 */
import { z } from "zod";
import { judgeModelField, relativeFile } from "../../import/importer";
import { INFOMOSAIC_AGENT_SETTINGS } from "./formats";

export const INFOMOSAIC_SETTINGS = ["web-only", "domain-tool", "no-tool"] as const;

export const infoMosaicManifestSchema = z
  .object({
    benchmark: z.literal("infomosaic"),
    model: z.string().trim().min(1, "model is required"),
    agent: z.string().trim().min(1).optional(),
    setting: z.enum(INFOMOSAIC_SETTINGS).optional(),
    benchmarkVersion: z.string().trim().min(1).default("v1"),
    gold: relativeFile.optional(),
    evaluations: z
      .array(relativeFile)
      .min(1, "at least one evaluation file ({domain}_eval.jsonl) is required"),
    judgeModel: judgeModelField,
  })
  .transform((m, ctx) => {
    const derived =
      m.agent && Object.hasOwn(INFOMOSAIC_AGENT_SETTINGS, m.agent)
        ? INFOMOSAIC_AGENT_SETTINGS[m.agent as keyof typeof INFOMOSAIC_AGENT_SETTINGS]
        : undefined;
    const setting = m.setting ?? derived;
    if (!setting) {
      ctx.addIssue({
        code: "custom",
        path: ["setting"],
        message: `setting is required (${INFOMOSAIC_SETTINGS.join(", ")}) unless agent is one of ${Object.keys(INFOMOSAIC_AGENT_SETTINGS).join(", ")}`,
      });
      return z.NEVER;
    }
    return { ...m, setting };
  });
