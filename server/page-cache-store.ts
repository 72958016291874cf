/**
 * The page cache's in-memory store, which cache-handler.mjs keeps on `globalThis` so that
 * the proxy and work outside any request reach the same one as Next's cache handler.
 * Absent until the handler's first use (and in `next dev`, which renders every page).
 */

/** A fresh cached page, as the proxy sends it. */
export interface CachedPublicPage {
  /** The HTML as UTF-8, encoded once, on the page's first use. */
  body: Buffer<ArrayBuffer>;
  /** Seconds the page stays fresh (the route's `revalidate`). */
  revalidate: number;
  /** Seconds after which a shared cache must not serve it even stale. */
  expire: number | undefined;
}

export interface PublicPageStore {
  /** The page cached for a path (a route under /public-cache) while it is fresh, else null. */
  freshPage(path: string, now: number): CachedPublicPage | null;
  /** Drops every cached page. */
  empty(): void;
}

const PAGE_CACHE = Symbol.for("seekboard.publicPageCache");

export function publicPageStore(): PublicPageStore | undefined {
  return (globalThis as { [PAGE_CACHE]?: PublicPageStore })[PAGE_CACHE];
}
