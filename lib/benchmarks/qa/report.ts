/** The stored QA report (`aggregates.metrics`, split "overall"), parsed on read. */
import { storedGroundingShape } from "../grounding";
import { z } from "zod";
import { intervalSchema } from "../board";
import type { CalibrationResult } from "./calibration";
import type { QaReport } from "./metrics";

export const calibrationResultSchema = z.object({
  error: z.number().nullable(),
  n: z.number(),
  // Null: equal-count bins; reports stored before them carry β (100).
  binSize: z.number().nullable(),
  norm: z.enum(["l2", "l1", "max"]),
  bins: z.array(
    z.object({
      n: z.number(),
      minConfidence: z.number(),
      maxConfidence: z.number(),
      meanConfidence: z.number(),
      accuracy: z.number(),
      counted: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<CalibrationResult>;

export const qaReportSchema = z.object({
  aggregate: z.object({
    accuracy: z.number().nullable(),
    calibrationError: z.number().nullable(),
    n: z.number(),
  }),
  accuracyCi: intervalSchema.nullable(),
  calibrationErrorCi: intervalSchema.nullable(),
  calibration: calibrationResultSchema,
  samples: z.number(),
  runs: z.number(),
  unjudged: z.number(),
  ...storedGroundingShape,
}) satisfies z.ZodType<QaReport>;
