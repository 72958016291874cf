/** The stored WebDetective report (`aggregates.metrics`, split "overall"), parsed on read. */
import { storedGroundingShape } from "../grounding";
import { z } from "zod";
import { intervalSchema } from "../board";
import type { WebDetectiveReport } from "./metrics";

const ci = intervalSchema.nullable();
const level = z.enum(["high", "medium", "low"]);
const levels = z.object({ knowledge: level, goodRefusal: level, knowledgeUtilization: level });
const precisionRecall = z.object({ recall: z.number(), precision: z.number(), f1: z.number() });
const responses = z.object({ correct: z.number(), wrong: z.number(), refused: z.number() });

export const webDetectiveReportSchema = z.object({
  aggregate: z.object({
    knowledgeScore: z.number(),
    searchScore: z.number(),
    generationScore: z.number(),
    goodRefusalF1: z.number(),
    knowledgeUtilizationF1: z.number(),
    forgetRate: z.number(),
    leadAstrayRate: z.number(),
    pass1: z.number(),
    n: z.number(),
  }),
  ci: z.object({
    knowledgeScore: ci,
    searchScore: ci,
    generationScore: ci,
    goodRefusalF1: ci,
    knowledgeUtilizationF1: ci,
    forgetRate: ci,
    leadAstrayRate: ci,
    pass1: ci,
  }),
  counts: z.object({
    n: z.number(),
    sufficient: z.number(),
    insufficient: z.number(),
    attempted: z.number(),
    attemptedCorrect: z.number(),
    refused: z.number(),
    refusedInsufficient: z.number(),
    correctSufficient: z.number(),
    searchCredit: z.number(),
    sStar: z.number(),
    sStarForget: z.number(),
    sStarLeadAstray: z.number(),
    sStarUnknown: z.number(),
  }),
  goodRefusal: precisionRecall,
  knowledgeUtilization: precisionRecall,
  forgetShareOfS: z.number(),
  leadAstrayShareOfS: z.number(),
  emptyDenominators: z.array(z.object({ metric: z.string(), denominator: z.string() })),
  regions: z.object({ S: responses, I: responses }),
  levels,
  profile: z
    .object({
      id: z.string(),
      name: z.string(),
      pattern: levels,
      pass1: z.string().nullable(),
      examples: z.string(),
      failureMode: z.string(),
    })
    .nullable(),
  unjudged: z.number(),
  ...storedGroundingShape,
}) satisfies z.ZodType<WebDetectiveReport>;
