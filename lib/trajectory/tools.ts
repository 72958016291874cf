/**
 * What a tool call does, told by the tool's name: harnesses name their tools differently
 * (Inspect's `web_search` and `web_browser_go`, WideSearch's `search_global` and
 * `text_browser_view`, `fetch`/`visit` elsewhere), and a reader wants each call to read as
 * a search with its query or as the opening of a page with its URL.
 */
import { assertNever } from "../assert-never";
import { argumentObject, queryOf } from "./react";

/**
 * `search`: the call sends a query to a search engine. `open`: the call opens or acts on a
 * web page. `other`: any other tool (a calculator, a code runner, an unnamed call).
 */
export type ToolKind = "search" | "open" | "other";

/**
 * Search tools: `search` and `websearch`, any name ending in `_search` (`web_search`,
 * `google_search`, `bing_search`, `tavily_search`) or starting with `search_` (`search_web`,
 * WideSearch's `search_global`). Case does not count.
 */
const SEARCH_NAME = /^(?:(?:web)?search|\w+_search|search_\w+)$/;

/**
 * Page tools: Inspect's `web_browser_*` (`web_browser_go` opens a URL; click, scroll, back act
 * on the page already open), `fetch`, `visit`, `browse`, `open_url`, names starting with
 * `fetch_` / `visit_` (`fetch_url`, `visit_page`) or ending in `_fetch` (`web_fetch`), and
 * WideSearch's `text_browser_view`. Case does not count.
 */
const OPEN_NAME =
  /^(?:web_browser_\w+|fetch|visit|browse|open_url|fetch_\w+|visit_\w+|\w+_fetch|text_browser_view)$/;

export function toolKind(name: string | null): ToolKind {
  if (name === null) return "other";
  const lower = name.toLowerCase();
  if (SEARCH_NAME.test(lower)) return "search";
  if (OPEN_NAME.test(lower)) return "open";
  return "other";
}

/** What a call's step shows in place of its raw text: its query, or the URL it opens. */
export interface CallReading {
  /** The search query; on other calls `arguments.query`, as before tools were told apart by name. */
  query: string | null;
  /** The URL a page call opens (`arguments.url`), else null: page actions without one (click, scroll) have none. */
  url: string | null;
}

/**
 * A search's query is `arguments.query`, else its first string argument (`q`, `keywords`,
 * `search_term`, …); a page call has no query, and its URL is `arguments.url` when a string.
 * Any other call keeps `arguments.query` as its query.
 */
export function readCall(name: string | null, args: unknown): CallReading {
  const kind = toolKind(name);
  switch (kind) {
    case "search": {
      const query = queryOf(args);
      if (query !== null) return { query, url: null };
      const first = Object.values(argumentObject(args) ?? {}).find(
        (value) => typeof value === "string",
      );
      return { query: typeof first === "string" ? first : null, url: null };
    }
    case "open": {
      const url = argumentObject(args)?.url;
      return { query: null, url: typeof url === "string" && url.trim() !== "" ? url.trim() : null };
    }
    case "other":
      return { query: queryOf(args), url: null };
    default:
      return assertNever(kind);
  }
}
