import { describe, expect, it } from "vitest";
import { readCall, toolKind } from "./tools";

describe("toolKind", () => {
  it("tells searches by name: search, websearch, *_search, search_*", () => {
    for (const name of [
      "search",
      "web_search",
      "google_search",
      "Bing_Search",
      "tavily_search",
      "websearch",
      "search_global",
      "search_web",
    ])
      expect(toolKind(name), name).toBe("search");
  });

  it("tells page calls by name: web_browser_*, fetch, visit, browse, open_url, fetch_*, visit_*, *_fetch, text_browser_view", () => {
    for (const name of [
      "web_browser_go",
      "web_browser_click",
      "web_browser_back",
      "fetch",
      "visit",
      "browse",
      "open_url",
      "fetch_url",
      "visit_page",
      "web_fetch",
      "text_browser_view",
      "WEB_BROWSER_GO",
    ])
      expect(toolKind(name), name).toBe("open");
  });

  it("anything else is another tool, a name that merely contains a word included", () => {
    for (const name of [
      null,
      "python",
      "calculator",
      "researcher",
      "fetcher",
      "visitor",
      "searching",
      "web_browser",
      "submit",
    ])
      expect(toolKind(name), String(name)).toBe("other");
  });
});

describe("readCall", () => {
  it("a search's query is arguments.query, else its first string argument", () => {
    expect(readCall("web_search", { query: "who won" })).toEqual({ query: "who won", url: null });
    expect(readCall("google_search", '{"q": "who won", "num": 5}')).toEqual({
      query: "who won",
      url: null,
    });
    expect(readCall("search", { num: 5, keywords: "who won" })).toEqual({
      query: "who won",
      url: null,
    });
    expect(readCall("web_search", { num: 5 })).toEqual({ query: null, url: null });
    expect(readCall("web_search", "not json")).toEqual({ query: null, url: null });
  });

  it("a page call opens arguments.url, has no query, and an action on the open page has no URL", () => {
    expect(readCall("web_browser_go", { url: "https://example.org/a" })).toEqual({
      query: null,
      url: "https://example.org/a",
    });
    expect(readCall("fetch", '{"url": " http://example.org ", "query": "q"}')).toEqual({
      query: null,
      url: "http://example.org",
    });
    expect(readCall("web_browser_click", { element_id: 12 })).toEqual({ query: null, url: null });
    expect(readCall("visit", { url: ["https://a.org", "https://b.org"], goal: "g" })).toEqual({
      query: null,
      url: null,
    });
    expect(readCall("visit", { url: "" })).toEqual({ query: null, url: null });
  });

  it("other calls keep arguments.query, as before tools were told apart", () => {
    expect(readCall("lookup", { query: "x" })).toEqual({ query: "x", url: null });
    expect(readCall("lookup", { q: "x", url: "https://example.org" })).toEqual({
      query: null,
      url: null,
    });
    expect(readCall(null, null)).toEqual({ query: null, url: null });
  });
});
