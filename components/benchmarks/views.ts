/** The views of every benchmark, by id: pages dispatch through this record, never by a list of their own. */
import type { BenchmarkId } from "@/lib/benchmarks/registry";
import { evoBrowseCompViews } from "./evobrowsecomp";
import { infoMosaicViews } from "./infomosaic";
import { mpwViews } from "./mpw";
import { qaViews } from "./qa";
import { webDetectiveViews } from "./webdetective";
import { wideSearchViews } from "./widesearch";
import type { BenchmarkViews } from "./types";

export const BENCHMARK_VIEWS: { readonly [Id in BenchmarkId]: BenchmarkViews<Id> } = {
  mpw: mpwViews,
  widesearch: wideSearchViews,
  webdetective: webDetectiveViews,
  evobrowsecomp: evoBrowseCompViews,
  infomosaic: infoMosaicViews,
  qa: qaViews,
};
