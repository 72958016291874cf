/**
 * proxy.ts: which requests get the public pages' validator, when a revalidation is a 304,
 * and that a request forwarded by a TLS proxy goes on to its own route unchanged.
 */
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "../proxy";
import { notePublicDataVersion, publicPageETag } from "../server/public-data-version";

const request = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(new URL(path, "http://127.0.0.1:3000"), { headers });

describe("proxy", () => {
  it("gives no validator before the public data version is read, then one that moves with it", () => {
    expect(proxy(request("/b/mpw")).headers.get("etag")).toBeNull();
    notePublicDataVersion(3);
    const etag = publicPageETag()!;
    expect(etag).toMatch(/^W\/".+-3"$/);
    const page = proxy(request("/b/mpw?setting=C"));
    expect(page.status).toBe(200);
    expect(page.headers.get("x-middleware-next")).toBe("1");
    expect(page.headers.get("etag")).toBe(etag);
    expect(page.headers.get("cache-control")).toBe("public, no-cache");
    // A late read of an older version never moves it back.
    notePublicDataVersion(2);
    expect(publicPageETag()).toBe(etag);
    notePublicDataVersion(4);
    expect(publicPageETag()).not.toBe(etag);
  });

  it("answers a revalidation with the current validator with a 304, any other with the page", () => {
    notePublicDataVersion(5);
    const etag = publicPageETag()!;
    const path = "/s/20/t/101?run=1";
    const fresh = proxy(request(path, { "if-none-match": `"other", ${etag.slice(2)}` }));
    expect(fresh.status).toBe(304);
    expect(fresh.headers.get("etag")).toBe(etag);
    expect(fresh.headers.get("x-middleware-next")).toBeNull();
    expect(proxy(request(path, { "if-none-match": "*" })).status).toBe(304);
    const stale = proxy(request(path, { "if-none-match": 'W/"old-4"' }));
    expect(stale.headers.get("x-middleware-next")).toBe("1");
    expect(stale.headers.get("etag")).toBe(etag);
  });

  it("never validates a session's page, a router fetch, another route or a POST", () => {
    notePublicDataVersion(6);
    const match = { "if-none-match": publicPageETag()! };
    for (const personal of [
      request("/b/mpw", { ...match, cookie: "sb_admin=x" }),
      request("/s/1/t/2", { ...match, cookie: "theme=dark; sb_uploader=y" }),
      request("/b/mpw", { ...match, "next-url": "/b/mpw" }),
      request("/b/mpw", { ...match, "sec-fetch-dest": "empty" }),
      request("/s/1", match),
      request("/b/mpw/analysis", match),
      new NextRequest(new URL("/b/mpw", "http://127.0.0.1:3000"), {
        method: "POST",
        headers: match,
      }),
    ]) {
      const response = proxy(personal);
      expect(response.headers.get("x-middleware-next")).toBe("1");
      expect(response.headers.get("etag")).toBeNull();
    }
  });

  it("lets a request forwarded over https through to its own route, with the address it asked for", () => {
    const forwarded = proxy(
      request("/b/mpw?setting=C", {
        "x-forwarded-proto": "https",
        "x-forwarded-host": "seekboard.example",
      }),
    );
    expect(forwarded.headers.get("x-middleware-next")).toBe("1");
    expect(forwarded.headers.get("x-middleware-rewrite")).toBeNull();
    expect(forwarded.headers.get("x-middleware-request-x-seekboard-request-url")).toBe(
      "/b/mpw?setting=C",
    );
  });

  it("refuses an address that is not valid percent-encoding", () => {
    expect(proxy(request("/api/s/%ZZ/samples")).status).toBe(400);
    expect(proxy(request("/s/%E2%82/t/1")).status).toBe(404);
  });
});
