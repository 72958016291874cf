import { describe, expect, it } from "vitest";
import type { CostFigures } from "./cost";
import { costPlot, type CostPlotRow } from "./cost-plot";

const NONE: CostFigures = {
  tokensPerTask: null,
  promptTokensPerTask: null,
  completionTokensPerTask: null,
  costUsdPerTask: null,
  costUsdPerCorrect: null,
  secondsPerTask: null,
  toolCallsPerTask: null,
  totalTokens: null,
  totalCostUsd: null,
  totalSeconds: null,
};

type Row = CostPlotRow & { accuracy: number | null };

function row(
  submissionId: number,
  cost: Partial<Record<"costUsdPerTask" | "tokensPerTask" | "toolCallsPerTask", number>>,
  { ranked = true, preliminary = false, accuracy = 0.5 as number | null } = {},
): Row {
  const figures = { ...NONE };
  for (const [key, value] of Object.entries(cost))
    figures[key as keyof typeof cost] = { value, ci: null };
  return { submissionId, accuracy, standing: { ranked, preliminary, cost: figures } };
}

const plot = (rows: Row[]) => costPlot(rows, (r) => r.accuracy);

describe("costPlot", () => {
  it("a partial, preliminary row is drawn but never on the frontier, and the rows left out are counted", () => {
    // WideSearch English: 13 real rows report no dollars; the 4-task synthetic agent does.
    const rows = [
      ...Array.from({ length: 13 }, (_, i) => row(i + 1, {})),
      row(14, { costUsdPerTask: 0.2 }, { ranked: false, preliminary: true }),
    ];
    const result = plot(rows);
    expect(result.axis.key).toBe("costUsdPerTask");
    expect(result.points.map((p) => [p.row.submissionId, p.frontier])).toEqual([[14, false]]);
    expect(result.notes).toEqual([
      "13 rows report no dollars per task, so are left out.",
      "1 row drawn is partial or preliminary, so never on the frontier.",
    ]);
  });

  it("the measure most rows report is the axis, and the note says dollars were too few", () => {
    const rows = [
      row(1, { costUsdPerTask: 0.1, tokensPerTask: 900 }),
      row(2, { tokensPerTask: 1200 }),
      row(3, { tokensPerTask: 400 }, { preliminary: true }),
      row(4, { tokensPerTask: 500 }, { accuracy: null }),
    ];
    const result = plot(rows);
    expect(result.axis.key).toBe("tokensPerTask");
    expect(result.points.map((p) => [p.row.submissionId, p.frontier])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(result.notes).toEqual([
      "Only 1 row in this view reports dollars: tokens per task instead.",
      "1 row has no primary figure, so is left out.",
      "1 row drawn is partial or preliminary, so never on the frontier.",
    ]);
  });

  it("nothing to say when every row is ranked and reports dollars", () => {
    const result = plot([row(1, { costUsdPerTask: 0.1 }), row(2, { costUsdPerTask: 0.3 })]);
    expect(result.notes).toEqual([]);
    expect(result.points.every((p) => p.frontier)).toBe(true);
  });

  it("a measure with one value for every row is passed over for one that varies", () => {
    const result = plot([
      row(1, { costUsdPerTask: 0.07, tokensPerTask: 21_000, toolCallsPerTask: 1 }),
      row(2, { toolCallsPerTask: 1 }),
      row(3, { tokensPerTask: 13_600, toolCallsPerTask: 1 }),
    ]);
    expect(result.axis.key).toBe("tokensPerTask");
    expect(result.points.map((p) => p.row.submissionId)).toEqual([1, 3]);
  });

  it("no row reports dollars or tokens: tool calls, and says so", () => {
    const result = plot([row(1, { toolCallsPerTask: 4 })]);
    expect(result.axis.key).toBe("toolCallsPerTask");
    expect(result.notes).toEqual([
      "No row in this view reports dollars: tool calls per task instead.",
    ]);
  });
});
