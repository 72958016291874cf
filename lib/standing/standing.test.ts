import { describe, expect, it } from "vitest";
import type { CanonicalTask, CoverageBasis, StandingRules } from "./rules";
import {
  latestPerEntry,
  rankedFirst,
  rankStandings,
  runsBySubmission,
  submissionStanding,
  type Standing,
  type StandingSample,
  type ViewSplit,
} from "./standing";

/** A view's standings from its rows' runs, as db/queries/standing.ts composes them. */
function viewStandings(input: {
  rules: StandingRules;
  submissions: readonly { submissionId: number; judgeModel: string | null }[];
  samples: readonly StandingSample[];
  canonical: { tasks: readonly CanonicalTask[]; basis: CoverageBasis };
  split: ViewSplit | null;
}): Map<number, Standing> {
  const runs = runsBySubmission(input.samples);
  return rankStandings(
    new Map(
      input.submissions.map((s) => [
        s.submissionId,
        submissionStanding(input.rules, input, s, runs.get(s.submissionId) ?? []),
      ]),
    ),
  );
}

const RULES: StandingRules = {
  protocolRuns: 2,
  minTasks: 3,
  publishedTasks: () => null,
  toolCallLimit: { calls: 10, source: "the paper's limit" },
  trajectoryShare: 0.5,
  judgeDeclared: true,
};

/** Four tasks: e1, e2 English; z1, z2 Chinese. */
const CANONICAL = ["e1", "e2", "z1", "z2"].map((taskKey) => ({
  taskKey,
  tier: null,
  language: taskKey.startsWith("e") ? "en" : "zh",
}));

function sample(
  submissionId: number,
  taskKey: string,
  outcome: number,
  extra: Partial<StandingSample> = {},
): StandingSample {
  return {
    submissionId,
    taskKey,
    tier: null,
    language: taskKey.startsWith("e") ? "en" : "zh",
    outcome,
    correct: outcome === 1,
    toolCalls: 3,
    hasTrajectory: true,
    promptTokens: null,
    completionTokens: null,
    costUsd: null,
    seconds: null,
    ...extra,
  };
}

/** Submission 1 ran every task twice; 2 ran only the English tasks, twice; 3 ran one task once. */
const SAMPLES = [
  ...["e1", "e2", "z1", "z2"].flatMap((t) => [sample(1, t, 1), sample(1, t, t === "z2" ? 0 : 1)]),
  ...["e1", "e2"].flatMap((t) => [
    sample(2, t, 0, { hasTrajectory: false }),
    sample(2, t, 0, { hasTrajectory: false, toolCalls: 12 }),
  ]),
  sample(3, "e1", 1, { toolCalls: null }),
];
const SUBMISSIONS = [
  { submissionId: 1, judgeModel: "gpt-4.1" },
  { submissionId: 2, judgeModel: null },
  { submissionId: 3, judgeModel: "gpt-4.1" },
];

describe("viewStandings: coverage per split", () => {
  it("the whole version: only the submission with every task is ranked", () => {
    const s = viewStandings({
      rules: RULES,
      submissions: SUBMISSIONS,
      samples: SAMPLES,
      canonical: { tasks: CANONICAL, basis: "registered" },
      split: null,
    });
    expect(
      [1, 2, 3].map((id) => [
        s.get(id)?.tasksCovered,
        s.get(id)?.tasksTotal,
        s.get(id)?.ranked,
        s.get(id)?.rank,
      ]),
    ).toEqual([
      [4, 4, true, 1],
      [2, 4, false, null],
      [1, 4, false, null],
    ]);
  });

  it("an English view counts English tasks: the English-only submission is ranked there", () => {
    const s = viewStandings({
      rules: RULES,
      submissions: SUBMISSIONS,
      samples: SAMPLES,
      canonical: { tasks: CANONICAL, basis: "registered" },
      split: { field: "language", value: "en" },
    });
    expect(s.get(1)).toMatchObject({ tasksCovered: 2, tasksTotal: 2, ranked: true });
    expect(s.get(2)).toMatchObject({ tasksCovered: 2, tasksTotal: 2, ranked: true });
    expect(s.get(3)).toMatchObject({ tasksCovered: 1, tasksTotal: 2, ranked: false, rank: null });
    // 1 solves both English tasks in both runs, 2 neither: every resample differs by 1.
    expect(s.get(1)?.rank).toBe(1);
    expect(s.get(2)?.rank).toBe(2);
    // Fewer than minTasks (3) tasks covered: preliminary.
    expect(s.get(1)?.preliminary).toBe(true);
  });

  it("a view with no tasks in the set ranks nobody", () => {
    const s = viewStandings({
      rules: RULES,
      submissions: SUBMISSIONS,
      samples: SAMPLES,
      canonical: { tasks: CANONICAL, basis: "registered" },
      split: { field: "language", value: "fr" },
    });
    expect(
      [...s.values()].every((row) => !row.ranked && row.rank === null && row.tasksTotal === 0),
    ).toBe(true);
  });
});

