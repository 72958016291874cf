/**
 * The page registry: every benchmark's board loaders and its views, by id. The pages read
 * through the loaders and hand what they read to the views, which only show it. The one
 * place outside a benchmark's own folders that names its pages' code.
 */
import "server-only";
import { evoBrowseCompViews } from "@/components/benchmarks/evobrowsecomp";
import { infoMosaicViews } from "@/components/benchmarks/infomosaic";
import { mpwViews } from "@/components/benchmarks/mpw";
import { qaViews } from "@/components/benchmarks/qa";
import type { BenchmarkViews } from "@/components/benchmarks/types";
import { webDetectiveViews } from "@/components/benchmarks/webdetective";
import { wideSearchViews } from "@/components/benchmarks/widesearch";
import { evoBrowseCompInfo } from "@/lib/benchmarks/evobrowsecomp/info";
import type { BenchmarkId } from "@/lib/benchmarks/info";
import { infoMosaicInfo } from "@/lib/benchmarks/infomosaic/info";
import { mpwInfo } from "@/lib/benchmarks/mpw/info";
import { qaInfo } from "@/lib/benchmarks/qa/info";
import { webDetectiveInfo } from "@/lib/benchmarks/webdetective/info";
import { wideSearchInfo } from "@/lib/benchmarks/widesearch/info";
import { boardLoaders, type BoardLoaders } from "./board";
import { mpwDiagnostics } from "./mpw/diagnostics";

const LOADERS = {
  // MPW's analysis page shows the paper's Figures 2 and 3, read by its own queries.
  mpw: { leaderboard: boardLoaders(mpwInfo).leaderboard, diagnostics: mpwDiagnostics },
  widesearch: boardLoaders(wideSearchInfo),
  webdetective: boardLoaders(webDetectiveInfo),
  evobrowsecomp: boardLoaders(evoBrowseCompInfo),
  infomosaic: boardLoaders(infoMosaicInfo),
  qa: boardLoaders(qaInfo),
} satisfies { readonly [Id in BenchmarkId]: BoardLoaders<unknown, unknown> };

/** What each benchmark's board pages get from their loaders: the views' props. */
export type BoardData = {
  readonly [Id in BenchmarkId]: {
    leaderboard: Awaited<ReturnType<(typeof LOADERS)[Id]["leaderboard"]>>;
    diagnostics: Awaited<ReturnType<(typeof LOADERS)[Id]["diagnostics"]>>;
  };
};

export const BOARD_LOADERS: {
  readonly [Id in BenchmarkId]: BoardLoaders<
    BoardData[Id]["leaderboard"],
    BoardData[Id]["diagnostics"]
  >;
} = LOADERS;

/** The views of every benchmark, by id: pages dispatch through this record, never by a list of their own. */
export const BENCHMARK_VIEWS: { readonly [Id in BenchmarkId]: BenchmarkViews<Id> } = {
  mpw: mpwViews,
  widesearch: wideSearchViews,
  webdetective: webDetectiveViews,
  evobrowsecomp: evoBrowseCompViews,
  infomosaic: infoMosaicViews,
  qa: qaViews,
};
