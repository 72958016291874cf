import { describe, expect, it } from "vitest";
import { BENCHMARK_IDS, BENCHMARKS } from "./registry";

describe("each module's stored figures and judging", () => {
  for (const id of BENCHMARK_IDS) {
    const m = BENCHMARKS[id];
    it(`${id}: a verdict reaches its stored figures, and its judge's reply can be re-read`, () => {
      // Figures kept in `samples.metrics` carry the verdict the aggregates read; MPW's are columns.
      expect(m.reeval.withVerdict === null).toBe(m.storedSampleSchema === null);
      expect(typeof m.aggregate.rows).toBe("function");
      expect(m.judge.prompt.source).not.toBe("");
      if (m.judge.kind === "answer") {
        expect(m.judge.prompt.user).toContain("{response}");
        expect(m.judge.prompt.user).toContain("{correct_answer}");
        expect(m.judge.storedReplies).toContain(m.judge.reply);
      } else {
        expect(m.judge.prompt.user).toContain("{criterion}");
      }
      if (m.taxonomy) expect(m.taxonomy.tags.length).toBeGreaterThan(0);
    });
  }
});
