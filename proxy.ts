import { NextResponse, type NextRequest } from "next/server";
import { PUBLIC_CACHE_PREFIX, stateSegment } from "./lib/url/public-cache";

/** Cookies that make a page personal: the admin's session, an uploader's own pending submissions. */
const SESSION_COOKIES = ["sb_admin", "sb_uploader"];

/**
 * Serves public pages from the page cache: a page load (GET of the document) from a
 * visitor without a session is rewritten to the cached copy of its route
 * (app/public-cache), keyed by its canonical query; the address in the browser does not
 * change. Navigations inside the app stay on the route itself: the client router keys a
 * page by its search params, which the cached copy has moved into its path, so it would
 * keep showing the old state.
 */
export function proxy(request: NextRequest) {
  if (request.method !== "GET" && request.method !== "HEAD") return NextResponse.next();
  if (!isDocumentLoad(request) || SESSION_COOKIES.some((name) => request.cookies.has(name))) return NextResponse.next();
  const state = stateSegment(request.nextUrl.searchParams);
  if (state === null) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = `${PUBLIC_CACHE_PREFIX}${request.nextUrl.pathname}/${state}`;
  url.search = "";
  return NextResponse.rewrite(url);
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

export const config = {
  matcher: ["/b/:benchmark", "/s/:id/t/:task"],
};
