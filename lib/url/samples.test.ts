import { describe, expect, it } from "vitest";
import { DEFAULT_SAMPLE_FILTERS, parseSampleFilters, sampleFiltersQuery, sampleQueryHref } from "./samples";

describe("parseSampleFilters", () => {
  it("no parameters: the defaults", () => {
    expect(parseSampleFilters({})).toEqual(DEFAULT_SAMPLE_FILTERS);
  });

  it("the form's empty fields are no filter (an empty Min calls is not a minimum of 1)", () => {
    const submitted = { verdict: "all", status: "", tier: "all", category: "", fcrMin: "", fcrMax: "", minCalls: "", q: "", f: "" };
    expect(parseSampleFilters(submitted)).toEqual(DEFAULT_SAMPLE_FILTERS);
    expect(parseSampleFilters({ minCalls: "3" }).minCalls).toBe(3);
    expect(parseSampleFilters({ minCalls: "0" }).minCalls).toBe(1);
  });

  it("keeps the filter-language query verbatim but trimmed, even when it does not parse", () => {
    expect(parseSampleFilters({ f: '  tag:"Retrieval Miss" fcr<0.3 ' }).f).toBe('tag:"Retrieval Miss" fcr<0.3');
    expect(parseSampleFilters({ f: 'tag:"unclosed' }).f).toBe('tag:"unclosed');
  });
});

describe("sampleFiltersQuery", () => {
  it("leaves defaults out and carries f and the other fields", () => {
    expect(sampleFiltersQuery(DEFAULT_SAMPLE_FILTERS)).toBe("");
    expect(sampleFiltersQuery({ ...DEFAULT_SAMPLE_FILTERS, verdict: "incorrect", f: "hint:no-search", page: 2 })).toBe("?verdict=incorrect&f=hint%3Ano-search&page=2");
  });

  it("round-trips through parseSampleFilters", () => {
    const filters = { ...DEFAULT_SAMPLE_FILTERS, status: "max_turns_reached", fcrMax: 0.5, minCalls: 2, cohort: true, q: "Knicks", f: 'tag:"Retrieval Miss"', page: 3 };
    expect(parseSampleFilters(Object.fromEntries(new URLSearchParams(sampleFiltersQuery(filters))))).toEqual(filters);
  });

  it("sampleQueryHref: a submission's samples under one query", () => {
    expect(sampleQueryHref(7, 'tag:"Retrieval Miss"')).toBe("/s/7?f=tag%3A%22Retrieval+Miss%22#samples");
  });
});
