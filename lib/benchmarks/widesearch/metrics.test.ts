import { describe, expect, it } from "vitest";
import {
  dateNear,
  exactMatch,
  hostsOf,
  inMatch,
  numberNear,
  ruleMetric,
  urlMatch,
} from "./metrics";

describe("exactMatch", () => {
  it("ignores case", () => {
    expect(exactMatch("Harvard", "harvard").score).toBe(1);
    expect(exactMatch("Harvard", "Yale").score).toBe(0);
  });

  it("treats numerically equal plain numbers as equal (10 vs 10.0), unlike the official code", () => {
    expect(exactMatch("10", "10.0").score).toBe(1);
    expect(exactMatch("10", "10.0").why).toMatch(/numerically equal/);
    expect(exactMatch("-0.50", "-.5").score).toBe(1);
    expect(exactMatch("10", "10.01").score).toBe(0);
    // Not plain numbers: compared as text.
    expect(exactMatch("1,000", "1000").score).toBe(0);
  });

  it("two empty cells are equal; an empty cell is not 'nan'", () => {
    expect(exactMatch("", "").score).toBe(1);
    expect(exactMatch("", "nan").score).toBe(0);
  });
});

describe("numberNear", () => {
  it("accepts |r − t| ≤ |t|·criterion", () => {
    // |105 − 100| = 5 ≤ 100 · 0.05 = 5 → 1 (the bound is inclusive)
    expect(numberNear("105", "100", 0.05).score).toBe(1);
    // |106 − 100| = 6 > 5 → 0
    expect(numberNear("106", "100", 0.05).score).toBe(0);
    // negative target: |−95 − (−100)| = 5 ≤ |−100| · 0.1 = 10
    expect(numberNear("-95", "-100", 0.1).score).toBe(1);
    // criterion 0 is exact numeric equality
    expect(numberNear("3.0", "3", 0).score).toBe(1);
  });

  it("divides % values by 100", () => {
    expect(numberNear("12%", "0.12", 0).score).toBe(1);
    expect(numberNear("12%", "12", 0.1).score).toBe(0);
    expect(numberNear("7.9%", "7.9%", 0).score).toBe(1);
  });

  it("two unparsable cells score 1 only when equal", () => {
    expect(numberNear("NULL", "NULL", 0.1).score).toBe(1);
    expect(numberNear("", "", 0.1).score).toBe(1);
    expect(numberNear("n/a", "unknown", 0.1).score).toBe(0);
    expect(numberNear("NULL", "12", 0.1)).toMatchObject({
      score: 0,
      why: expect.stringMatching(/response is not a number/),
    });
    expect(numberNear("12", "NULL", 0.1).why).toMatch(/gold is not a number/);
  });

  it("a target of 0 needs an exact 0", () => {
    expect(numberNear("0", "0", 0.1).score).toBe(1);
    expect(numberNear("0.001", "0", 0.1).score).toBe(0);
  });
});

describe("dateNear", () => {
  it("accepts dates up to 31 days apart, in any supported format", () => {
    expect(dateNear("2024-03-05", "March 5, 2024").score).toBe(1);
    expect(dateNear("2024-01-01", "2024-02-01").score).toBe(1); // 31 days
    expect(dateNear("2024-01-01", "2024-02-02").score).toBe(0); // 32 days
    expect(dateNear("2024年3月5日", "5 April 2024").score).toBe(1); // 31 days
  });

  it("both unparsable scores 1, one unparsable 0", () => {
    expect(dateNear("TBD", "unknown").score).toBe(1);
    expect(dateNear("TBD", "2024-03-05").score).toBe(0);
    expect(dateNear("2024-03-05", "").score).toBe(0);
  });
});

describe("urlMatch", () => {
  it("compares the sets of host names", () => {
    expect(urlMatch("https://www.harvard.edu/admissions", "http://www.harvard.edu").score).toBe(1);
    expect(urlMatch("https://unimelb.edu.au", "https://www.unimelb.edu.au").score).toBe(0);
    expect(
      urlMatch("https://a.org and https://b.org/x", "https://b.org, https://a.org/").score,
    ).toBe(1);
    expect(urlMatch("https://a.org", "https://a.org https://b.org").score).toBe(0);
  });

  it("ignores case, user info, port and punctuation after a bare host", () => {
    expect(hostsOf("[site](https://WWW.Example.COM)")).toEqual(["www.example.com"]);
    expect(hostsOf("https://user:pw@example.com:8080/path")).toEqual(["example.com"]);
    expect(hostsOf("see https://example.com, then")).toEqual(["example.com"]);
    expect(hostsOf("www.example.com")).toEqual([]);
  });

  it("no URL on either side is equal; a URL against none is not", () => {
    expect(urlMatch("n/a", "").score).toBe(1);
    expect(urlMatch("www.harvard.edu", "https://www.harvard.edu").score).toBe(0);
  });
});

describe("inMatch", () => {
  it("is true when the response is a substring of the gold cell", () => {
    expect(inMatch("harvard", "harvarduniversity").score).toBe(1);
    expect(inMatch("yale", "harvarduniversity").score).toBe(0);
  });

  it("an empty response matches only an empty gold cell", () => {
    expect(inMatch("", "harvard").score).toBe(0);
    expect(inMatch("", "").score).toBe(1);
  });
});

describe("ruleMetric", () => {
  it("dispatches by name", () => {
    expect(ruleMetric("exact_match", "a", "A", null).score).toBe(1);
    expect(ruleMetric("number_near", "11", "10", 0.1).score).toBe(1);
    expect(ruleMetric("date_near", "2024-01-01", "2024-01-10", null).score).toBe(1);
    expect(ruleMetric("url_match", "https://x.org", "https://x.org/a", null).score).toBe(1);
    expect(ruleMetric("in_match", "x", "xyz", null).score).toBe(1);
  });

  it("leaves number_near unscored without a numeric criterion", () => {
    expect(ruleMetric("number_near", "1", "1", null)).toEqual({
      score: "unscored",
      why: expect.stringMatching(/numeric criterion/),
    });
  });
});
