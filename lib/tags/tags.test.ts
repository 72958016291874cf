import { describe, expect, it } from "vitest";
import { findTaxonomyTag, resolveTag, TAXONOMIES, taxonomiesFor, taxonomyIdOf } from "./taxonomies";
import { parseTag } from "./validate";

describe("taxonomies", () => {
  it("hold the papers' categories: WideSearch 8, InfoMosaic 6, WebDetective 4, MPW 2", () => {
    expect(TAXONOMIES.map((t) => [t.id, t.tags.length])).toEqual([
      ["widesearch", 8],
      ["infomosaic", 6],
      ["webdetective", 4],
      ["mpw", 2],
    ]);
    expect(TAXONOMIES.find((t) => t.id === "infomosaic")?.tags.map((t) => t.name)).toEqual([
      "Retrieval Miss",
      "Tool Misuse",
      "Reasoning Gap",
      "Confirmation Bias",
      "Overgeneralization",
      "Context Misread",
    ]);
  });

  it("names are unique across taxonomies (case-insensitively) and valid tags; every definition is one line", () => {
    const names = TAXONOMIES.flatMap((t) => t.tags.map((tag) => tag.name.toLowerCase()));
    expect(new Set(names).size).toBe(names.length);
    for (const t of TAXONOMIES.flatMap((x) => x.tags)) {
      expect(parseTag(t.name)).toEqual({
        ok: true,
        value: { tag: t.name, taxonomy: expect.any(String) },
      });
      expect(t.definition).not.toMatch(/\n/);
    }
  });

  it("resolve a name to its taxonomy's spelling; anything else is a free tag", () => {
    expect(resolveTag("retrieval miss")).toEqual({ tag: "Retrieval Miss", taxonomy: "infomosaic" });
    expect(resolveTag("PREMATURE STOP")).toEqual({ tag: "Premature Stop", taxonomy: "mpw" });
    expect(resolveTag("judge disagrees")).toEqual({ tag: "judge disagrees", taxonomy: null });
    expect(findTaxonomyTag("Retrieval")).toBeUndefined();
  });

  it("a benchmark is offered its own taxonomy only, none when its paper gives none", () => {
    expect(taxonomiesFor("webdetective").map((t) => t.id)).toEqual(["webdetective"]);
    expect(taxonomiesFor("qa")).toEqual([]);
    expect(taxonomiesFor("evobrowsecomp")).toEqual([]);
  });
});

describe("parseTag (free tags)", () => {
  it("trims; accepts 1 to 60 characters and non-ASCII", () => {
    expect(parseTag("  judge too strict  ")).toEqual({
      ok: true,
      value: { tag: "judge too strict", taxonomy: null },
    });
    expect(parseTag("x")).toEqual({ ok: true, value: { tag: "x", taxonomy: null } });
    expect(parseTag("a".repeat(60))).toMatchObject({ ok: true });
    expect(parseTag("答案格式错误")).toEqual({
      ok: true,
      value: { tag: "答案格式错误", taxonomy: null },
    });
  });

  it("refuses empty, too long, control characters, double quotes and non-strings", () => {
    expect(parseTag("")).toEqual({ ok: false, error: "enter a tag" });
    expect(parseTag("   ")).toEqual({ ok: false, error: "enter a tag" });
    expect(parseTag("a".repeat(61))).toEqual({
      ok: false,
      error: "a tag has at most 60 characters",
    });
    expect(parseTag("two\nlines")).toEqual({
      ok: false,
      error: "a tag cannot contain control characters (tabs, line breaks, …)",
    });
    expect(parseTag("tab\there")).toMatchObject({ ok: false });
    expect(parseTag("nul\u0000")).toMatchObject({ ok: false });
    expect(parseTag("c1\u0085")).toMatchObject({ ok: false });
    expect(parseTag('say "no"')).toEqual({
      ok: false,
      error: 'a tag cannot contain a double quote (")',
    });
    expect(parseTag(42)).toMatchObject({ ok: false });
    expect(parseTag(null)).toMatchObject({ ok: false });
  });
});

describe("taxonomyIdOf", () => {
  it("reads back stored ids and refuses unknown ones", () => {
    expect(taxonomyIdOf(null)).toBeNull();
    expect(taxonomyIdOf("mpw")).toBe("mpw");
    expect(() => taxonomyIdOf("nope")).toThrow('unknown taxonomy "nope" in sample_tags');
  });
});
