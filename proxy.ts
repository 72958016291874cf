import { NextResponse, type NextRequest } from "next/server";
import { publicPageStore, type CachedPublicPage } from "./server/page-cache-store";
import { REQUEST_URL_HEADER } from "./lib/url/board-page";
import { PAGE_CACHE_HEADER, PUBLIC_CACHE_PREFIX, stateSegment } from "./lib/url/public-cache";
import { isValidPathEncoding } from "./lib/url/decode";

/** Cookies that make a page personal: the admin's session, an uploader's own pending submissions. */
const SESSION_COOKIES = ["sb_admin", "sb_uploader"];

/** The routes with a cached copy (app/public-cache): a leaderboard and a trajectory; not the diagnostics page. */
const CACHED_ROUTE = /^\/(b\/[^/]+|s\/[^/]+\/t\/[^/]+)$/;

/**
 * Serves public pages from the page cache: a page load (GET of the document) from a
 * visitor without a session is rewritten to the cached copy of its route
 * (app/public-cache), keyed by its canonical query; the address in the browser does not
 * change. Navigations inside the app stay on the route itself: the client router keys a
 * page by its search params, which the cached copy has moved into its path, so it would
 * keep showing the old state. A page already cached and fresh is sent from here (see
 * cache-handler.mjs), the rest go on to the cached route, which Next serves or renders.
 */
export function proxy(request: NextRequest) {
  // Next decodes a dynamic route's segments before any route code runs and answers 500 when
  // one is not valid percent-encoding (`%ZZ`, a cut UTF-8 sequence): no such page, or a bad request.
  if (!isValidPathEncoding(request.nextUrl.pathname)) {
    if (request.nextUrl.pathname.startsWith("/api/"))
      return NextResponse.json(
        { error: "the address is not valid percent-encoding" },
        { status: 400 },
      );
    return NextResponse.rewrite(new URL("/_not-found", request.url), { status: 404 });
  }
  // Every request it sees carries the address asked for, set here over whatever the client
  // sent: a board page's 404 names the unknown value from it (app/b/[benchmark]/not-found.tsx).
  const headers = new Headers(request.headers);
  headers.set(REQUEST_URL_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const forwarded = { request: { headers } };
  if (
    (request.method !== "GET" && request.method !== "HEAD") ||
    !CACHED_ROUTE.test(request.nextUrl.pathname)
  )
    return NextResponse.next(forwarded);
  if (!isDocumentLoad(request) || SESSION_COOKIES.some((name) => request.cookies.has(name)))
    return NextResponse.next(forwarded);
  const state = stateSegment(request.nextUrl.searchParams);
  if (state === null) return NextResponse.next(forwarded);
  const path = `${PUBLIC_CACHE_PREFIX}${request.nextUrl.pathname}/${state}`;
  const page = publicPageStore()?.freshPage(path, Date.now());
  if (page) return cachedPageResponse(page);
  const url = request.nextUrl.clone();
  url.pathname = path;
  url.search = "";
  return NextResponse.rewrite(url, forwarded);
}

/**
 * A cached page with the headers Next gives one. Next compresses it on the way out: it
 * drops a proxy response's own Content-Encoding, so the body cannot be sent pre-compressed.
 */
function cachedPageResponse(page: CachedPublicPage): NextResponse {
  const staleFor = page.expire === undefined ? null : page.expire - page.revalidate;
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=utf-8",
    "cache-control":
      staleFor !== null && staleFor > 0
        ? `s-maxage=${page.revalidate}, stale-while-revalidate=${staleFor}`
        : `s-maxage=${page.revalidate}`,
    // As Next varies its pages: a shared cache must not answer the client router's RSC fetches with this HTML.
    vary: "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch",
    [PAGE_CACHE_HEADER]: "hit",
  };
  return new NextResponse(page.body, { headers });
}

/**
 * A document load, not the client router's fetch: Next strips its own `RSC` header
 * before the proxy sees a request, but the router's fetches still carry `Next-Url`, and
 * a browser marks every fetch that is not a page load with `Sec-Fetch-Dest`.
 */
function isDocumentLoad(request: NextRequest): boolean {
  const destination = request.headers.get("sec-fetch-dest");
  return !request.headers.has("next-url") && (destination === null || destination === "document");
}

/**
 * The page-cache routes, and every route with a segment Next decodes (for the encoding
 * check). Not the upload itself (`POST /api/submissions`): Next buffers a body the proxy
 * sees, up to proxyClientMaxBodySize (10 MB), and an upload may be larger.
 */
export const config = {
  matcher: [
    "/b/:path*",
    "/s/:path*",
    "/public-cache/:path*",
    "/api/b/:path*",
    "/api/s/:path*",
    "/api/analysis/:path*",
    "/api/submissions/:id/:path*",
    "/api/tokens/:path*",
    "/api/jobs/:path*",
  ],
};
