/**
 * What a benchmark's leaderboard is made of (its columns, primary metric, sort order,
 * the URL parameters that pick its rows, the stored report it reads). Each module declares its
 * board (lib/benchmarks/<id>/board.ts); the shared code works from that declaration. Pure.
 */
import { z } from "zod";
import type { Interval } from "../metrics/bootstrap";
import type { ViewSplit } from "../standing/standing";

export interface BoardColumn<Key extends string = string> {
  key: Key;
  label: string;
  title: string;
  kind: "rate" | "count" | "number";
  /**
   * Secondary columns shown stacked in one table column (so a board fits a laptop's width):
   * consecutive columns with the same group label share a header, each line tagged `short`.
   */
  group?: { label: string; short: string };
}

/** A table column: one board column, or a group's consecutive columns stacked. */
export interface ColumnStack<C extends BoardColumn> {
  label: string;
  columns: readonly C[];
}

/** The board's columns as the table shows them: consecutive columns of a group stacked. */
export function stackColumns<C extends BoardColumn>(columns: readonly C[]): ColumnStack<C>[] {
  const stacks: { label: string; columns: C[] }[] = [];
  for (const column of columns) {
    const last = stacks.at(-1);
    if (column.group && last && last.columns[0].group?.label === column.group.label)
      last.columns.push(column);
    else stacks.push({ label: column.group?.label ?? column.label, columns: [column] });
  }
  return stacks;
}

/** The same column, shown stacked under `label`, tagged `short` on its line. */
export const grouped = <C extends BoardColumn>(column: C, label: string, short: string): C => ({
  ...column,
  group: { label, short },
});

export const rate = <Key extends string>(
  key: Key,
  label: string,
  title: string,
): BoardColumn<Key> => ({ key, label, title, kind: "rate" });
export const number = <Key extends string>(
  key: Key,
  label: string,
  title: string,
): BoardColumn<Key> => ({ key, label, title, kind: "number" });
export const count = <Key extends string>(
  key: Key,
  label: string,
  title: string,
): BoardColumn<Key> => ({ key, label, title, kind: "count" });

/** The figures of one submission's stored report, by column key. */
export interface BoardFigures {
  values: Record<string, number | null>;
  cis: Record<string, Interval | null>;
  /**
   * Samples without a judge verdict, counted as not correct in the figures (so they are lower
   * bounds); absent where the benchmark scores every sample itself or the report predates the count.
   */
  unjudged?: number;
}

/**
 * A URL parameter that picks the rows a board shows, declared once: the pages' parser,
 * their 404, the API's 400 and its answer all read it from here.
 */
export type BoardViewParam =
  /**
   * One version (dataset) of the approved submissions at a time, by default the first:
   * versions ("newest-version") newest first; datasets ("latest-submission"), which have no
   * order of their own, the one with the most recent approved submission first.
   */
  | {
      readonly picks: "version";
      readonly param: "version" | "dataset";
      readonly order: "newest-version" | "latest-submission";
    }
  /**
   * The submissions of one setting: a closed list with its default, or (values null) the
   * stored settings and "all", the default.
   */
  | {
      readonly picks: "setting";
      readonly param: "setting";
      readonly values: readonly string[] | null;
      readonly default: string;
    }
  /**
   * One of the stored splits (`aggregates.split`): each value's split key, the task split
   * its standings are computed over, and how the home page names the view.
   */
  | {
      readonly picks: "split";
      readonly param: string;
      readonly values: readonly string[];
      readonly default: string;
      split(value: string): { key: string; standing: ViewSplit | null; label: string };
    };

/** A URL parameter with a closed list of values. */
export interface ClosedParam {
  readonly values: readonly string[];
  /** It holds several values (`a,b`, or the key repeated as a form sends checkboxes), each checked. */
  readonly list?: true;
}

/**
 * A benchmark's leaderboard: the shared leaderboard, API, export and home-card code serves
 * it from each approved submission's stored report (`aggregates.metrics`) of the split its
 * views pick. A new benchmark declares one of these and needs nothing else there.
 */
