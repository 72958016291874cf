/**
 * A leaderboard view's standings, written once for every benchmark: per submission its
 * coverage of the view's task set (a row missing tasks is not ranked), its rank by the
 * significance rule (./rank.ts) among the ranked rows, its checks against the module's
 * rules (over the view's tasks: a split view's, else the whole version's), its cost and time (./cost.ts) and its reliability over
 * runs (./reliability.ts). Pure: the database layer reads the samples, this decides.
 */
import { costFigures, type CostFigures, type RunUsage } from "./cost";
import { significanceRanks } from "./rank";
import { reliability, type Reliability } from "./reliability";
import {
  checkSubmission,
  type CanonicalTask,
  type Check,
  type CoverageBasis,
  type StandingRules,
} from "./rules";

/** One stored run, as standings read it. */
export interface StandingSample extends RunUsage {
  submissionId: number;
  taskKey: string;
  tier: string | null;
  language: string | null;
  /** The primary metric's 0/1 outcome of the run (the module's `compare.outcomeFrom`). */
  outcome: number;
  hasTrajectory: boolean;
}

/** The split a view shows (MPW's tier, WideSearch's language); null: every task of the version. */
export interface ViewSplit {
  field: "tier" | "language";
  value: string;
}

/** A view's task set: the version's canonical tasks, and the split the view shows. */
export interface ViewTasks {
  canonical: { tasks: readonly CanonicalTask[]; basis: CoverageBasis };
  split: ViewSplit | null;
}

export interface Standing {
  /** Tasks of the view's set the submission has a run of, and the set's size. */
  tasksCovered: number;
  tasksTotal: number;
  basis: CoverageBasis;
  /** Covers the view's whole task set: only then is it ranked. */
  ranked: boolean;
  /** 1 + ranked rows significantly better; null when not ranked. */
  rank: number | null;
  /** Fewer tasks than the module's minimum. */
  preliminary: boolean;
  verified: boolean;
  checks: Check[];
  cost: CostFigures;
  reliability: Reliability;
}

/** Everything of a row's standing but its rank: it depends on that submission's runs alone, so it can be kept until they change. */
export interface SubmissionStanding extends Omit<Standing, "rank"> {
  /** Its mean outcome on each task of the view, in the view's task order (0 where it has no run). */
  scores: number[];
}

const inSplit = (task: { tier: string | null; language: string | null }, split: ViewSplit | null) =>
  split === null || task[split.field] === split.value;

const LANGUAGES = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });

/** A split in a visitor's words: "English" (WideSearch's `lang`), "hard-tier" (MPW's `tier`). */
export function splitWords(split: ViewSplit): string {
  return split.field === "language"
    ? (LANGUAGES.of(split.value) ?? split.value)
    : `${split.value}-tier`;
}

/**
 * When a submission's tasks are exactly every task of some values of a split field (all
 * English tasks, none of the others), those values in words: "English tasks only". Null
 * when it covers every task, or its tasks are not a union of whole splits.
 */
export function coveredOnly(
  tasks: readonly CanonicalTask[],
  covered: ReadonlySet<string>,
): string | null {
  if (covered.size === 0 || tasks.every((t) => covered.has(t.taskKey))) return null;
  for (const field of ["language", "tier"] as const) {
    const values = new Map<string, { all: number; covered: number }>();
    for (const task of tasks) {
      const value = task[field];
      if (value === null) continue;
      const counts = values.get(value) ?? { all: 0, covered: 0 };
      counts.all += 1;
      if (covered.has(task.taskKey)) counts.covered += 1;
      values.set(value, counts);
    }
    if (values.size < 2) continue;
    const counts = [...values.values()];
    const whole = [...values].filter(([, c]) => c.covered === c.all).map(([value]) => value);
    const noneElse = counts.every((c) => c.covered === 0 || c.covered === c.all);
    const tasksOfSplits = counts.reduce((sum, c) => sum + c.covered, 0);
    if (whole.length && noneElse && tasksOfSplits === covered.size)
      return `${whole
        .sort()
        .map((value) => splitWords({ field, value }))
        .join(" and ")} tasks only`;
  }
  return null;
}

/**
 * One submission's standing in a view but its rank, from its runs on the version. Its
 * checks are over the view's tasks and runs, so a view never ranks a row as complete and
 * fails it as incomplete; over the whole version (no split) a partial row's check says which
 * splits it covers in words.
 */
