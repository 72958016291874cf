import { describe, expect, it } from "vitest";
import { confusable, describeCodePoints, nameDifference, skeleton } from "./confusables";

describe("skeleton", () => {
  it("reads Cyrillic and Greek look-alikes as the Latin letters they pass for", () => {
    expect(skeleton("GPT-4\u043e-search")).toBe(skeleton("GPT-4o-search"));
    // Cyrillic а, е, о, р, с, х and Greek ο, α, ν.
    expect(skeleton("\u0430\u0435\u043e\u0440\u0441\u0445")).toBe("aeopcx");
    expect(skeleton("\u03bf\u03b1\u03bd")).toBe("oav");
    expect(skeleton("\u0421laude")).toBe(skeleton("Claude"));
  });

  it("folds fullwidth forms, mathematical letters and ligatures through NFKD", () => {
    expect(skeleton("\uff27\uff30\uff34-4o")).toBe(skeleton("GPT-4o"));
    expect(skeleton("\u{1d42d}\u{1d428}\u{1d428}\u{1d425}")).toBe(skeleton("tool"));
    expect(skeleton("\ufb01ne")).toBe(skeleton("fine"));
  });

  it("keeps TR39's prototypes: 0 as O, 1 and I and | as l, dotless ı as i, m as rn", () => {
    expect(skeleton("GPT-4o")).toBe(skeleton("GPT-4\u03bf"));
    expect(skeleton("0penAI")).toBe(skeleton("OpenAI"));
    expect(skeleton("Llama-3.1")).toBe(skeleton("LIama-3.l"));
    expect(skeleton("gem|ni")).toBe(skeleton("gemlni"));
    expect(skeleton("g\u0131ant")).toBe(skeleton("giant"));
    expect(skeleton("rnodel")).toBe(skeleton("model"));
  });

  it("keeps names apart that only look different, by case or by accent", () => {
    expect(skeleton("gpt-4o")).not.toBe(skeleton("GPT-4o"));
    expect(skeleton("r\u00e9sum\u00e9")).not.toBe(skeleton("resume"));
    expect(skeleton("GPT-4o-mini")).not.toBe(skeleton("GPT-4o"));
  });

  it("compares composed and decomposed accents alike", () => {
    expect(skeleton("\u00e9")).toBe(skeleton("e\u0301"));
    // Cyrillic ё (composed) against Latin ë.
    expect(skeleton("\u0451")).toBe(skeleton("\u00eb"));
  });

  it("is its own skeleton: every character of the Basic Multilingual Plane maps to a fixed point", () => {
    const moving: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const once = skeleton(String.fromCharCode(code));
      if (skeleton(once) !== once) moving.push(code.toString(16));
    }
    expect(moving).toEqual([]);
  });
});

describe("confusable", () => {
  it("is true for different names with one skeleton, false for the same name or another", () => {
    expect(confusable("GPT-4\u043e-search", "GPT-4o-search")).toBe(true);
    expect(confusable("GPT-4o-search", "GPT-4o-search")).toBe(false);
    expect(confusable("GPT-4o-search", "GPT-4o-mini")).toBe(false);
  });
});

describe("nameDifference", () => {
  it("isolates the differing code points between the common start and end", () => {
    expect(nameDifference("GPT-4\u043e-search", "GPT-4o-search")).toEqual({
      prefix: "GPT-4",
      a: "\u043e",
      b: "o",
      suffix: "-search",
    });
    expect(nameDifference("rnodel", "model")).toEqual({
      prefix: "",
      a: "rn",
      b: "m",
      suffix: "odel",
    });
  });

  it("never splits a surrogate pair and never overlaps the start and the end", () => {
    expect(nameDifference("a\u{1d428}a", "a\u{1d42a}a")).toEqual({
      prefix: "a",
      a: "\u{1d428}",
      b: "\u{1d42a}",
      suffix: "a",
    });
    expect(nameDifference("aa", "aaa")).toEqual({ prefix: "aa", a: "", b: "a", suffix: "" });
  });
});

describe("describeCodePoints", () => {
  it("names each code point with its script when it is a letter of one model names borrow from", () => {
    expect(describeCodePoints("\u043eo\u03bf0\u{1d428}")).toEqual([
      "U+043E Cyrillic",
      "U+006F Latin",
      "U+03BF Greek",
      "U+0030",
      "U+1D428",
    ]);
  });
});
