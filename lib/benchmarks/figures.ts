/**
 * A submission's own board columns with their figures, read from its stored overall report:
 * what the upload answer, the admin queue and the submission header show, for every
 * benchmark alike. Pure and client-safe.
 */
import type { Interval } from "../metrics/bootstrap";
import { assertNever } from "../assert-never";
import { storedFigures, type Board, type BoardFigures } from "./board";
import { mpwAggregateReportSchema, mpwBoardFigures } from "./mpw/stored";
import { wideSearchStoredAggregateSchema } from "./widesearch/stored";

/** One board column of a submission: its key, its label, its figure and 95% interval. */
export interface SubmissionFigure {
  key: string;
  label: string;
  value: number | null;
  ci: Interval | null;
}

/**
 * The figures of a board's stored report. MPW's and WideSearch's boards are read here until
 * they are boards of the one kind (DESIGN-27, `engine`): then `storedFigures` reads every board.
 */
function figuresOf(board: Board, stored: unknown): BoardFigures {
  switch (board.format) {
    case "report":
      return storedFigures(board, stored);
    case "mpw":
      return mpwBoardFigures(mpwAggregateReportSchema.parse(stored));
    case "widesearch": {
      const report = wideSearchStoredAggregateSchema.parse(stored);
      const values: Record<string, number | null> = {};
      const cis: Record<string, Interval | null> = {};
      for (const { key } of board.columns) {
        const value = Reflect.get(report, key);
        values[key] = typeof value === "number" ? value : null;
        cis[key] = Reflect.get(report.ci, key) ?? null;
      }
      return { values, cis };
    }
    default:
      return assertNever(board);
  }
}

/** The board's columns, in its order, each with the submission's figure (null where it has none). */
export function submissionFigures(board: Board, stored: unknown): SubmissionFigure[] {
  const { values, cis } = figuresOf(board, stored);
  return board.columns.map(({ key, label }) => ({
    key,
    label,
    value: values[key] ?? null,
    ci: cis[key] ?? null,
  }));
}
