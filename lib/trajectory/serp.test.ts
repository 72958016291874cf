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
  [
    "unknown keys are dropped",
    { search_query: "q", extra: 1, search_result: [{ ...entry, url: "http://x", score: 0.5 }] },
  ],
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
  [
    "a result list (Inspect-style)",
    [
      { title: "T", url: "https://x.org/a", snippet: "S" },
      { title: "U", url: "http://y.org", snippet: "V", date: "2027-01-01" },
    ],
  ],
  [
    "a result list with link / href and content / description",
    [
      { title: "T", link: "https://x.org", content: "C" },
      { href: "https://y.org", description: "D" },
    ],
  ],
  [
    "a result list whose url is null falls back to link",
    [{ url: null, link: "https://x.org", snippet: null, title: null, date: null }],
  ],
  [
    "a result list with unknown keys",
    [{ title: "T", url: "https://x.org", snippet: "S", score: 0.9, id: 4 }],
  ],
  ["an empty list", []],
  [
    "a result list with an entry lacking a url",
    [
      { title: "T", url: "https://x.org" },
      { title: "U", snippet: "no page" },
    ],
  ],
  ["a result list with a numeric url", [{ title: "T", url: 5 }]],
  ["a result list with a numeric snippet", [{ title: "T", url: "https://x.org", snippet: 5 }]],
  ["a result list with a string entry", [{ title: "T", url: "https://x.org" }, "x"]],
  ["a result list with a nested list", [[{ title: "T", url: "https://x.org" }]]],
  [
    "a __proto__ key",
    JSON.parse('{"__proto__": {"polluted": 1}, "search_result": [{"__proto__": 1, "title": "t"}]}'),
  ],
];

describe("parseSerp", () => {
  it.each(cases)("%s: the same result as serpSchema", (_label, value) => {
    const text = JSON.stringify(value);
    expect(parseSerp(text)).toStrictEqual(viaSchema(text));
  });

  it("reads a valid SERP, with defaults, and drops unknown keys", () => {
    expect(
      parseSerp(JSON.stringify({ search_query: "q", search_result: [{ id: 7, url: "u" }] })),
    ).toStrictEqual({
      search_query: "q",
      search_result: [{ id: 7, title: "", content: "" }],
    });
  });

  it("reads a JSON list of {title, url, snippet} as a SERP without a query, keeping each URL", () => {
    const text = JSON.stringify([
      { title: "Wimbledon 2027", url: "https://example.org/wimbledon", snippet: "Men's final" },
      {
        title: "Draw",
        link: "http://example.org/draw",
        description: "The draw",
        date: "2027-07-14",
      },
    ]);
    expect(parseSerp(text)).toStrictEqual({
      search_result: [
        { title: "Wimbledon 2027", content: "Men's final", url: "https://example.org/wimbledon" },
        { title: "Draw", content: "The draw", url: "http://example.org/draw", date: "2027-07-14" },
      ],
    });
    // A list that is not of pages stays raw text; so does an empty one, which any tool might return.
    expect(parseSerp(JSON.stringify([{ title: "T", content: "C" }]))).toBeNull();
    expect(parseSerp("[]")).toBeNull();
  });

  it("texts that are not SERPs → null, like the schema", () => {
    for (const text of [
      "",
      "plain text",
      "  {broken",
      "[1, 2]",
      "{}",
      "null",
      '{"search_result": [1]}',
      '  {"search_result": []}  ',
    ]) {
      expect(parseSerp(text)).toStrictEqual(viaSchema(text));
    }
    expect(parseSerp("plain text")).toBeNull();
    expect(parseSerp('  {"search_result": []}  ')).toStrictEqual({ search_result: [] });
  });
});
