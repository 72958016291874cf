import { describe, expect, it } from "vitest";
import { BENCHMARK_VIEWS } from "@/server/benchmarks";
import { BENCHMARK_IDS } from "@/lib/benchmarks/registry";

/** Every registered benchmark has a view for each of its pages, registered under its own id. */
describe("the views registry", () => {
  it("has an entry for each benchmark, under its own id", () => {
    expect(Object.keys(BENCHMARK_VIEWS).sort()).toEqual([...BENCHMARK_IDS].sort());
    for (const id of BENCHMARK_IDS) expect(BENCHMARK_VIEWS[id].id).toBe(id);
  });

  it.each(BENCHMARK_IDS)("%s: a leaderboard, diagnostics, submission and sample view", (id) => {
    const views = BENCHMARK_VIEWS[id];
    for (const page of ["Leaderboard", "Diagnostics", "Submission", "Sample"] as const)
      expect(views[page], `${id}.${page}`).toEqual(expect.any(Function));
  });
});
