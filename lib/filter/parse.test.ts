import { describe, expect, it } from "vitest";
import { parseFilter, quoteFilterValue, type FilterClause } from "./parse";

function clauses(input: string): FilterClause[] {
  const parsed = parseFilter(input);
  if (!parsed.ok) throw new Error(`expected ${input} to parse, got ${parsed.error.message}`);
  return parsed.clauses;
}

function error(input: string): { position: number; message: string } {
  const parsed = parseFilter(input);
  if (parsed.ok) throw new Error(`expected ${input} to fail`);
  return parsed.error;
}

describe("parseFilter: valid queries", () => {
  it("an empty or blank query has no clauses", () => {
    expect(clauses("")).toEqual([]);
    expect(clauses("   \t ")).toEqual([]);
  });

  it("the issue's example", () => {
    expect(
      clauses('status:max_turns_reached fcr<0.3 tier:hard tag:"Retrieval Miss" "Knicks"'),
    ).toEqual([
      { field: "status", value: "max_turns_reached", negated: false, position: 0 },
      { field: "fcr", op: "<", value: 0.3, negated: false, position: 25 },
      { field: "tier", value: "hard", negated: false, position: 33 },
      { field: "tag", value: "Retrieval Miss", negated: false, position: 43 },
      { field: "text", value: "Knicks", negated: false, position: 64 },
    ]);
  });

  it("every comparison operator; `:` on a number means =", () => {
    const ops = ["fcr<0.5", "fcr<=0.5", "fcr>0.5", "fcr>=0.5", "fcr=0.5", "fcr:0.5"].map(
      (q) => clauses(q)[0],
    );
    expect(ops.map((c) => ("op" in c ? c.op : null))).toEqual(["<", "<=", ">", ">=", "=", "="]);
    expect(ops.every((c) => c.value === 0.5)).toBe(true);
  });

  it("numbers: integers, decimals, a leading dot, percentages for rates", () => {
    expect(clauses("calls>=10")[0]).toMatchObject({ field: "calls", op: ">=", value: 10 });
    expect(clauses("fcr<.25")[0]).toMatchObject({ field: "fcr", value: 0.25 });
    expect(clauses("fcr<30%")[0]).toMatchObject({ field: "fcr", value: 0.3 });
    expect(clauses("hitrate>=50%")[0]).toMatchObject({ field: "hitrate", value: 0.5 });
    expect(clauses("hits=0 run:2 turns>30 facts>=11")).toMatchObject([
      { field: "hits", op: "=", value: 0 },
      { field: "run", op: "=", value: 2 },
      { field: "turns", op: ">", value: 30 },
      { field: "facts", op: ">=", value: 11 },
    ]);
  });

  it("verdict / correct words, aliases and case-insensitive field names", () => {
    expect(clauses("verdict:incorrect correct:yes Correct:FALSE")).toMatchObject([
      { field: "correct", value: false },
      { field: "correct", value: true },
      { field: "correct", value: false },
    ]);
    expect(clauses("domain:bio lang:zh toolcalls>3")).toMatchObject([
      { field: "category", value: "bio" },
      { field: "language", value: "zh" },
      { field: "calls", op: ">", value: 3 },
    ]);
    expect(clauses("TIER:Hard")[0]).toMatchObject({ field: "tier", value: "hard" });
  });

  it("hints by id", () => {
    expect(clauses("hint:no-search -hint:tool-limit")).toMatchObject([
      { field: "hint", value: "no-search", negated: false },
      { field: "hint", value: "tool-limit", negated: true },
    ]);
  });

  it("negation of fields, phrases and words", () => {
    expect(clauses('-status:finished -"New York" -Knicks')).toEqual([
      { field: "status", value: "finished", negated: true, position: 0 },
      { field: "text", value: "New York", negated: true, position: 17 },
      { field: "text", value: "Knicks", negated: true, position: 29 },
    ]);
  });

  it("bare words are free text each; text values keep their case; colons after digits are text", () => {
    expect(clauses("Formula 1 10:30")).toEqual([
      { field: "text", value: "Formula", negated: false, position: 0 },
      { field: "text", value: "1", negated: false, position: 8 },
      { field: "text", value: "10:30", negated: false, position: 10 },
    ]);
    expect(clauses("category:NBA")[0]).toMatchObject({ field: "category", value: "NBA" });
  });

  it("escapes inside quotes; non-ASCII text", () => {
    expect(clauses(String.raw`"say \"hi\" \\ now" 温布尔登`)).toMatchObject([
      { field: "text", value: 'say "hi" \\ now' },
      { field: "text", value: "温布尔登" },
    ]);
  });

  it("quoted field values with spaces; task ids with slashes", () => {
    expect(clauses('category:"Formula 1" task:evo-2025-10-zh-002/tool-free')).toMatchObject([
      { field: "category", value: "Formula 1" },
      { field: "task", value: "evo-2025-10-zh-002/tool-free" },
    ]);
  });
});

