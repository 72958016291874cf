/** A board's two pages in the URL: `/b/<id>` (the leaderboard) and `/b/<id>/analysis` (the diagnostics). Pure. */
import type { RawSearchParams } from "./search-params";

export type BoardPage = "leaderboard" | "diagnostics";

/**
 * The address a board page was asked for (its path and query), which the proxy sets on
 * every request it sees, over whatever the client sent. A not-found UI gets no props, so
 * the boards' (app/b/[benchmark]/not-found.tsx) reads it to name the unknown value; it is
 * only ever checked again, never trusted.
 */
export const REQUEST_URL_HEADER = "x-seekboard-request-url";

export function boardPagePath(benchmark: string, page: BoardPage): string {
  return page === "leaderboard" ? `/b/${benchmark}` : `/b/${benchmark}/analysis`;
}

/** The benchmark segment and page of a board page's path, or null for any other path. */
export function boardPageOf(path: string): { benchmark: string; page: BoardPage } | null {
  const match = /^\/b\/([^/]+)(\/analysis)?$/.exec(path);
  return match ? { benchmark: match[1], page: match[2] ? "diagnostics" : "leaderboard" } : null;
}

/** The query of a link to the same view with one parameter set to `value`, the others kept (empty ones dropped). */
export function withParam(search: RawSearchParams, param: string, value: string): string {
  const next = new URLSearchParams();
  for (const [key, values] of Object.entries(search)) {
    if (key === param) continue;
    for (const v of [values ?? []].flat()) if (v !== "") next.append(key, v);
  }
  next.set(param, value);
  return `?${next.toString()}`;
}
