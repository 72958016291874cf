/** A task's gold as a correction records it (an audit entry's before and after). Pure. */
import { z } from "zod";

export const goldCellSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  value: z.string(),
});

export const goldStateSchema = z.union([
  z.object({ goldAnswer: z.string().nullable() }),
  z.object({ cell: goldCellSchema }),
]);
export type GoldState = z.infer<typeof goldStateSchema>;

/** A gold table as the gold-cell form shows it. */
export interface GoldTableView {
  columns: string[];
  /** Each row's key cells as written, to pick the row by. */
  rowLabels: string[];
}
