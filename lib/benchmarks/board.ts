/**
 * What a benchmark's leaderboard is made of (its columns, primary metric, sort order,
 * version and setting filters, the stored report it reads). Each module declares its
 * board (lib/benchmarks/<id>/board.ts); the shared code works from that declaration. Pure.
 */
import { z } from "zod";
import type { Interval } from "../metrics/bootstrap";

export interface BoardColumn<Key extends string = string> {
  key: Key;
  label: string;
  title: string;
  kind: "rate" | "count" | "number";
}

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
}

interface BoardBase {
  /** Sortable figure columns in display order (the model column comes first, always). */
  readonly columns: readonly BoardColumn[];
  /** The primary metric's column key: the default sort and the home page's leader. */
  readonly primary: string;
  /** Columns where lower is better: sorted ascending first. None when absent. */
  readonly lowerIsBetter?: readonly string[];
  /** What the 95% bootstrap intervals resample. */
  readonly ciOver: "samples" | "tasks";
}

/**
 * A board read from each approved submission's stored overall report
 * (`aggregates.metrics`, split "overall"): the shared leaderboard, API and diagnostics
 * code serves it. A new benchmark declares one of these and needs nothing else there.
 */
export interface ReportBoard<Report = unknown> extends BoardBase {
  readonly format: "report";
  /** The URL parameter that picks the board's version, when a board holds one version only. */
  readonly versionParam: "version" | "dataset" | null;
  /** Whether the board filters by the submissions' setting (`setting=`). */
  readonly settingFilter: boolean;
  /** The stored overall report, parsed on every read. */
  readonly reportSchema: z.ZodType<Report>;
  /** The columns' figures of a parsed report. */
  figures(report: Report): BoardFigures;
  /** Display name of a stored version key. */
  versionLabel(key: string): string;
}

/**
 * MPW and WideSearch keep their own stored shapes (MPW's figures in table columns,
 * WideSearch's per-language splits) and their own queries; their board declares what the
 * shared code needs: the columns (API sort keys) and the closed lists of its URL parameters.
 */
export interface OwnBoard<
  Format extends "mpw" | "widesearch" = "mpw" | "widesearch",
> extends BoardBase {
  readonly format: Format;
  /** Each URL parameter's allowed values; anything else is a 404 page and a 400 at the API. */
  readonly params: Readonly<Record<string, readonly string[]>>;
  /**
   * The URL parameters that pick what the diagnostics page shows, each with its allowed
   * values: the leaderboard's where that page reads them (WideSearch's language), its own
   * where it reads others (MPW's analysis: the cohort's setting, the settings it pools).
   */
  readonly diagnosticsParams: Readonly<Record<string, ClosedParam>>;
}

/** A URL parameter with a closed list of values. */
export interface ClosedParam {
  readonly values: readonly string[];
  /** It holds several values (`a,b`, or the key repeated as a form sends checkboxes), each checked. */
  readonly list?: true;
}

export type Board = ReportBoard | OwnBoard;

/** The board's sort keys: its columns and the model name. */
export function sortKeys(board: Pick<BoardBase, "columns">): string[] {
  return [...board.columns.map((c) => c.key), "model"];
}

/** Newest first: versions compared as strings with numeric runs ("2026-01" > "2025-10", "v10" > "v9"). */
export function sortVersions(versions: readonly string[]): string[] {
  return [...versions].sort((a, b) => b.localeCompare(a, "en", { numeric: true }));
}

/** A stored version key as it is: most boards show their versions verbatim. */
export const verbatim = (key: string): string => key;

export function isReportBoard(board: Board): board is ReportBoard {
  return board.format === "report";
}

/** A stored 95% interval. */
export const intervalSchema = z.object({
  lo: z.number(),
  hi: z.number(),
}) satisfies z.ZodType<Interval>;

/** The columns' figures of a stored report read back from the database: parsed, never cast. */
export function storedFigures<Report>(board: ReportBoard<Report>, stored: unknown): BoardFigures {
  return board.figures(board.reportSchema.parse(stored));
}