export function submissionStanding(
  rules: StandingRules,
  view: ViewTasks,
  submission: { judgeModel: string | null },
  samples: readonly StandingSample[],
): SubmissionStanding {
  // A version no approved submission has set a task set for yet: the submission's own tasks are it.
  const ownTasks =
    view.canonical.tasks.length === 0 && view.canonical.basis === "largest-submission";
  const canonical = ownTasks ? tasksOf(samples) : view.canonical.tasks;
  const viewTasks = canonical.filter((t) => inSplit(t, view.split)).map((t) => t.taskKey);
  const inView = new Set(viewTasks);
  const runsByTask = new Map<string, StandingSample[]>();
  for (const s of samples) {
    const runs = runsByTask.get(s.taskKey);
    if (runs) runs.push(s);
    else runsByTask.set(s.taskKey, [s]);
  }
  // The checks read the view's runs; over the whole version, every run (also of tasks off the set).
  const checked = view.split === null ? samples : samples.filter((s) => inSplit(s, view.split));
  const checkedTasks = new Set(checked.map((s) => s.taskKey));
  let fewestRuns = Number.POSITIVE_INFINITY;
  let mostRuns = 0;
  for (const [key, runs] of runsByTask) {
    if (!checkedTasks.has(key)) continue;
    fewestRuns = Math.min(fewestRuns, runs.length);
    mostRuns = Math.max(mostRuns, runs.length);
  }
  const withCalls = checked.filter((s) => s.toolCalls !== null);
  const limit = rules.toolCallLimit?.calls ?? null;
  const coveredKeys = new Set([...runsByTask.keys()].filter((key) => inView.has(key)));
  const checks = checkSubmission(rules, {
    canonicalCovered: coveredKeys.size,
    canonicalTotal: viewTasks.length,
    basis: view.canonical.basis,
    ownTasks,
    view: view.split === null ? null : splitWords(view.split),
    coveredOnly: view.split === null ? coveredOnly(canonical, coveredKeys) : null,
    fewestRuns: checkedTasks.size ? fewestRuns : 0,
    mostRuns,
    runsWithCalls: withCalls.length,
    runsOverLimit: limit === null ? 0 : withCalls.filter((s) => (s.toolCalls ?? 0) > limit).length,
    samples: checked.length,
    samplesWithTrajectory: checked.filter((s) => s.hasTrajectory).length,
    judgeModel: submission.judgeModel,
  });
  // The view's figures are over the view's tasks only.
  const viewRuns = viewTasks.flatMap((key) => {
    const runs = runsByTask.get(key);
    return runs ? [runs] : [];
  });
  const covered = viewRuns.length;
  return {
    tasksCovered: covered,
    tasksTotal: viewTasks.length,
    basis: view.canonical.basis,
    // Its own tasks are no set to rank against: rows of different tasks are never ranked together.
    ranked: !ownTasks && viewTasks.length > 0 && covered === viewTasks.length,
    preliminary: covered < rules.minTasks,
    verified: checks.every((c) => c.ok),
    checks,
    cost: costFigures(viewRuns),
    reliability: reliability(
      viewRuns.map((runs) => ({
        runs: runs.length,
        correct: runs.filter((r) => r.outcome === 1).length,
      })),
    ),
    scores: viewTasks.map((key) => {
      const runs = runsByTask.get(key) ?? [];
      return runs.length ? runs.reduce((sum, r) => sum + r.outcome, 0) / runs.length : 0;
    }),
  };
}

/** A submission's own tasks, in order of first run, with their splits. */
function tasksOf(samples: readonly StandingSample[]): CanonicalTask[] {
  const tasks = new Map<string, CanonicalTask>();
  for (const s of samples)
    if (!tasks.has(s.taskKey))
      tasks.set(s.taskKey, { taskKey: s.taskKey, tier: s.tier, language: s.language });
  return [...tasks.values()];
}

/** The view's standings from its rows' own parts: the ranked rows ranked among themselves. */
export function rankStandings(
  parts: ReadonlyMap<number, SubmissionStanding>,
): Map<number, Standing> {
  const ranked = [...parts].filter(([, part]) => part.ranked);
  const ranks = significanceRanks(ranked.map(([, part]) => part.scores));
  const rankOf = new Map(ranked.map(([id], i) => [id, ranks[i]]));
  return new Map(
    [...parts].map(([id, part]) => [
      id,
      {
        tasksCovered: part.tasksCovered,
        tasksTotal: part.tasksTotal,
        basis: part.basis,
        ranked: part.ranked,
        rank: rankOf.get(id) ?? null,
        preliminary: part.preliminary,
        verified: part.verified,
        checks: part.checks,
        cost: part.cost,
        reliability: part.reliability,
      },
    ]),
  );
}

/** Runs grouped by their submission, each group in the order given. */
export function runsBySubmission(
  samples: readonly StandingSample[],
): Map<number, StandingSample[]> {
  const groups = new Map<number, StandingSample[]>();
  for (const sample of samples) {
    const group = groups.get(sample.submissionId);
    if (group) group.push(sample);
    else groups.set(sample.submissionId, [sample]);
  }
  return groups;
}

