/**
 * Public pages served from Next's page cache. A visitor without a session sees the same
 * page as every other visitor, so the proxy rewrites such a page load to a cached copy
 * of the route whose last path segment holds the query string: the query in canonical
 * form (keys sorted, empty values dropped), so each view state is one cache entry
 * whatever order its keys came in, written in base64url so the segment
 * needs no escaping on its way through the router.
 */
import { rawSearchParams, type RawSearchParams } from "./search-params";

export const PUBLIC_CACHE_PREFIX = "/public-cache";
/** Marks a page the proxy sent straight from the page cache, without Next's page handler. */
export const PAGE_CACHE_HEADER = "x-seekboard-page-cache";
/** The segment of the state with no parameters (a path segment cannot be empty). */
export const EMPTY_STATE = "-";
/** Longer queries are not view states anyone links to; they are rendered, not cached. */
export const MAX_STATE_LENGTH = 180;

/** The cache key segment of a query, or null when it should not be cached. */
export function stateSegment(search: URLSearchParams): string | null {
  // Keys sorted, a repeated key's values kept in their order: the views read the first one.
  const pairs = [...search.entries()]
    .filter(([, value]) => value !== "")
    .sort(([a], [b]) => compare(a, b));
  const query = new URLSearchParams(pairs).toString();
  if (query.length > MAX_STATE_LENGTH) return null;
  return query === "" ? EMPTY_STATE : toBase64Url(query);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The search params a state segment stands for (the inverse of `stateSegment`), or null for a segment it cannot have made. */
export function searchParamsOfState(segment: string): RawSearchParams | null {
  const query = segment === EMPTY_STATE ? "" : fromBase64Url(segment);
  return query === null ? null : rawSearchParams(new URLSearchParams(query));
}

function toBase64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) =>
    String.fromCharCode(byte),
  ).join("");
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  try {
    const binary = atob(segment.replaceAll("-", "+").replaceAll("_", "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
  } catch {
    return null;
  }
}
