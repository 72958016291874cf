import { describe, expect, it } from "vitest";
import { parseSerp, serpCandidate, serpSchema } from "./steps";

/** What the zod schema makes of a text: the reference `parseSerp` must equal. */
function viaSchema(text: string) {
  const value = serpCandidate(text);
  if (value === undefined) return null;
  const parsed = serpSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const entry = { id: 1, title: "T", content: "C", date: "2027-01-01" };
const cases: [string, unknown][] = [
  ["a full SERP", { search_query: "q", search_result: [entry, { ...entry, id: "2" }] }],
  ["no query", { search_result: [entry] }],
  ["an empty result list", { search_query: "q", search_result: [] }],
  ["missing title and content default to empty", { search_result: [{ id: 3 }, {}] }],
  ["unknown keys are dropped", { search_query: "q", extra: 1, search_result: [{ ...entry, url: "http://x", score: 0.5 }] }],
  ["a fractional id", { search_result: [{ id: 1.5 }] }],
  ["a query that is not a string", { search_query: 5, search_result: [] }],
  ["a null query", { search_query: null, search_result: [] }],
  ["no result list", { search_query: "q" }],
  ["a result list that is an object", { search_result: { 0: entry } }],
  ["an entry that is a string", { search_result: ["x"] }],
  ["an entry that is null", { search_result: [null] }],
  ["an entry that is an array", { search_result: [[1]] }],
  ["a null title", { search_result: [{ title: null }] }],
  ["a numeric content", { search_result: [{ content: 3 }] }],
  ["a boolean id", { search_result: [{ id: true }] }],
  ["a null id", { search_result: [{ id: null }] }],
  ["a numeric date", { search_result: [{ date: 20270101 }] }],
  ["an array at the top", [entry]],
  ["a __proto__ key", JSON.parse('{"__proto__": {"polluted": 1}, "search_result": [{"__proto__": 1, "title": "t"}]}')],
];

describe("parseSerp", () => {
  it.each(cases)("%s: the same result as serpSchema", (_label, value) => {
    const text = JSON.stringify(value);
    expect(parseSerp(text)).toStrictEqual(viaSchema(text));
  });

  it("reads a valid SERP, with defaults, and drops unknown keys", () => {
    expect(parseSerp(JSON.stringify({ search_query: "q", search_result: [{ id: 7, url: "u" }] }))).toStrictEqual({
      search_query: "q",
      search_result: [{ id: 7, title: "", content: "" }],
    });
  });

  it("texts that are not SERPs → null, like the schema", () => {
    for (const text of ["", "plain text", "  {broken", "[1, 2]", "{}", "null", '{"search_result": [1]}', "  {\"search_result\": []}  "]) {
      expect(parseSerp(text)).toStrictEqual(viaSchema(text));
    }
    expect(parseSerp("plain text")).toBeNull();
    expect(parseSerp('  {"search_result": []}  ')).toStrictEqual({ search_result: [] });
  });
});
