/**
 * The only list of benchmarks. Every other list (the nav, the home page, the API's 404s,
 * the CLI's reports, compare, judges, taxonomies) is derived from it, and the compiler
 * checks that each id has its module.
 */
import { evoBrowseCompModule } from "./evobrowsecomp";
import { infoMosaicModule } from "./infomosaic";
import { mpwModule } from "./mpw";
import { qaModule } from "./qa";
import type { BenchmarkModule } from "./types";
import { webDetectiveModule } from "./webdetective";
import { wideSearchModule } from "./widesearch";

export const BENCHMARK_IDS = [
  "mpw",
  "widesearch",
  "webdetective",
  "evobrowsecomp",
  "infomosaic",
  "qa",
] as const;
export type BenchmarkId = (typeof BENCHMARK_IDS)[number];

export const BENCHMARKS: { readonly [Id in BenchmarkId]: BenchmarkModule<Id> } = {
  mpw: mpwModule,
  widesearch: wideSearchModule,
  webdetective: webDetectiveModule,
  evobrowsecomp: evoBrowseCompModule,
  infomosaic: infoMosaicModule,
  qa: qaModule,
};

export function isBenchmarkId(value: string): value is BenchmarkId {
  return (BENCHMARK_IDS as readonly string[]).includes(value);
}

/** The module of a benchmark id read from outside (a URL, a database row): throws on an unknown id. */
export function benchmarkModule(id: string): BenchmarkModule<BenchmarkId> {
  if (!isBenchmarkId(id)) throw new Error(`unknown benchmark "${id}"`);
  return BENCHMARKS[id];
}
