import "server-only";
/**
 * Each benchmark's whole module, server side (importer, demo writer, judges, export, stored
 * figures, on top of its info). The ids and the client-safe halves are in ./info.ts, re-exported
 * here so server code needs one import; a client component imports ./info.ts, never this.
 */
import { evoBrowseCompModule } from "./evobrowsecomp";
import { BENCHMARK_IDS, isBenchmarkId, type BenchmarkId } from "./info";
import { infoMosaicModule } from "./infomosaic";
import { mpwModule } from "./mpw";
import { qaModule } from "./qa";
import type { BenchmarkModule } from "./types";
import { webDetectiveModule } from "./webdetective";
import { wideSearchModule } from "./widesearch";

export { BENCHMARK_IDS, isBenchmarkId, type BenchmarkId };

export const BENCHMARKS: { readonly [Id in BenchmarkId]: BenchmarkModule<Id> } = {
  mpw: mpwModule,
  widesearch: wideSearchModule,
  webdetective: webDetectiveModule,
  evobrowsecomp: evoBrowseCompModule,
  infomosaic: infoMosaicModule,
  qa: qaModule,
};

/** The module of a benchmark id read from outside (a URL, a database row): throws on an unknown id. */
export function benchmarkModule(id: string): BenchmarkModule<BenchmarkId> {
  if (!isBenchmarkId(id)) throw new Error(`unknown benchmark "${id}"`);
  return BENCHMARKS[id];
}
