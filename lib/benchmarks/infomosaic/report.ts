/**
 * The stored InfoMosaic report (`aggregates.metrics`, split "overall"): the aggregate
 * with the diagnostics' figures (tool-call outcomes, accuracy by tool calls, the
 * tool-position heatmap) stored beside it. Parsed on read.
 */
import { storedGroundingShape } from "../grounding";
import { z } from "zod";
import { intervalSchema } from "../board";
import { INFOMOSAIC_DOMAINS } from "./formats";
import type {
  InfoMosaicReport,
  ToolCallBin,
  ToolOutcomeMix,
  ToolPositionHeatmap,
  toolOutcomeMix,
} from "./metrics";

export type InfoMosaicStoredReport = InfoMosaicReport & {
  toolOutcomes: ReturnType<typeof toolOutcomeMix>;
  byToolCalls: ToolCallBin[];
  heatmap: ToolPositionHeatmap;
};

const aggregate = {
  accuracy: z.number().nullable(),
  passRate: z.number().nullable(),
  n: z.number(),
};
const stats = z.object({
  ...aggregate,
  passRateN: z.number(),
  approximate: z.number(),
  accuracyCi: intervalSchema.nullable(),
  passRateCi: intervalSchema.nullable(),
});
const outcomes = z.object({
  "usage-error": z.number(),
  "selection-error": z.number(),
  "invalid-result": z.number(),
  "valid-result": z.number(),
});
const mix = z.object({
  counts: outcomes,
  shares: outcomes,
  total: z.number(),
  unanswered: z.number(),
}) satisfies z.ZodType<ToolOutcomeMix>;
/** Domain-keyed figures: only the domains present. */
const byDomain = <T extends z.ZodType>(value: T) =>
  z.partialRecord(z.enum(INFOMOSAIC_DOMAINS), value);

export const infoMosaicReportSchema = z.object({
  aggregate: z.object(aggregate),
  overall: stats,
  byDomain: byDomain(stats),
  toolOutcomes: z.object({ overall: mix, byDomain: byDomain(mix) }),
  byToolCalls: z.array(
    z.object({
      from: z.number(),
      to: z.number().nullable(),
      n: z.number(),
      accuracy: z.number().nullable(),
      passRate: z.number().nullable(),
      passRateN: z.number(),
    }),
  ),
  heatmap: z.object({
    tools: z.array(z.string()),
    counts: z.array(z.array(z.number())),
    segmentTotals: z.array(z.number()),
    shares: z.array(z.array(z.number())),
  }),
  ...storedGroundingShape,
}) satisfies z.ZodType<InfoMosaicStoredReport>;
