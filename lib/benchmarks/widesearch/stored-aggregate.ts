/** The aggregate WideSearch stores per submission × split: its board reads it. Client-safe (zod only). */
import { z } from "zod";

const interval = z.object({ lo: z.number(), hi: z.number() }).nullable();
const runStats = z.object({ avg: z.number(), max: z.number(), min: z.number() });

/** The aggregate stored per submission × split (`aggregates.metrics`). */
export const wideSearchStoredAggregateSchema = z.object({
  successAvg: z.number().nullable(),
  successPass: z.number().nullable(),
  rowF1Avg: z.number().nullable(),
  rowF1Max: z.number().nullable(),
  itemF1Avg: z.number().nullable(),
  itemF1Max: z.number().nullable(),
  rowPrecisionAvg: z.number().nullable(),
  rowRecallAvg: z.number().nullable(),
  itemPrecisionAvg: z.number().nullable(),
  itemRecallAvg: z.number().nullable(),
  n: z.number(),
  runs: z.number(),
  stats: z.record(z.string(), runStats).nullable(),
  runsPerTask: z.object({ min: z.number(), max: z.number() }),
  incompleteSamples: z.number(),
  ci: z.object({ successAvg: interval, rowF1Avg: interval, itemF1Avg: interval }),
  scaling: z.array(
    z.object({
      k: z.number(),
      successPass: z.number(),
      rowF1Max: z.number(),
      itemF1Max: z.number(),
    }),
  ),
  searchCalls: z.number().nullable(),
  browseCalls: z.number().nullable(),
});

export type WideSearchStoredAggregate = z.infer<typeof wideSearchStoredAggregateSchema>;