/** What makes rows the same entry on a board: one team's model, agent and setting on one version. */
export interface EntryRow {
  submissionId: number;
  team: string | null;
  model: string;
  agent: string | null;
  setting: string;
  benchmarkVersion: string;
  /** When it was uploaded (ISO 8601): the latest of an entry's submissions is its row. */
  uploadedAt: string;
}

/**
 * One row per team × model × agent × setting (× version): the latest upload (the highest id
 * among equal times), at its place in the order given; the entry's earlier submissions are
 * its `history`, newest first. Only the latest is ranked, so a resubmission never takes a
 * rank of its own nor pushes other rows down.
 */
export function latestPerEntry<Row extends EntryRow>(
  rows: readonly Row[],
): (Row & { history: Row[] })[] {
  const entries = new Map<string, Row[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.team, row.model, row.agent, row.setting, row.benchmarkVersion]);
    const entry = entries.get(key);
    if (entry) entry.push(row);
    else entries.set(key, [row]);
  }
  const newestFirst = (a: Row, b: Row) =>
    b.uploadedAt.localeCompare(a.uploadedAt) || b.submissionId - a.submissionId;
  const latest = new Map<number, Row[]>();
  for (const entry of entries.values()) {
    const [head, ...history] = [...entry].sort(newestFirst);
    latest.set(head.submissionId, history);
  }
  return rows.flatMap((row) => {
    const history = latest.get(row.submissionId);
    return history ? [{ ...row, history }] : [];
  });
}

/**
 * A view's rows in board order: the ranked rows first, then the rows that miss tasks —
 * never above a ranked row — each group in the order given (the chosen sort). `byRank`
 * (the board's default order, by the primary metric) lists the ranked rows by rank, then in
 * the order given, so "#" never decreases down the table even where a paired test ranks a
 * lower mean higher. `verifiedOnly` keeps the verified rows (ranks stay those of the whole view).
 */
export function rankedFirst<Row extends { submissionId: number }>(
  rows: readonly Row[],
  standings: ReadonlyMap<number, Standing>,
  { verifiedOnly, byRank }: { verifiedOnly: boolean; byRank: boolean },
): (Row & { standing: Standing })[] {
  const placed = rows.flatMap((row) => {
    const standing = standings.get(row.submissionId);
    if (!standing) throw new Error(`no standing for submission ${row.submissionId}`);
    return verifiedOnly && !standing.verified ? [] : [{ ...row, standing }];
  });
  const ranked = placed.filter((row) => row.standing.ranked);
  // Array.prototype.sort is stable: rows of one rank keep the order given.
  if (byRank) ranked.sort((a, b) => (a.standing.rank ?? 0) - (b.standing.rank ?? 0));
  return [...ranked, ...placed.filter((row) => !row.standing.ranked)];
}

const interval = (ci: { lo: number; hi: number } | null | undefined) =>
  ci ? [ci.lo, ci.hi] : null;

/**
 * A row's standing as the leaderboard API, its CSV export and `metrics --json` give it
 * (docs/API.md, docs/CLI.md: the contract). Cost figures are null when not reported, never 0.
 */
export function standingFields(standing: Standing) {
  const { cost, reliability } = standing;
  return {
    tasksCovered: standing.tasksCovered,
    tasksTotal: standing.tasksTotal,
    coverageBasis: standing.basis,
    ranked: standing.ranked,
    rank: standing.rank,
    preliminary: standing.preliminary,
    verified: standing.verified,
    checks: standing.checks,
    tokensPerTask: cost.tokensPerTask?.value ?? null,
    promptTokensPerTask: cost.promptTokensPerTask?.value ?? null,
    completionTokensPerTask: cost.completionTokensPerTask?.value ?? null,
    costUsdPerTask: cost.costUsdPerTask?.value ?? null,
    costUsdPerCorrect: cost.costUsdPerCorrect?.value ?? null,
    secondsPerTask: cost.secondsPerTask?.value ?? null,
    totalCostUsd: cost.totalCostUsd,
    totalTokens: cost.totalTokens,
    totalSeconds: cost.totalSeconds,
    costCi: {
      tokensPerTask: interval(cost.tokensPerTask?.ci),
      costUsdPerTask: interval(cost.costUsdPerTask?.ci),
      costUsdPerCorrect: interval(cost.costUsdPerCorrect?.ci),
      secondsPerTask: interval(cost.secondsPerTask?.ci),
    },
    ...(Object.keys(reliability.passHat).length
      ? {
          passHat: { ...reliability.passHat },
          passAt: { ...reliability.passAt },
          consistency: reliability.consistency,
        }
      : {}),
  };
}
