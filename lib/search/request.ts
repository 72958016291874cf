/** A search across trajectories as its URL gives it (`/api/search`, the board's search page). Pure. */
import { parseFilter, type FilterClause } from "../filter/parse";

export interface SearchRequest {
  benchmark: string;
  q: string;
  clauses: FilterClause[];
  version: string | null;
  dataset: string | null;
  submissionIds: number[];
  page: number;
}

export interface SearchRequestError {
  field: "benchmark" | "q" | "s" | "page";
  /** 0-based, in `q`; 0 for the other parameters. */
  position: number;
  message: string;
}

/** Reads `URLSearchParams`-like parameters: each name's values, in order. */
interface Params {
  get(name: string): string | null;
  getAll(name: string): string[];
}

/** Most submissions one search names (`s=` repeated). */
export const MAX_SEARCH_SUBMISSIONS = 50;

export function parseSearchRequest(
  params: Params,
): { ok: true; request: SearchRequest } | { ok: false; error: SearchRequestError } {
  const fail = (field: SearchRequestError["field"], message: string, position = 0) => ({
    ok: false as const,
    error: { field, position, message },
  });
  const benchmark = params.get("benchmark") ?? "";
  if (benchmark === "") return fail("benchmark", "benchmark=<id> is required");
  const q = params.get("q") ?? "";
  const parsed = parseFilter(q);
  if (!parsed.ok) return fail("q", parsed.error.message, parsed.error.position);
  if (!parsed.clauses.some((c) => c.field === "step" && !c.negated))
    return fail(
      "q",
      'at character 1: name what to find in the steps: text:"…", query:"…", result:"…" or answer:"…"',
    );
  const ids = params.getAll("s");
  if (ids.some((id) => !/^\d{1,9}$/.test(id)))
    return fail("s", "s=<submission id> must be a number");
  if (ids.length > MAX_SEARCH_SUBMISSIONS)
    return fail("s", `at most ${MAX_SEARCH_SUBMISSIONS} submissions (s=) a search`);
  const rawPage = params.get("page") ?? "1";
  if (!/^\d{1,6}$/.test(rawPage) || Number(rawPage) < 1)
    return fail("page", "page must be a number from 1");
  return {
    ok: true,
    request: {
      benchmark,
      q,
      clauses: parsed.clauses,
      version: params.get("version") || null,
      dataset: params.get("dataset") || null,
      submissionIds: [...new Set(ids.map(Number))],
      page: Number(rawPage),
    },
  };
}
