/**
 * Comparing two submissions (A, the baseline, and B) on the tasks they share. Pure.
 *
 * How runs are paired (the compare page says the same):
 *  - Outcome matrix and McNemar: run by run. Run r of a task in A is paired with run r
 *    of the same task in B; a run only one side has is left out. With one run per task
 *    the matrix counts tasks. With several runs, McNemar treats the run pairs as
 *    independent, which overstates its confidence; the bootstrap below does not.
 *  - Paired difference and its bootstrap CI: task by task. Each side's score on a task
 *    is the mean of its outcome over that side's runs of the task; the difference is
 *    the mean over shared tasks of (B − A), and the bootstrap resamples tasks, so runs
 *    of one task stay together. With the same runs on both sides this equals
 *    (onlyB − onlyA) / pairs from the matrix.
 *  - Secondary figures (FCR, tool calls): the same per-task means, over the tasks where
 *    both sides have a value.
 */
import { assertNever } from "../assert-never";
import {
  mcnemar,
  pairedBootstrap,
  type McNemarResult,
  type PairedBootstrapOptions,
  type PairedDifference,
} from "../stats/paired";

export const OUTCOME_CELLS = ["both", "only-a", "only-b", "neither"] as const;
export type OutcomeCell = (typeof OUTCOME_CELLS)[number];

/** One run of one task, scored on both sides. */
export interface RunPair {
  taskKey: string;
  run: number;
  a: boolean;
  b: boolean;
}

export interface OutcomeMatrix {
  /** Both right. */
  both: number;
  /** A right, B wrong (McNemar's b). */
  onlyA: number;
  /** A wrong, B right (McNemar's c). */
  onlyB: number;
  /** Both wrong. */
  neither: number;
  total: number;
}

export function cellOf(a: boolean, b: boolean): OutcomeCell {
  if (a) return b ? "both" : "only-a";
  return b ? "only-b" : "neither";
}

export function outcomeMatrix(pairs: readonly { a: boolean; b: boolean }[]): OutcomeMatrix {
  const m: OutcomeMatrix = { both: 0, onlyA: 0, onlyB: 0, neither: 0, total: pairs.length };
  for (const p of pairs) {
    const cell = cellOf(p.a, p.b);
    switch (cell) {
      case "both":
        m.both += 1;
        break;
      case "only-a":
        m.onlyA += 1;
        break;
      case "only-b":
        m.onlyB += 1;
        break;
      case "neither":
        m.neither += 1;
        break;
      default:
        assertNever(cell);
    }
  }
  return m;
}

export function countOf(matrix: OutcomeMatrix, cell: OutcomeCell): number {
  switch (cell) {
    case "both":
      return matrix.both;
    case "only-a":
      return matrix.onlyA;
    case "only-b":
      return matrix.onlyB;
    case "neither":
      return matrix.neither;
  }
}

/** One shared task: each side's mean over its runs (null where a side has no value). */
export interface TaskPair {
  taskKey: string;
  /** Mean outcome (0–1) over the side's runs of the task. */
  a: number;
  b: number;
  aFcr: number | null;
  bFcr: number | null;
  aToolCalls: number | null;
  bToolCalls: number | null;
  /** The task's value for each split dimension (e.g. {tier: "hard", category: "NBA"}). */
  splits: Record<string, string | null>;
}

export interface PairSummary {
  /** Run pairs in the matrix. */
  runPairs: number;
  /** Shared tasks in the paired difference. */
  tasks: number;
  matrix: OutcomeMatrix;
  mcnemar: McNemarResult;
  primary: PairedDifference | null;
}

export function summarisePair(
  runs: readonly RunPair[],
  tasks: readonly TaskPair[],
  options: PairedBootstrapOptions = {},
): PairSummary {
  const matrix = outcomeMatrix(runs);
  return {
    runPairs: runs.length,
    tasks: tasks.length,
    matrix,
    mcnemar: mcnemar(matrix.onlyA, matrix.onlyB),
    primary: pairedBootstrap(
      tasks.map((t) => t.a),
      tasks.map((t) => t.b),
      options,
    ),
  };
}

/** Paired difference of a secondary per-task figure, over the tasks where both sides have it. */
export function secondaryDifference(
  tasks: readonly TaskPair[],
  figure: "fcr" | "toolCalls",
  options: PairedBootstrapOptions = {},
): PairedDifference | null {
  const a: number[] = [];
  const b: number[] = [];
  for (const t of tasks) {
    const [x, y] = figure === "fcr" ? [t.aFcr, t.bFcr] : [t.aToolCalls, t.bToolCalls];
    if (x === null || y === null) continue;
    a.push(x);
    b.push(y);
  }
  return pairedBootstrap(a, b, options);
}

export interface SplitSummary {
  dimension: string;
  value: string;
  summary: PairSummary;
}

/**
 * The same comparison within each value of each split dimension (tasks without a value
 * for a dimension are left out of its splits). Values alphabetically, unless `order`
 * gives an order for the dimension (e.g. easy, medium, hard; values not in it last).
 */
export function splitSummaries(
  runs: readonly RunPair[],
  tasks: readonly TaskPair[],
  dimensions: readonly string[],
  options: PairedBootstrapOptions & { order?: Record<string, readonly string[]> } = {},
): SplitSummary[] {
  const out: SplitSummary[] = [];
  const byKey = new Map(tasks.map((t) => [t.taskKey, t]));
  for (const dimension of dimensions) {
    const groups = new Map<string, { tasks: TaskPair[]; runs: RunPair[] }>();
    for (const t of tasks) {
      const value = t.splits[dimension];
      if (value === null || value === undefined) continue;
      const group = groups.get(value) ?? { tasks: [], runs: [] };
      group.tasks.push(t);
      groups.set(value, group);
    }
    for (const r of runs) {
      const value = byKey.get(r.taskKey)?.splits[dimension];
      if (value === null || value === undefined) continue;
      groups.get(value)?.runs.push(r);
    }
    const order = options.order?.[dimension];
    const values = [...groups.keys()];
    if (order) values.sort((x, y) => rank(order, x) - rank(order, y) || x.localeCompare(y));
    else values.sort((x, y) => x.localeCompare(y));
    for (const value of values) {
      const group = groups.get(value)!;
      out.push({ dimension, value, summary: summarisePair(group.runs, group.tasks, options) });
    }
  }
  return out;
}

function rank(order: readonly string[], value: string): number {
  const i = order.indexOf(value);
  return i === -1 ? order.length : i;
}

/** The run pairs in one cell of the matrix, in task then run order. */
export function pairsInCell<T extends RunPair>(runs: readonly T[], cell: OutcomeCell): T[] {
  return runs.filter((r) => cellOf(r.a, r.b) === cell);
}

/** A cell's run pairs, optionally only the tasks with one split value (`within`), in the pairs' order: the cell's task list and its next/previous. */
export function cellTaskPairs<T extends RunPair>(
  runs: readonly T[],
  splitsOf: (taskKey: string) => Record<string, unknown> | undefined,
  cell: OutcomeCell,
  within: { dimension: string; value: string } | null,
): T[] {
  return pairsInCell(runs, cell).filter(
    (p) => within === null || splitsOf(p.taskKey)?.[within.dimension] === within.value,
  );
}
