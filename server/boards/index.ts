/** Every benchmark's board loaders, by id: the pages read through these, the views (components/benchmarks/views.ts) show what they read. */
import "server-only";
import { evoBrowseCompModule } from "@/lib/benchmarks/evobrowsecomp";
import { infoMosaicModule } from "@/lib/benchmarks/infomosaic";
import { qaModule } from "@/lib/benchmarks/qa";
import type { BenchmarkId } from "@/lib/benchmarks/registry";
import { webDetectiveModule } from "@/lib/benchmarks/webdetective";
import { mpwBoardLoaders } from "./mpw";
import { reportBoardLoaders } from "./report";
import type { BoardLoaders } from "./types";
import { wideSearchBoardLoaders } from "./widesearch";

const LOADERS = {
  mpw: mpwBoardLoaders,
  widesearch: wideSearchBoardLoaders,
  webdetective: reportBoardLoaders(webDetectiveModule),
  evobrowsecomp: reportBoardLoaders(evoBrowseCompModule),
  infomosaic: reportBoardLoaders(infoMosaicModule),
  qa: reportBoardLoaders(qaModule),
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