export interface Board<Report = unknown> {
  /** Sortable figure columns in display order (the model column comes first, always). */
  readonly columns: readonly BoardColumn[];
  /** The primary metric's column key: the default sort and the home page's leader. */
  readonly primary: string;
  /** Columns where lower is better: sorted ascending first. None when absent. */
  readonly lowerIsBetter?: readonly string[];
  /** What the 95% bootstrap intervals resample. */
  readonly ciOver: "samples" | "tasks";
  /** The URL parameters that pick the rows shown, in the order the URL and the API answer name them. */
  readonly views: readonly BoardViewParam[];
  /**
   * The diagnostics page's own view parameters, when it reads others than the board's views
   * (MPW's analysis: the cohort's setting, the settings it pools); absent, it reads the views.
   */
  readonly diagnosticsParams?: Readonly<Record<string, ClosedParam>>;
  /** The stored report of a split, parsed on every read. */
  readonly reportSchema: z.ZodType<Report>;
  /** The columns' figures of a parsed report. */
  figures(report: Report): BoardFigures;
  /** Display name of a stored version key. */
  versionLabel(key: string): string;
  /**
   * The column the upload answer's `metrics.toolCalls` (mean tool calls per run) reads, when
   * it is not `toolCalls`; absent and without such a column, the answer says null.
   */
  readonly toolCallsFigure?: string;
  /**
   * A row's figures as the leaderboard API publishes them, when the board published its own
   * fields before the boards were one (MPW, WideSearch); absent: the columns and their `ci`.
   */
  apiRow?(row: BoardRowFields<Report>): Record<string, unknown>;
}

/** What the API's `apiRow` gets of a row: its submission's fields and its parsed report. */
export interface BoardRowFields<Report> {
  benchmarkVersion: string;
  report: Report;
}

/** The view parameter that picks a version, if the board has one. */
export function versionView(
  board: Pick<Board, "views">,
): Extract<BoardViewParam, { picks: "version" }> | null {
  return (
    board.views.find(
      (v): v is Extract<BoardViewParam, { picks: "version" }> => v.picks === "version",
    ) ?? null
  );
}

/** The column of the board's primary metric. */
export function primaryColumn(board: Pick<Board, "columns" | "primary">): BoardColumn {
  const column = board.columns.find((c) => c.key === board.primary);
  if (!column)
    throw new Error(`the primary metric ${board.primary} is none of the board's columns`);
  return column;
}

/** The board's sort keys: its columns and the model name. */
export function sortKeys(board: Pick<Board, "columns">): string[] {
  return [...board.columns.map((c) => c.key), "model"];
}

/** Newest first: versions compared as strings with numeric runs ("2026-01" > "2025-10", "v10" > "v9"). */
export function sortVersions(versions: readonly string[]): string[] {
  return [...versions].sort((a, b) => b.localeCompare(a, "en", { numeric: true }));
}

/**
 * The stored version a URL's value names: the key itself, or the key whose label the picker
 * shows (QA's `browsecomp-demo` for `browsecomp-demo@v1`); null when it names none.
 */
export function resolveVersion(
  board: Pick<Board, "versionLabel">,
  versions: readonly string[],
  asked: string,
): string | null {
  if (versions.includes(asked)) return asked;
  return versions.find((key) => board.versionLabel(key) === asked) ?? null;
}

/** A stored version key as it is: most boards show their versions verbatim. */
export const verbatim = (key: string): string => key;

/** A stored 95% interval. */
export const intervalSchema = z.object({
  lo: z.number(),
  hi: z.number(),
}) satisfies z.ZodType<Interval>;

/** The columns' figures of a stored report read back from the database: parsed, never cast. */
export function storedFigures<Report>(board: Board<Report>, stored: unknown): BoardFigures {
  return board.figures(board.reportSchema.parse(stored));
}
