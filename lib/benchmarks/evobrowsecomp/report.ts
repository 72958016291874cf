/** The stored EvoBrowseComp report (`aggregates.metrics`, split "overall"), parsed on read. */
import { storedGroundingShape } from "../grounding";
import { z } from "zod";
import { EVO_LANGUAGES, EVO_SETTINGS } from "./bundle-format";
import { intervalSchema } from "../board";
import { calibrationResultSchema } from "../qa/report";
import type { EvoReport } from "./metrics";

const runSpread = {
  accuracy: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  std: z.number().nullable(),
  runs: z.array(
    z.object({ run: z.number(), samples: z.number(), correct: z.number(), accuracy: z.number() }),
  ),
  accuracyCi: intervalSchema.nullable(),
};

const exceedStats = {
  exceedRatio: z.number().nullable(),
  exceeded: z.number(),
  counted: z.number(),
  toolCallsUnknown: z.number(),
  exceedRatioCi: intervalSchema.nullable(),
};

export const evoReportSchema = z.object({
  aggregate: z.object({
    accuracy: z.number().nullable(),
    exceedRatio: z.number().nullable(),
    n: z.number(),
    runs: z.number(),
  }),
  overall: z.object({ ...runSpread, ...exceedStats }),
  cells: z.array(
    z.object({
      ...runSpread,
      ...exceedStats,
      language: z.enum(EVO_LANGUAGES),
      setting: z.enum(EVO_SETTINGS),
      samples: z.number(),
      tasks: z.number(),
    }),
  ),
  byLanguage: z.object({ en: z.object(runSpread), zh: z.object(runSpread) }),
  bySetting: z.object({
    "tool-based": z.object({ ...runSpread, ...exceedStats }),
    "tool-free": z.object({ ...runSpread, ...exceedStats }),
  }),
  calibration: calibrationResultSchema,
  benchmarkVersion: z.string().nullable(),
  samples: z.number(),
  unjudged: z.number(),
  ...storedGroundingShape,
}) satisfies z.ZodType<EvoReport>;