describe("parseFilter: the step fields", () => {
  it("text, query, result and answer search their part of the steps, with the sample fields", () => {
    expect(
      clauses(
        'verdict:incorrect calls>=20 result:"rate limit" -query:温布尔登 text:abc answer:"x y"',
      ),
    ).toMatchObject([
      { field: "correct", value: false },
      { field: "calls", op: ">=", value: 20 },
      { field: "step", part: "result", value: "rate limit", negated: false, position: 28 },
      { field: "step", part: "query", value: "温布尔登", negated: true },
      { field: "step", part: "any", value: "abc" },
      { field: "step", part: "answer", value: "x y" },
    ]);
  });

  it("a term shorter than 3 characters, or a fifth term, is refused where it is", () => {
    expect(error('calls>1 query:"温网"')).toEqual({
      position: 14,
      message:
        'at character 15: query: needs at least 3 characters, got "温网" (the step index is of 3-character sequences; add a neighbouring character, e.g. 温网 → 温网比)',
    });
    expect(clauses("text:温网比")[0]).toMatchObject({ value: "温网比" });
    expect(error("text:abc text:abd text:abe text:abf text:abg").message).toBe(
      "at character 37: a query may search the steps for at most 4 terms",
    );
  });
});

describe("parseFilter: errors name the position and the problem", () => {
  it("unknown field", () => {
    expect(error("tier:hard colour:red")).toEqual({
      position: 10,
      message:
        'at character 11: unknown field "colour" (fields: status, verdict, correct, tier, category, domain, language, lang, fcr, calls, hits, hitrate, compound, facts, turns, run, task, tag, hint, mode, text, query, result, answer); put text with ":" in quotes to search for it',
    });
  });

  it("bad number", () => {
    expect(error("fcr<abc")).toEqual({
      position: 4,
      message: 'at character 5: fcr needs a number, got "abc"',
    });
    expect(error("calls>1.2.3")).toEqual({
      position: 6,
      message: 'at character 7: calls needs a number, got "1.2.3"',
    });
    expect(error("calls>50%").message).toBe(
      'at character 7: calls is a count, not a percentage: "50%"',
    );
  });

  it("unclosed quote, in a phrase and in a value", () => {
    expect(error('tier:hard "Knicks')).toEqual({
      position: 10,
      message: 'at character 11: unclosed quote: this " has no closing "',
    });
    expect(error('tag:"Retrieval Miss')).toEqual({
      position: 4,
      message: 'at character 5: unclosed quote: this " has no closing "',
    });
  });

  it("missing value, empty quotes, a lone minus", () => {
    expect(error("status: tier:hard")).toEqual({
      position: 7,
      message: "at character 8: status: needs a value",
    });
    expect(error("fcr<")).toEqual({ position: 4, message: "at character 5: fcr< needs a value" });
    expect(error('tag:""').message).toBe("at character 5: tag: needs a value");
    expect(error('""').message).toBe("at character 1: empty quotes");
    expect(error("tier:hard - x")).toEqual({
      position: 10,
      message: 'at character 11: nothing after "-": write -field:value or -word',
    });
  });

  it("an order comparison on a text field, bad enum values", () => {
    expect(error("-status<finished")).toEqual({
      position: 7,
      message: 'at character 8: status is not a number: compare it with ":" (status:…), not "<"',
    });
    expect(error("tier:extreme").message).toBe(
      'at character 6: tier is easy, medium or hard, got "extreme"',
    );
    expect(error("verdict:maybe").message).toBe(
      'at character 9: verdict is correct or incorrect, got "maybe"',
    );
    expect(error("hint:lazy").message).toBe(
      'at character 6: unknown hint "lazy" (hints: low-fcr-stop, compound, tool-limit, no-search)',
    );
  });

  it("too long, too many terms, too many free-text searches", () => {
    expect(error("x".repeat(501)).message).toBe(
      "at character 501: the query is longer than 500 characters",
    );
    // 17 terms: sixteen "calls>1 " (8 characters each), so the 17th starts at offset 128.
    expect(error(`${"calls>1 ".repeat(16)}run:0`)).toEqual({
      position: 128,
      message: "at character 129: a query may have at most 16 terms",
    });
    expect(error("a b c d e")).toEqual({
      position: 8,
      message:
        "at character 9: a query may search at most 4 words or phrases; quote several words to search them as one phrase",
    });
    expect(parseFilter('"a b c d e" x y z calls>1').ok).toBe(true);
  });
});

describe("quoteFilterValue", () => {
  it("quotes only when needed, and round-trips through the parser", () => {
    expect(quoteFilterValue("finished")).toBe("finished");
    expect(quoteFilterValue("Retrieval Miss")).toBe('"Retrieval Miss"');
    expect(quoteFilterValue("-x")).toBe('"-x"');
    for (const v of ["Retrieval Miss", 'a "b"', "back\\slash", "-x", "plain"]) {
      expect(clauses(`tag:${quoteFilterValue(v)}`)[0]).toMatchObject({ field: "tag", value: v });
    }
  });
});

describe("parseFilter: names that are properties of every object are not fields", () => {
  it("constructor: and toString: are unknown fields", () => {
    expect(error("constructor:x").message).toMatch(/^at character 1: unknown field "constructor"/);
    expect(error("toString<3").message).toMatch(/^at character 1: unknown field "toString"/);
  });

  it("mode: takes a failure mode's id, lower-cased, and refuses anything else", () => {
    expect(clauses("mode:Fact-Not-Queried -mode:limit")).toMatchObject([
      { field: "mode", value: "fact-not-queried", negated: false },
      { field: "mode", value: "limit", negated: true },
    ]);
    expect(error('mode:"no answer"').message).toBe(
      'at character 6: a failure mode is a kebab-case id, got "no answer"',
    );
  });
});
