/**
 * The Seekboard-format demos exercise the cost and verification columns: per board, a
 * submission that reports no usage; tokens without dollars somewhere; a dollar frontier
 * with a dominated point; a submission that names no judge model; and a resubmission.
 */
import { describe, expect, it } from "vitest";
import { demoEvoBundles } from "../benchmarks/evobrowsecomp/demo";
import { demoQaBundles } from "../benchmarks/qa/demo";
import { demoWebDetectiveBundles } from "../benchmarks/webdetective/demo";
import { demoUsage, type DemoFiles } from "./files";

interface Line {
  task_id: string;
  run?: number;
  verdict: string;
  judge?: { model?: string };
  usage?: { prompt_tokens?: number; completion_tokens?: number; cost_usd?: number; seconds?: number };
}

const linesOf = (b: DemoFiles): Line[] =>
  Object.entries(b.files)
    .filter(([name]) => name.endsWith(".jsonl"))
    .flatMap(([, text]) => text.trim().split("\n").map((l) => JSON.parse(l) as Line));
const manifestOf = (b: DemoFiles) => JSON.parse(b.files["manifest.json"]) as { judgeModel?: string; agent: string; benchmarkVersion?: string; dataset?: string };

/** What a bundle reports: every line the same kind, as a real run's bundle would. */
function reports(b: DemoFiles): "dollars" | "tokens" | "none" {
  const kinds = new Set(linesOf(b).map((l) => (l.usage?.cost_usd !== undefined ? "dollars" : l.usage?.prompt_tokens !== undefined ? "tokens" : "none")));
  expect(kinds.size, b.name).toBe(1);
  return [...kinds][0] as "dollars" | "tokens" | "none";
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const accuracy = (b: DemoFiles) => mean(linesOf(b).map((l) => (l.verdict === "correct" ? 1 : 0)));
const costPerSample = (b: DemoFiles) => mean(linesOf(b).map((l) => l.usage!.cost_usd!));

describe("demoUsage", () => {
  it("is deterministic, and reports only the figures the spend gives", () => {
    const spend = { promptTokensPerTurn: 1000, completionTokensPerTurn: 100, usdPerMillion: { prompt: 2, completion: 8 }, secondsPerTurn: 5 };
    const usage = demoUsage(spend, 3, "seed");
    expect(demoUsage(spend, 3, "seed")).toEqual(usage);
    expect(usage.prompt_tokens).toBeGreaterThanOrEqual(2100);
    expect(usage.prompt_tokens).toBeLessThanOrEqual(3900);
    expect(usage.cost_usd).toBeCloseTo((usage.prompt_tokens * 2 + usage.completion_tokens * 8) / 1e6, 6);
    expect(Object.keys(demoUsage({ ...spend, usdPerMillion: null, secondsPerTurn: null }, 3, "seed"))).toEqual(["prompt_tokens", "completion_tokens"]);
  });
});

describe("the Seekboard-format demos", () => {
  const boards = {
    webdetective: demoWebDetectiveBundles(),
    evobrowsecomp: demoEvoBundles(),
    qa: demoQaBundles(),
  };

  it("each board has a submission without usage; tokens without dollars appear", () => {
    for (const [id, bundles] of Object.entries(boards)) expect(bundles.map(reports), id).toContain("none");
    expect(Object.values(boards).flat().map(reports)).toContain("tokens");
  });

  it("EvoBrowseComp 2025-10: cheap and weak, dear and strong, and a dominated one (dearer and weaker)", () => {
    const view = boards.evobrowsecomp.filter((b) => manifestOf(b).benchmarkVersion === "2025-10");
    expect(view.map(reports)).toEqual(["dollars", "dollars", "dollars"]);
    const points = view.map((b) => ({ model: b.model, cost: costPerSample(b), accuracy: accuracy(b) }));
    const dominated = points.filter((p) => points.some((q) => q.cost < p.cost && q.accuracy > p.accuracy));
    expect(dominated.map((p) => p.model)).toEqual(["Beacon-32B (demo)"]);
  });

  it("QA browsecomp-demo: Beacon-32B is on the Pareto front but below the line joining its neighbours", () => {
    const view = boards.qa.filter((b) => manifestOf(b).dataset === "browsecomp-demo" && reports(b) === "dollars");
    const [atlas, beacon, cobalt] = ["Atlas-Pro (demo)", "Beacon-32B (demo)", "Cobalt-Mini (demo)"].map((m) => {
      const b = view.find((x) => x.model === m)!;
      return { cost: costPerSample(b), accuracy: accuracy(b) };
    });
    expect(cobalt.cost < beacon.cost && beacon.cost < atlas.cost).toBe(true);
    expect(cobalt.accuracy < beacon.accuracy && beacon.accuracy < atlas.accuracy).toBe(true);
    const onHull = cobalt.accuracy + ((beacon.cost - cobalt.cost) / (atlas.cost - cobalt.cost)) * (atlas.accuracy - cobalt.accuracy);
    expect(beacon.accuracy).toBeLessThan(onHull);
  });

  it("one submission names no judge model, in its manifest or its samples", () => {
    const unnamed = Object.values(boards)
      .flat()
      .filter((b) => manifestOf(b).judgeModel === undefined && linesOf(b).every((l) => l.judge?.model === undefined));
    expect(unnamed.map((b) => b.name)).toEqual(["webdetective-Cobalt-Mini_demo_"]);
  });

  it("QA browsecomp-demo holds a resubmission: the same runs, team and agent, new bytes", () => {
    const atlas = boards.qa.filter((b) => manifestOf(b).dataset === "browsecomp-demo" && b.model === "Atlas-Pro (demo)");
    expect(atlas.map((b) => manifestOf(b).agent)).toEqual(["ReAct (demo)", "ReAct (demo)"]);
    expect(atlas[1].files["results.jsonl"]).not.toEqual(atlas[0].files["results.jsonl"]);
    const outcomes = atlas.map((b) => linesOf(b).map((l) => `${l.task_id}:${l.run ?? 0}:${l.verdict}`));
    expect(outcomes[1]).toEqual(outcomes[0]);
  });
});