describe("viewStandings: checks over the view", () => {
  const s = viewStandings({
    rules: RULES,
    submissions: SUBMISSIONS,
    samples: SAMPLES,
    canonical: { tasks: CANONICAL, basis: "registered" },
    split: { field: "language", value: "en" },
  });

  it("a complete, judged submission with trajectories and two runs is verified", () => {
    expect(s.get(1)?.verified).toBe(true);
    expect(s.get(1)?.checks.map((c) => c.rule)).toEqual([
      "complete-task-set",
      "runs-per-task",
      "tool-call-limit",
      "judge-declared",
      "trajectories",
    ]);
  });

  it("names every failed rule; the view's coverage and its check agree (2 / 2 English tasks)", () => {
    const failed = s.get(2)?.checks.filter((c) => !c.ok);
    expect(failed?.map((c) => [c.rule, c.detail])).toEqual([
      ["tool-call-limit", "2 of 4 runs exceed 10 tool calls (the paper's limit)"],
      ["judge-declared", "no judge model declared"],
      ["trajectories", "0% of samples have a trajectory; at least 50% required"],
    ]);
    expect(s.get(2)?.checks[0]).toEqual({
      rule: "complete-task-set",
      ok: true,
      detail: "2 / 2 English tasks of the official task file registered for this version",
    });
    expect(s.get(2)?.tasksCovered).toBe(s.get(2)?.tasksTotal);
    expect(s.get(2)?.verified).toBe(false);
  });

  it("over the whole version, a row of one language's tasks says so in words", () => {
    const whole = viewStandings({
      rules: RULES,
      submissions: SUBMISSIONS,
      samples: SAMPLES,
      canonical: { tasks: CANONICAL, basis: "registered" },
      split: null,
    });
    expect(whole.get(2)?.checks[0]).toEqual({
      rule: "complete-task-set",
      ok: false,
      detail:
        "2 / 4 tasks of the official task file registered for this version: English tasks only",
    });
    // One English task of two is no whole split: the count alone.
    expect(whole.get(3)?.checks[0].detail).toBe(
      "1 / 4 tasks of the official task file registered for this version",
    );
  });

  it("a version no approved submission has set yet: its own tasks are the set, never 0 / 0", () => {
    const first = viewStandings({
      rules: RULES,
      submissions: SUBMISSIONS,
      samples: SAMPLES,
      canonical: { tasks: [], basis: "largest-submission" },
      split: null,
    });
    expect(first.get(1)?.checks[0]).toEqual({
      rule: "complete-task-set",
      ok: true,
      detail: "4 / 4 tasks, its own: no approved submission of this version sets the task set yet",
    });
    expect(first.get(1)).toMatchObject({ tasksCovered: 4, tasksTotal: 4, ranked: false });
  });

  it("fewer runs than the protocol fails that rule; tool calls not recorded leave the limit rule out", () => {
    const checks = s.get(3)?.checks ?? [];
    expect(checks.find((c) => c.rule === "runs-per-task")).toEqual({
      rule: "runs-per-task",
      ok: false,
      detail: "1 run per task; the protocol asks for 2",
    });
    expect(checks.some((c) => c.rule === "tool-call-limit")).toBe(false);
  });
});

describe("viewStandings: reliability and cost of the view's tasks", () => {
  it("pass^2 and consistency over the view's tasks only", () => {
    const all = viewStandings({
      rules: RULES,
      submissions: SUBMISSIONS,
      samples: SAMPLES,
      canonical: { tasks: CANONICAL, basis: "registered" },
      split: null,
    });
    // Submission 1: e1, e2, z1 both runs right; z2 one of two. pass^2 = 3/4; consistency 3/4.
    expect(all.get(1)?.reliability.passHat).toEqual({ "2": 0.75 });
    expect(all.get(1)?.reliability.consistency).toBe(0.75);
    const zh = viewStandings({
      rules: RULES,
      submissions: SUBMISSIONS,
      samples: SAMPLES,
      canonical: { tasks: CANONICAL, basis: "registered" },
      split: { field: "language", value: "zh" },
    });
    expect(zh.get(1)?.reliability.passHat).toEqual({ "2": 0.5 });
  });

  it("cost not reported stays null", () => {
    const s = viewStandings({
      rules: RULES,
      submissions: SUBMISSIONS,
      samples: SAMPLES,
      canonical: { tasks: CANONICAL, basis: "registered" },
      split: null,
    });
    expect(s.get(1)?.cost.costUsdPerTask).toBeNull();
  });
});

