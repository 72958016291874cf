import { describe, expect, it } from "vitest";
import {
  DEFAULT_SAMPLE_FILTERS,
  nextSampleSort,
  parseListContext,
  parseSampleFilters,
  parseSampleSort,
  sampleFiltersQuery,
  sampleHref,
  sampleListHref,
  sampleQueryHref,
} from "./samples";

describe("parseSampleFilters", () => {
  it("no parameters: the defaults", () => {
    expect(parseSampleFilters({})).toEqual(DEFAULT_SAMPLE_FILTERS);
  });

  it("the form's empty fields are no filter (an empty Min calls is not a minimum of 1)", () => {
    const submitted = {
      verdict: "all",
      status: "",
      tier: "all",
      category: "",
      fcrMin: "",
      fcrMax: "",
      minCalls: "",
      q: "",
      f: "",
    };
    expect(parseSampleFilters(submitted)).toEqual(DEFAULT_SAMPLE_FILTERS);
    expect(parseSampleFilters({ minCalls: "3" }).minCalls).toBe(3);
    expect(parseSampleFilters({ minCalls: "0" }).minCalls).toBe(1);
  });

  it("keeps the filter-language query verbatim but trimmed, even when it does not parse", () => {
    expect(parseSampleFilters({ f: '  tag:"Retrieval Miss" fcr<0.3 ' }).f).toBe(
      'tag:"Retrieval Miss" fcr<0.3',
    );
    expect(parseSampleFilters({ f: 'tag:"unclosed' }).f).toBe('tag:"unclosed');
  });
});

describe("sampleFiltersQuery", () => {
  it("leaves defaults out and carries f and the other fields", () => {
    expect(sampleFiltersQuery(DEFAULT_SAMPLE_FILTERS)).toBe("");
    expect(
      sampleFiltersQuery({
        ...DEFAULT_SAMPLE_FILTERS,
        verdict: "incorrect",
        f: "hint:no-search",
        page: 2,
      }),
    ).toBe("?verdict=incorrect&f=hint%3Ano-search&page=2");
  });

  it("round-trips through parseSampleFilters", () => {
    const filters = {
      ...DEFAULT_SAMPLE_FILTERS,
      status: "max_turns_reached",
      fcrMax: 0.5,
      minCalls: 2,
      cohort: true,
      q: "Knicks",
      f: 'tag:"Retrieval Miss"',
      sort: { key: "fcr" as const, descending: true },
      page: 3,
    };
    expect(
      parseSampleFilters(Object.fromEntries(new URLSearchParams(sampleFiltersQuery(filters)))),
    ).toEqual(filters);
  });

  it("sampleQueryHref: a submission's samples under one query", () => {
    expect(sampleQueryHref(7, 'tag:"Retrieval Miss"')).toBe(
      "/s/7?f=tag%3A%22Retrieval+Miss%22#samples",
    );
  });
});

describe("sort", () => {
  it("sort=<key> ascending, sort=-<key> descending, anything else sample order", () => {
    expect(parseSampleSort("fcr")).toEqual({ key: "fcr", descending: false });
    expect(parseSampleSort("-calls")).toEqual({ key: "calls", descending: true });
    expect(parseSampleSort("colour")).toBeNull();
    expect(parseSampleSort("-metric.rowF1")).toEqual({ key: "metric.rowF1", descending: true });
    expect(parseSampleSort("metric.a')--")).toBeNull();
    expect(parseSampleSort("metric.")).toBeNull();
    expect(parseSampleSort("--fcr")).toBeNull();
    expect(parseSampleSort(undefined)).toBeNull();
    expect(
      sampleFiltersQuery({ ...DEFAULT_SAMPLE_FILTERS, sort: { key: "tier", descending: true } }),
    ).toBe("?sort=-tier");
  });

  it("a header click sorts ascending, a second one descending, a third ascending again", () => {
    const first = nextSampleSort(null, "fcr");
    expect(first).toEqual({ key: "fcr", descending: false });
    const second = nextSampleSort(first, "fcr");
    expect(second).toEqual({ key: "fcr", descending: true });
    expect(nextSampleSort(second, "fcr")).toEqual({ key: "fcr", descending: false });
    expect(nextSampleSort(second, "calls")).toEqual({ key: "calls", descending: false });
  });
});

describe("list context on a sample's address", () => {
  const list = {
    ...DEFAULT_SAMPLE_FILTERS,
    f: "status:max_turns_reached fcr<0.3",
    sort: { key: "calls" as const, descending: true },
    page: 2,
  };

  it("without a list: the plain address, and no context", () => {
    expect(sampleHref(23, "44", 0)).toBe("/s/23/t/44");
    expect(sampleHref(23, "a b", 2)).toBe("/s/23/t/a%20b?run=2");
    expect(parseListContext({ run: "2" })).toBeNull();
    expect(parseListContext({ f: "fcr<0.3" })).toBeNull();
  });

  it("with a list: list=1 and its filters and sort (not its page), read back as they were", () => {
    const href = sampleHref(23, "44", 1, list);
    expect(href).toBe("/s/23/t/44?run=1&list=1&f=status%3Amax_turns_reached+fcr%3C0.3&sort=-calls");
    const params = Object.fromEntries(new URL(href, "http://x").searchParams);
    expect(parseListContext(params)).toEqual({ ...list, page: 1 });
  });

  it("the way back: the list page holding the sample", () => {
    expect(sampleListHref(23, list)).toBe(
      "/s/23?f=status%3Amax_turns_reached+fcr%3C0.3&sort=-calls#samples",
    );
    expect(sampleListHref(23, list, 50)).toBe(
      "/s/23?f=status%3Amax_turns_reached+fcr%3C0.3&sort=-calls#samples",
    );
    expect(sampleListHref(23, list, 51)).toBe(
      "/s/23?f=status%3Amax_turns_reached+fcr%3C0.3&sort=-calls&page=2#samples",
    );
  });
});
