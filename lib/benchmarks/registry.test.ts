import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseFilter } from "../filter/parse";
import { BENCHMARK_INFO, benchmarkInfo } from "./info";
import { BENCHMARK_IDS, BENCHMARKS, benchmarkModule, isBenchmarkId } from "./registry";

/** Each registered module is complete and consistent: a benchmark added to the registry is checked here without a new line. */
describe("the benchmark registry", () => {
  it("lists each id once, and each module under its own id", () => {
    expect(new Set(BENCHMARK_IDS).size).toBe(BENCHMARK_IDS.length);
    expect(Object.keys(BENCHMARKS).sort()).toEqual([...BENCHMARK_IDS].sort());
    for (const id of BENCHMARK_IDS) expect(BENCHMARKS[id].id).toBe(id);
  });

  it("builds each module on its client-safe info: the same values, not copies", () => {
    expect(Object.keys(BENCHMARK_INFO).sort()).toEqual([...BENCHMARK_IDS].sort());
    for (const id of BENCHMARK_IDS)
      for (const [key, value] of Object.entries(BENCHMARK_INFO[id]))
        expect(BENCHMARKS[id][key as keyof (typeof BENCHMARKS)[typeof id]]).toBe(value);
  });

  it("answers unknown ids, inherited property names included, as unknown", () => {
    for (const value of ["nope", "constructor", "__proto__", "toString", "MPW", ""]) {
      expect(isBenchmarkId(value)).toBe(false);
      expect(() => benchmarkModule(value)).toThrow(/unknown benchmark/);
      expect(() => benchmarkInfo(value)).toThrow(/unknown benchmark/);
    }
    expect(benchmarkModule("qa").id).toBe("qa");
  });

  it("gives each benchmark distinct names and a distinct place in the demo's seeding order", () => {
    const modules = BENCHMARK_IDS.map((id) => BENCHMARKS[id]);
    for (const key of ["name", "navLabel"] as const)
      expect(new Set(modules.map((m) => m[key])).size).toBe(modules.length);
    expect(new Set(modules.map((m) => m.demo.seedOrder)).size).toBe(modules.length);
  });

  describe.each(BENCHMARK_IDS)("%s", (id) => {
    const benchmark = BENCHMARKS[id];

    it("has a filter example that parses and names only its own failure tags", () => {
      const parsed = parseFilter(benchmark.filterExample);
      expect(parsed.ok).toBe(true);
      const own = new Set((benchmark.taxonomy?.tags ?? []).map((t) => t.name));
      if (parsed.ok)
        for (const clause of parsed.clauses)
          if (clause.field === "tag") expect(own.has(clause.value)).toBe(true);
    });

    it("has its words: name, nav label and description", () => {
      expect(benchmark.name.trim()).not.toBe("");
      expect(benchmark.navLabel.trim()).not.toBe("");
      expect(benchmark.description.length).toBeGreaterThan(40);
    });

    it("has an importer whose manifest schema names this benchmark and rejects another's", () => {
      expect(benchmark.importer.bind({}).success).toBe(false);
      const other = BENCHMARK_IDS.find((o) => o !== id)!;
      expect(benchmark.importer.bind({ benchmark: other, model: "m" }).success).toBe(false);
    });

    it("has a board whose primary metric, lower-is-better keys and CIs name its own columns", () => {
      const keys = benchmark.board.columns.map((c) => c.key);
      expect(keys.length).toBeGreaterThan(0);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).toContain(benchmark.board.primary);
      for (const key of benchmark.board.lowerIsBetter ?? []) expect(keys).toContain(key);
      for (const column of benchmark.board.columns) expect(column.label.trim()).not.toBe("");
    });

    it("has a compare profile whose split dimensions are distinct", () => {
      const keys = benchmark.compare.dimensions.map((d) => d.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(benchmark.compare.metric.trim()).not.toBe("");
    });

    it("stores its per-sample figures under a schema, or as columns of samples (MPW only)", () => {
      if (id === "mpw") expect(benchmark.storedSampleSchema).toBeNull();
      else expect(benchmark.storedSampleSchema).toBeInstanceOf(z.ZodType);
      expect(typeof benchmark.aggregate.rows).toBe("function");
      expect(benchmark.aggregate.rows([])).toEqual(expect.any(Array));
    });

    it("has answer grounding exactly when its board shows Grounded and its stored report keeps it", () => {
      const grounded = benchmark.grounding !== null;
      expect(benchmark.board.columns.some((c) => c.key === "grounded")).toBe(grounded);
      const schema = benchmark.board.reportSchema;
      expect(schema).toBeInstanceOf(z.ZodObject);
      expect(schema instanceof z.ZodObject && "grounding" in schema.shape).toBe(grounded);
    });

    it("has a judge with the paper's prompt and a taxonomy whose tags are distinct", () => {
      expect(benchmark.judge.prompt.user.length).toBeGreaterThan(0);
      if (benchmark.taxonomy !== null) {
        const names = benchmark.taxonomy.tags.map((t) => t.name);
        expect(names.length).toBeGreaterThan(0);
        expect(new Set(names).size).toBe(names.length);
      }
    });
  });
});
