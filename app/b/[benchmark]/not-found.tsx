import { headers } from "next/headers";
import NotFound from "@/app/not-found";
import { getDb } from "@/db/client";
import { unknownBoardParam } from "@/db/queries/board-params";
import { isBenchmarkId } from "@/lib/benchmarks/registry";
import { boardPageOf, REQUEST_URL_HEADER } from "@/lib/url/board-page";
import { rawSearchParams } from "@/lib/url/search-params";
import { UnknownBoardParamNotice } from "./_views/UnknownBoardParamNotice";

/**
 * The 404 of a board page (./page.tsx, ./analysis/page.tsx). notFound() carries no reason
 * and a not-found UI gets no props, so this checks the address again, which the proxy
 * passes on (REQUEST_URL_HEADER): an unknown version, dataset, setting or split is named
 * with the values the board has; anything else (no such benchmark) is the site's 404.
 */
export default async function BoardNotFound() {
  const url = addressOf((await headers()).get(REQUEST_URL_HEADER));
  const board = url === null ? null : boardPageOf(url.pathname);
  if (url === null || board === null || !isBenchmarkId(board.benchmark)) return <NotFound />;
  const search = rawSearchParams(url.searchParams);
  const unknown = await unknownBoardParam(await getDb(), board.benchmark, board.page, search);
  return unknown ? (
    <UnknownBoardParamNotice
      id={board.benchmark}
      page={board.page}
      search={search}
      unknown={unknown}
    />
  ) : (
    <NotFound />
  );
}

/** The path and query the proxy passed on, as a URL to read (the base is never used for anything). */
function addressOf(header: string | null): URL | null {
  if (header === null || !header.startsWith("/")) return null;
  try {
    return new URL(header, "http://localhost");
  } catch {
    return null;
  }
}
