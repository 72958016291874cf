import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_URL_HEADER } from "./lib/url/board-page";
import { isValidPathEncoding } from "./lib/url/decode";
import { publicPageETag } from "./server/public-data-version";

/** Cookies that make a page personal: the admin's session, an uploader's own pending submissions. */
const SESSION_COOKIES = ["sb_admin", "sb_uploader"];

/** The pages visitors load most, the same for every visitor: a leaderboard and a trajectory. */
const PUBLIC_PAGE = /^\/(b\/[^/]+|s\/[^/]+\/t\/[^/]+)$/;

/**
 * A public page may be stored by the browser and by shared caches, which must ask again
 * each time (a change shows at once); the question is answered from the validator alone.
 * No `Vary: Cookie` is needed (Next would drop it too): every use of a stored copy is
 * such a question, carrying the asker's cookies, and one with a session cookie is never
 * answered 304 but gets its own page, `private, no-store`.
 */
const PUBLIC_CACHE_CONTROL = "public, no-cache";

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
  const forwarded = NextResponse.next({ request: { headers } });
  const etag = isPublicPageLoad(request) ? publicPageETag() : null;
  if (etag === null) return forwarded;
  // Nothing visitors see has changed since the copy the client holds was sent (see server/public-data-version.ts).
  const caching = { etag, "cache-control": PUBLIC_CACHE_CONTROL };
  if (matchesETag(request.headers.get("if-none-match"), etag))
    return new NextResponse(null, { status: 304, headers: caching });
  for (const [name, value] of Object.entries(caching)) forwarded.headers.set(name, value);
  return forwarded;
}

/**
 * A visitor's page load of a public page: a GET of the document, not the client router's
 * fetch (Next strips its own `RSC` header before the proxy sees a request, but the
 * router's fetches still carry `Next-Url`, and a browser marks every fetch that is not a
 * page load with `Sec-Fetch-Dest`), without a session cookie, whose page is personal and
 * never cached.
 */
function isPublicPageLoad(request: NextRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (!PUBLIC_PAGE.test(request.nextUrl.pathname)) return false;
  const destination = request.headers.get("sec-fetch-dest");
  if (request.headers.has("next-url") || (destination !== null && destination !== "document"))
    return false;
  return !SESSION_COOKIES.some((name) => request.cookies.has(name));
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): a list of tags, or `*`. */
function matchesETag(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * The public pages, and every route with a segment Next decodes (for the encoding check).
 * Not the upload itself (`POST /api/submissions`): Next buffers a body the proxy sees, up
 * to proxyClientMaxBodySize (10 MB), and an upload may be larger.
 */
export const config = {
  matcher: [
    "/b/:path*",
    "/s/:path*",
    "/api/b/:path*",
    "/api/s/:path*",
    "/api/analysis/:path*",
    "/api/submissions/:id/:path*",
    "/api/tokens/:path*",
    "/api/jobs/:path*",
  ],
};
