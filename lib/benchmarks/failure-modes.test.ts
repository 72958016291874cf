/** Failure modes against hand-computed runs, one block per benchmark, through the registry's info. */
import { describe, expect, it } from "vitest";
import { BENCHMARK_IDS, BENCHMARK_INFO } from "./info";
import { failureModeReport, failureModesOf, modesOf, type ClassifiedSample } from "./failure-modes";
import { reviewedSample, type CallSpec } from "./review-fixtures";

const run = (
  calls: readonly CallSpec[],
  over: Partial<ClassifiedSample> = {},
): ClassifiedSample => ({
  ...reviewedSample(calls),
  goldAnswer: null,
  ...over,
});
const modes = (id: keyof typeof BENCHMARK_INFO, sample: ClassifiedSample) =>
  failureModesOf(BENCHMARK_INFO[id].failureModes, sample);

describe("every benchmark's failure modes", () => {
  it("give no mode to a correct run and at least one to every failed run", () => {
    for (const id of BENCHMARK_IDS) {
      expect(modes(id, run([], { correct: true }))).toEqual([]);
      expect(modes(id, run([], { prediction: null })).length).toBeGreaterThan(0);
    }
  });

  it("have unique ids in the filter language's alphabet, unexplained last", () => {
    for (const id of BENCHMARK_IDS) {
      const ids = modesOf(BENCHMARK_INFO[id].failureModes).map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const mode of ids) expect(mode).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(ids.at(-1)).toBe("unexplained");
    }
  });
});

describe("QA", () => {
  it("no answer, zero tool calls: no-answer only", () => {
    expect(modes("qa", run([], { prediction: null }))).toEqual(["no-answer"]);
  });

  it("a wrong answer no result holds is ungrounded; the gold in a result is retrieved but unused", () => {
    const sample = run([{ reply: "Ada Lovelace wrote it" }, { reply: "Ada Lovelace again" }], {
      prediction: "Charles Babbage",
      goldAnswer: "Ada Lovelace",
    });
    expect(modes("qa", sample)).toEqual(["ungrounded-answer", "gold-unused"]);
  });

  it("an answer taken from a result and the limit", () => {
    const sample = run([{ reply: "Babbage built it" }], {
      prediction: "babbage",
      goldAnswer: "Ada",
      status: "max_turns_reached",
    });
    expect(modes("qa", sample)).toEqual(["limit"]);
  });

  it("a wrong answer found in a result, gold never seen: unexplained", () => {
    expect(
      modes("qa", run([{ reply: "Babbage" }], { prediction: "Babbage", goldAnswer: "Ada" })),
    ).toEqual(["unexplained"]);
  });

  it("a one-character answer is never grounded", () => {
    expect(modes("qa", run([{ reply: "7 8 9" }], { prediction: "7", goldAnswer: "9" }))).toEqual([
      "ungrounded-answer",
    ]);
  });
});

describe("EvoBrowseComp", () => {
  const metrics = (exceeded: boolean | null) => ({
    verdict: "incorrect",
    statedConfidence: null,
    judgeConfidence: null,
    judgeModel: null,
    extractedFinalAnswer: null,
    toolCalls: 31,
    language: "zh",
    setting: "tool-based",
    toolCallLimit: 30,
    toolCallsCounted: true,
    domain: null,
    hops: null,
    freshEvidence: null,
    rootDomains: null,
    exceeded,
  });

  it("the limit is the record's exceeded flag; a Chinese gold in a result", () => {
    const sample = run([{ reply: "答案：北京大学" }], {
      prediction: "清华大学",
      goldAnswer: "北京大学",
      metrics: metrics(true),
    });
    expect(modes("evobrowsecomp", sample)).toEqual(["limit", "ungrounded-answer", "gold-unused"]);
    expect(modes("evobrowsecomp", { ...sample, metrics: metrics(null) })).toEqual([
      "ungrounded-answer",
      "gold-unused",
    ]);
  });
});

describe("MPW", () => {
  const facts = { score: "3-1", scorer: "Ada", venue: "Lyon" };
  const entry = (callIndex: number, hit: boolean, keys: string[], compound = false) => ({
    callIndex,
    hit,
    matchedFactKeys: keys,
    compound,
  });

  it("reads the diagnosis's facts and the timeline's marks", () => {
    const sample = run(
      [
        { query: "final score", reply: "3-1" },
        { query: "venue of the match", reply: "…" },
        { query: "venue of the match", reply: "…" },
        { query: "score and venue and date", reply: "…" },
      ],
      {
        task: { atomicFacts: facts, extra: null },
        firstCoveredAt: { score: 1, scorer: null, venue: null },
        hitLog: [
          entry(1, true, ["score"]),
          entry(2, false, []),
          entry(3, false, []),
          entry(4, false, [], true),
        ],
        status: "max_turns_reached",
      },
    );
    expect(modes("mpw", sample)).toEqual([
      "fact-not-queried",
      "fact-not-returned",
      "compound-queries",
      "repeated-queries",
      "limit",
      "answered-uncovered",
    ]);
  });

  it("zero tool calls and no answer: every fact never queried", () => {
    const sample = run([], {
      prediction: null,
      task: { atomicFacts: facts, extra: null },
      firstCoveredAt: { score: null, scorer: null, venue: null },
    });
    expect(modes("mpw", sample)).toEqual(["fact-not-queried"]);
  });

  it("every fact covered, wrong answer: unexplained", () => {
    const sample = run([{ query: "final score", reply: "3-1 Ada Lyon" }], {
      task: { atomicFacts: facts, extra: null },
      firstCoveredAt: { score: 1, scorer: 1, venue: 1 },
      hitLog: [entry(1, true, ["score", "scorer", "venue"])],
    });
    expect(modes("mpw", sample)).toEqual(["unexplained"]);
  });
});

