/** Every benchmark's board loaders, by id: the pages read through these, the views (components/benchmarks/views.ts) show what they read. */
import "server-only";
import { evoBrowseCompInfo } from "@/lib/benchmarks/evobrowsecomp/info";
import type { BenchmarkId } from "@/lib/benchmarks/info";
import { infoMosaicInfo } from "@/lib/benchmarks/infomosaic/info";
import { qaInfo } from "@/lib/benchmarks/qa/info";
import { webDetectiveInfo } from "@/lib/benchmarks/webdetective/info";
import { mpwBoardLoaders } from "./mpw";
import { reportBoardLoaders } from "./report";
import type { BoardLoaders } from "./types";
import { wideSearchBoardLoaders } from "./widesearch";

const LOADERS = {
  mpw: mpwBoardLoaders,
  widesearch: wideSearchBoardLoaders,
  webdetective: reportBoardLoaders(webDetectiveInfo),
  evobrowsecomp: reportBoardLoaders(evoBrowseCompInfo),
  infomosaic: reportBoardLoaders(infoMosaicInfo),
  qa: reportBoardLoaders(qaInfo),
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
