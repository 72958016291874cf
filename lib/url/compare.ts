/**
 * URL state of the compare pages. `/compare?s=3&s=7` compares submissions 3 and 7 (the
 * first is the baseline unless `base` names another); `vs` picks the one shown in detail
 * against the baseline, `cell` (and optionally `in=<dimension>:<value>`) lists a matrix
 * cell's tasks, `b` is the picker's benchmark. `/compare/task?s=3&s=7&task=K&run=0`
 * shows one task side by side; opened from a cell's list it carries `cell` (and `in`) too,
 * for the next and previous task of that cell.
 */
import { OUTCOME_CELLS, type OutcomeCell } from "../compare/outcomes";
import { first, positiveInt, type RawSearchParams } from "./search-params";

/** More than this many submissions on one page would make the pairwise list unreadable. */
export const MAX_COMPARED = 8;
export const CELL_PAGE_SIZE = 100;

export interface CompareState {
  ids: number[];
  base: number | null;
  vs: number | null;
  cell: OutcomeCell | null;
  within: { dimension: string; value: string } | null;
  page: number;
  /** The picker's benchmark. */
  benchmark: string | null;
  /** Why some of the URL was not usable (shown on the page, never silently dropped). */
  problems: string[];
}

function all(params: RawSearchParams, key: string): string[] {
  const value = params[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function submissionIdOf(raw: string | undefined): number | null {
  return raw !== undefined && /^\d{1,9}$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : null;
}

/** A matrix cell (`cell=only-a`) and optionally one split value within it (`in=<dimension>:<value>`). */
export interface CellContext {
  cell: OutcomeCell | null;
  within: { dimension: string; value: string } | null;
}

function parseCellContext(params: RawSearchParams): CellContext {
  const rawCell = first(params, "cell");
  const cell =
    rawCell !== undefined && (OUTCOME_CELLS as readonly string[]).includes(rawCell)
      ? (rawCell as OutcomeCell)
      : null;
  const rawWithin = first(params, "in");
  const colon = rawWithin?.indexOf(":") ?? -1;
  const within =
    cell && rawWithin && colon > 0
      ? { dimension: rawWithin.slice(0, colon), value: rawWithin.slice(colon + 1) }
      : null;
  return { cell, within };
}

export function parseCompareState(params: RawSearchParams): CompareState {
  const problems: string[] = [];
  const ids: number[] = [];
  for (const raw of all(params, "s")) {
    const id = submissionIdOf(raw);
    if (id === null) problems.push(`“${raw.slice(0, 40)}” is not a submission id`);
    else if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > MAX_COMPARED) {
    problems.push(
      `at most ${MAX_COMPARED} submissions can be compared at once; the first ${MAX_COMPARED} are shown`,
    );
    ids.length = MAX_COMPARED;
  }
  const pick = (key: string): number | null => {
    const raw = first(params, key);
    if (raw === undefined || raw === "") return null;
    const id = submissionIdOf(raw);
    if (id === null || !ids.includes(id)) {
      problems.push(`${key}=${raw.slice(0, 40)} is not one of the compared submissions`);
      return null;
    }
    return id;
  };
  const base = pick("base") ?? ids[0] ?? null;
  let vs = pick("vs");
  if (vs === base) vs = null;
  vs ??= ids.find((id) => id !== base) ?? null;
  const { cell, within } = parseCellContext(params);
  const rawCell = first(params, "cell");
  if (rawCell !== undefined && rawCell !== "" && cell === null)
    problems.push(
      `cell=${rawCell.slice(0, 40)} is not a matrix cell (${OUTCOME_CELLS.join(", ")})`,
    );
  const benchmark = first(params, "b")?.trim() || null;
  return {
    ids,
    base,
    vs,
    cell,
    within,
    page: positiveInt(first(params, "page"), 1),
    benchmark,
    problems,
  };
}

/** `/compare` with the given state; the baseline goes first and defaults are left out. */
export function compareHref(
  state: {
    ids: readonly number[];
    base?: number | null;
    vs?: number | null;
    cell?: OutcomeCell | null;
    within?: { dimension: string; value: string } | null;
    page?: number;
  },
  hash = "",
): string {
  const params = new URLSearchParams();
  const base = state.base ?? state.ids[0];
  const ordered =
    base === undefined ? [...state.ids] : [base, ...state.ids.filter((id) => id !== base)];
  for (const id of ordered) params.append("s", String(id));
  const defaultVs = ordered.find((id) => id !== base);
  if (state.vs !== undefined && state.vs !== null && state.vs !== defaultVs)
    params.set("vs", String(state.vs));
  if (state.cell) params.set("cell", state.cell);
  if (state.cell && state.within)
    params.set("in", `${state.within.dimension}:${state.within.value}`);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const text = params.toString();
  return `/compare${text ? `?${text}` : ""}${hash}`;
}

interface CompareTaskState extends CellContext {
  a: number;
  b: number;
  taskKey: string;
  run: number;
}

/** The side-by-side page's state, or a message saying what is wrong with the URL. */
export function parseCompareTaskState(
  params: RawSearchParams,
): CompareTaskState | { error: string } {
  const ids = all(params, "s").map(submissionIdOf);
  if (ids.length !== 2 || ids.some((id) => id === null))
    return { error: "Give exactly two submissions: /compare/task?s=<A>&s=<B>&task=<task id>" };
  const taskKey = first(params, "task");
  if (!taskKey) return { error: "Give the task: &task=<task id>" };
  const rawRun = first(params, "run") ?? "0";
  if (!/^\d{1,6}$/.test(rawRun)) return { error: `run=${rawRun.slice(0, 40)} is not a run number` };
  return { a: ids[0]!, b: ids[1]!, taskKey, run: Number(rawRun), ...parseCellContext(params) };
}

/** One task side by side; with a cell, the page steps through that cell's tasks. */
export function compareTaskHref(
  a: number,
  b: number,
  taskKey: string,
  run = 0,
  context: CellContext | null = null,
): string {
  const params = new URLSearchParams();
  params.append("s", String(a));
  params.append("s", String(b));
  params.set("task", taskKey);
  if (run !== 0) params.set("run", String(run));
  if (context?.cell) params.set("cell", context.cell);
  if (context?.cell && context.within)
    params.set("in", `${context.within.dimension}:${context.within.value}`);
  return `/compare/task?${params.toString()}`;
}
