/**
 * Answer grounding on the boards (lib/metrics/grounding.ts computes it): how a benchmark whose
 * module has a `grounding` stores it in its split reports and shows it as a board column.
 * Client-safe (zod only).
 */
import { z } from "zod";
import type { GroundingFigures } from "../metrics/grounding";
import { intervalSchema, rate, type BoardFigures } from "./board";

export const groundingFiguresSchema = z.object({
  correct: z.number().int(),
  groundedCorrect: z.number().int(),
  ungroundedCorrect: z.number().int(),
  goldRetrievedButWrong: z.number().int(),
  grounded: z.number().nullable(),
  groundedCi: intervalSchema.nullable(),
}) satisfies z.ZodType<GroundingFigures>;

/**
 * A split report's grounding, spread into its schema. Optional: a report stored before
 * grounding existed has none until the worker's backfill (db/grounding.ts) recomputes it.
 */
export const storedGroundingShape = { grounding: groundingFiguresSchema.optional() };

export interface StoredGrounding {
  grounding?: GroundingFigures;
}

export const groundedColumn = rate(
  "grounded",
  "Grounded",
  "Share of correct answers that a tool result held before the run answered (answer grounding)",
);

/** The grounded column's figure and interval: null in a report stored before grounding. */
export function groundedFigures(report: StoredGrounding): Pick<BoardFigures, "values" | "cis"> {
  return {
    values: { grounded: report.grounding?.grounded ?? null },
    cis: { grounded: report.grounding?.groundedCi ?? null },
  };
}
