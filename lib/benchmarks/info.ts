/**
 * The only list of benchmarks, and each one's client-safe half (names, compare profile, board,
 * standing rules, taxonomy, hints, review). A page, a client component or a pure lib/ function
 * that needs no importer, demo writer or judge reads this; the server registry (./registry.ts,
 * `server-only`) adds those on the same ids. The compiler checks that each id has its info.
 */
import { evoBrowseCompInfo } from "./evobrowsecomp/info";
import { infoMosaicInfo } from "./infomosaic/info";
import { mpwInfo } from "./mpw/info";
import { qaInfo } from "./qa/info";
import type { BenchmarkInfo } from "./types";
import { webDetectiveInfo } from "./webdetective/info";
import { wideSearchInfo } from "./widesearch/info";

export const BENCHMARK_IDS = [
  "mpw",
  "widesearch",
  "webdetective",
  "evobrowsecomp",
  "infomosaic",
  "qa",
] as const;
export type BenchmarkId = (typeof BENCHMARK_IDS)[number];

export const BENCHMARK_INFO: { readonly [Id in BenchmarkId]: BenchmarkInfo<Id> } = {
  mpw: mpwInfo,
  widesearch: wideSearchInfo,
  webdetective: webDetectiveInfo,
  evobrowsecomp: evoBrowseCompInfo,
  infomosaic: infoMosaicInfo,
  qa: qaInfo,
};

export function isBenchmarkId(value: string): value is BenchmarkId {
  return (BENCHMARK_IDS as readonly string[]).includes(value);
}

/** The info of a benchmark id read from outside (a URL, a database row): throws on an unknown id. */
export function benchmarkInfo(id: string): BenchmarkInfo<BenchmarkId> {
  if (!isBenchmarkId(id)) throw new Error(`unknown benchmark "${id}"`);
  return BENCHMARK_INFO[id];
}