describe("latestPerEntry: one row per team × model × agent × setting", () => {
  const row = (
    submissionId: number,
    uploadedAt: string,
    extra: Partial<{
      team: string | null;
      model: string;
      agent: string | null;
      setting: string;
    }> = {},
  ) => ({
    submissionId,
    uploadedAt,
    team: null,
    model: "Atlas-Pro",
    agent: "ReAct",
    setting: "default",
    benchmarkVersion: "v1",
    ...extra,
  });

  it("keeps the latest upload at its place; the earlier ones are its history, newest first", () => {
    const rows = [
      row(1, "2026-01-01T00:00:00Z"),
      row(2, "2026-01-01T00:00:00Z", { model: "Beacon-32B" }),
      row(3, "2026-03-01T00:00:00Z"),
      row(4, "2026-02-01T00:00:00Z"),
    ];
    const entries = latestPerEntry(rows);
    expect(entries.map((r) => r.submissionId)).toEqual([2, 3]);
    expect(entries[1].history.map((r) => r.submissionId)).toEqual([4, 1]);
    expect(entries[0].history).toEqual([]);
  });

  it("another team, agent, setting or version is another entry; equal times keep the higher id", () => {
    const rows = [
      row(1, "2026-01-01T00:00:00Z"),
      row(2, "2026-01-01T00:00:00Z", { team: "lab" }),
      row(3, "2026-01-01T00:00:00Z", { agent: null }),
      row(4, "2026-01-01T00:00:00Z", { setting: "B" }),
      { ...row(5, "2026-01-01T00:00:00Z"), benchmarkVersion: "v2" },
      row(6, "2026-01-01T00:00:00Z"),
    ];
    const entries = latestPerEntry(rows);
    expect(entries.map((r) => r.submissionId)).toEqual([2, 3, 4, 5, 6]);
    expect(entries.at(-1)?.history.map((r) => r.submissionId)).toEqual([1]);
  });
});

describe("rankedFirst: the default order lists rows by rank", () => {
  const standing = (rank: number | null, verified = true): Standing => ({
    tasksCovered: 4,
    tasksTotal: 4,
    basis: "published",
    ranked: rank !== null,
    rank,
    preliminary: false,
    verified,
    checks: [],
    cost: {
      tokensPerTask: null,
      promptTokensPerTask: null,
      completionTokensPerTask: null,
      costUsdPerTask: null,
      costUsdPerCorrect: null,
      secondsPerTask: null,
      toolCallsPerTask: null,
      totalCostUsd: null,
      totalTokens: null,
      totalSeconds: null,
    },
    reliability: { passHat: {}, passAt: {}, consistency: null },
  });
  // In primary-metric order (WideSearch English: deepseek 6.5% #4, claude 6.0% #5, glm 6.0% #3).
  const rows = [1, 2, 3, 4, 5].map((submissionId) => ({ submissionId }));
  const standings = new Map([
    [1, standing(1)],
    [2, standing(4)],
    [3, standing(5, false)],
    [4, standing(null)],
    [5, standing(3)],
  ]);

  it("by rank, then in the order given (the primary metric); unranked rows last", () => {
    const placed = rankedFirst(rows, standings, { verifiedOnly: false, byRank: true });
    expect(placed.map((r) => r.submissionId)).toEqual([1, 5, 2, 3, 4]);
    const ranks = placed.flatMap((r) => (r.standing.rank === null ? [] : [r.standing.rank]));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it("another sort keeps its order within the ranked rows; verified only drops the others", () => {
    expect(
      rankedFirst(rows, standings, { verifiedOnly: false, byRank: false }).map(
        (r) => r.submissionId,
      ),
    ).toEqual([1, 2, 3, 5, 4]);
    expect(
      rankedFirst(rows, standings, { verifiedOnly: true, byRank: true }).map((r) => r.submissionId),
    ).toEqual([1, 5, 2, 4]);
  });
});
