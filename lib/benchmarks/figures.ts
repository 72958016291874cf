/**
 * A submission's own board columns with their figures, read from its stored overall report:
 * what the upload answer, the admin queue and the submission header show, for every
 * benchmark alike. Pure and client-safe.
 */
import type { Interval } from "../metrics/bootstrap";
import { storedFigures, type Board } from "./board";

/** One board column of a submission: its key, its label, its figure and 95% interval. */
export interface SubmissionFigure {
  key: string;
  label: string;
  value: number | null;
  ci: Interval | null;
}

/** The board's columns, in its order, each with the submission's figure (null where it has none). */
export function submissionFigures(board: Board, stored: unknown): SubmissionFigure[] {
  const { values, cis } = storedFigures(board, stored);
  return board.columns.map(({ key, label }) => ({
    key,
    label,
    value: values[key] ?? null,
    ci: cis[key] ?? null,
  }));
}
