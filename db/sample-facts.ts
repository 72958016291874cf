/**
 * How the shared readers read a sample's fact figures (`sample_facts`, written only for a
 * benchmark whose tasks carry atomic facts): joined on the sample, and a sample without a
 * row read as covering nothing (no facts, no hit log), so every benchmark's samples answer the same fields.
 */
import { eq, sql, type SQLWrapper } from "drizzle-orm";
import type { SampleFactFigures } from "../lib/benchmarks/atomic-facts";
import { sampleFacts, samples } from "./schema";

/** The join condition: `.leftJoin(sampleFacts, factsOfSample)`. */
export const factsOfSample = eq(sampleFacts.sampleId, samples.id);

const orZero = (column: SQLWrapper) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);

/** The numeric figures, for selects, filters and sorts (a sample without a row: 0 or null, as it was written). */
export const factFigureSql = {
  hitLogCalls: orZero(sampleFacts.hitLogCalls),
  hits: orZero(sampleFacts.hits),
  factCount: orZero(sampleFacts.factCount),
  factsCovered: orZero(sampleFacts.factsCovered),
  fcr: sampleFacts.fcr,
  hitRate: orZero(sampleFacts.hitRate),
  compoundRate: sampleFacts.compoundRate,
};

/** The per-call series, null without a row: read them through `withFactSeries`. */
export const factSeriesColumns = {
  firstCoveredAt: sampleFacts.firstCoveredAt,
  newFactsByCall: sampleFacts.newFactsByCall,
  hitsByCall: sampleFacts.hitsByCall,
};

type FactSeries = Pick<SampleFactFigures, "firstCoveredAt" | "newFactsByCall" | "hitsByCall">;

/** A row's series, with a sample without a fact row reading as having none. */
export function withFactSeries<T extends { [K in keyof FactSeries]: FactSeries[K] | null }>(
  row: T,
): Omit<T, keyof FactSeries> & FactSeries {
  return {
    ...row,
    firstCoveredAt: row.firstCoveredAt ?? {},
    newFactsByCall: row.newFactsByCall ?? [],
    hitsByCall: row.hitsByCall ?? [],
  };
}
