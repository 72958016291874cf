import { describe, expect, it } from "vitest";
import { BENCHMARK_INFO } from "./info";
import { submissionFigures } from "./figures";
import { aggregateMpw } from "./mpw/aggregate";

describe("a submission's board figures", () => {
  it("are its board's columns in order, each with its figure and interval from the stored report", () => {
    const [overall] = aggregateMpw(
      [true, false, true].map((correct) => ({
        correct,
        verdictSource: "answer",
        fcr: 0.5,
        hitRate: 1,
        toolCalls: 2,
        hitLogCalls: 2,
        compoundRate: null,
        tier: null,
        category: null,
        status: "finished",
        answerSeenAtCall: null,
        goldSeenAtCall: null,
      })),
      { resamples: 20 },
    );
    const figures = submissionFigures(
      BENCHMARK_INFO.mpw.board,
      JSON.parse(JSON.stringify(overall)),
    );
    expect(figures.map((f) => f.key)).toEqual(BENCHMARK_INFO.mpw.board.columns.map((c) => c.key));
    expect(figures[0]).toEqual({
      key: "pass1",
      label: "Pass@1",
      value: 2 / 3,
      ci: overall.pass1.ci,
    });
    expect(figures.find((f) => f.key === "n")).toEqual({
      key: "n",
      label: "n",
      value: 3,
      ci: null,
    });
  });

  it("refuse a stored report their board cannot read", () => {
    expect(() => submissionFigures(BENCHMARK_INFO.mpw.board, { n: 3 })).toThrow();
  });
});