describe("WideSearch", () => {
  const detail = (
    status: string,
    parts: { missing?: number; wrong?: boolean; extra?: number } = {},
  ) => ({
    score: {
      status,
      reason: null,
      counts: { goldRows: 3, matchedRows: 2, predRows: 2 },
      rows: [
        {
          key: { 城市: "北京" },
          cells: [
            { column: "城市", predicted: "北京", gold: "北京", isKey: true, score: 1 },
            {
              column: "人口",
              predicted: parts.wrong ? "100" : "2189",
              gold: "2189",
              isKey: false,
              score: parts.wrong ? 0 : 1,
            },
          ],
        },
      ],
      missingGoldRows: Array.from({ length: parts.missing ?? 0 }, () => ({
        key: { 城市: "上海" },
      })),
      extraPredictedRows: Array.from({ length: parts.extra ?? 0 }, () => ({
        key: { 城市: "纽约" },
      })),
    },
  });

  it("missing rows and wrong cells together", () => {
    expect(
      modes("widesearch", run([], { detail: detail("scored", { missing: 1, wrong: true }) })),
    ).toEqual(["missing-rows", "wrong-cells"]);
  });

  it("extra rows; a table that could not be read is format; no response is no answer", () => {
    expect(modes("widesearch", run([], { detail: detail("scored", { extra: 2 }) }))).toEqual([
      "extra-rows",
    ]);
    expect(modes("widesearch", run([], { detail: detail("no_table") }))).toEqual(["format"]);
    expect(modes("widesearch", run([], { detail: detail("column_mismatch") }))).toEqual(["format"]);
    expect(modes("widesearch", run([], { detail: detail("no_response") }))).toEqual(["no-answer"]);
  });

  it("a run without a stored diff is unexplained", () => {
    expect(modes("widesearch", run([]))).toEqual(["unexplained"]);
  });
});

describe("WebDetective", () => {
  const metrics = (
    region: "S" | "I",
    response: "wrong" | "refused",
    degradation: "forget" | "lead-astray" | "unknown" | null = null,
  ) => ({
    verdict: "incorrect",
    statedConfidence: null,
    judgeConfidence: null,
    judgeModel: null,
    extractedFinalAnswer: null,
    toolCalls: 4,
    evidence: [],
    refused: response === "refused",
    hopsUsed: 2,
    hopsGt: 2,
    searched: true,
    cleanEvidenceCorrect: null,
    knowledgeSufficient: region === "S",
    region,
    response,
    missingEvidence: [],
    searchCredit: false,
    degradation,
  });

  it("region × response, and the degradation", () => {
    const of = (m: ReturnType<typeof metrics>) => modes("webdetective", run([], { metrics: m }));
    expect(of(metrics("S", "wrong", "lead-astray"))).toEqual(["sufficient-wrong", "lead-astray"]);
    expect(of(metrics("S", "refused"))).toEqual(["sufficient-refused"]);
    expect(of(metrics("I", "wrong", "unknown"))).toEqual(["insufficient-wrong"]);
    expect(of(metrics("I", "refused"))).toEqual(["insufficient-refused"]);
    expect(of(metrics("S", "wrong", "forget"))).toEqual(["sufficient-wrong", "forget"]);
  });
});

describe("InfoMosaic", () => {
  it("usage and selection errors; valid results with a wrong answer", () => {
    expect(
      modes(
        "infomosaic",
        run([
          { name: "search", reply: "Error: bad argument" },
          { name: "", reply: "unknown tool" },
        ]),
      ),
    ).toEqual(["usage-error", "selection-error"]);
    expect(modes("infomosaic", run([{ name: "search", reply: "a long valid result" }]))).toEqual([
      "wrong-despite-valid",
    ]);
    expect(
      modes("infomosaic", run([{ name: "search", reply: "[]" }], { prediction: " " })),
    ).toEqual(["no-answer"]);
    expect(modes("infomosaic", run([{ name: "search", reply: "[]" }]))).toEqual(["unexplained"]);
  });
});

describe("failureModeReport", () => {
  it("counts every failed run, shares over failed runs, several modes a run", () => {
    const rules = BENCHMARK_INFO.qa.failureModes;
    const report = failureModeReport(rules, [
      ["no-answer", "limit"],
      ["limit"],
      ["unexplained"],
      ["ungrounded-answer"],
    ]);
    expect(report.failed).toBe(4);
    const byMode = new Map(report.modes.map((m) => [m.mode, m]));
    expect(byMode.get("limit")).toMatchObject({ count: 2, share: 0.5 });
    expect(byMode.get("no-answer")).toMatchObject({ count: 1, share: 0.25 });
    expect(byMode.get("gold-unused")).toMatchObject({ count: 0, share: 0 });
    expect(byMode.get("unexplained")).toMatchObject({ count: 1, share: 0.25 });
    const [lo, hi] = byMode.get("limit")!.ci!;
    expect(lo).toBeLessThanOrEqual(0.5);
    expect(hi).toBeGreaterThanOrEqual(0.5);
    expect(report.modes.map((m) => m.mode)).toEqual(modesOf(rules).map((m) => m.id));
  });

  it("no failed run: zero counts, no shares, no intervals", () => {
    const report = failureModeReport(BENCHMARK_INFO.mpw.failureModes, []);
    expect(report.failed).toBe(0);
    for (const m of report.modes) expect(m).toMatchObject({ count: 0, share: null, ci: null });
  });
});
