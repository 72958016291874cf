/**
 * Plain-language views of audit states and judge choices for the re-evaluation panel. Pure.
 */
import { objectOf } from "../benchmarks/stored";
import type { JudgeId } from "../judges/types";
import { goldCellSchema } from "./gold";

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

// Shown on their own (the verdict, the rationale) or too large to list (a table diff).
const NOT_LISTED = new Set(["correct", "judgeRationale", "detail"]);

export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number")
    return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
  if (typeof value === "string") return value.length > 80 ? `${value.slice(0, 77)}…` : value;
  const json = JSON.stringify(value);
  return json.length > 80 ? `${json.slice(0, 77)}…` : json;
}

/** The fields an entry changed, with `metrics` and `cell` opened one level so the changed figure is named. */
export function describeChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(after)) {
    if (NOT_LISTED.has(field)) continue;
    const b = before[field];
    const a = after[field];
    if (
      field === "metrics" &&
      a &&
      typeof a === "object" &&
      (b === null || typeof b === "object")
    ) {
      const bm = objectOf(b);
      const am = objectOf(a);
      for (const key of Object.keys(am)) {
        if (JSON.stringify(bm[key] ?? null) !== JSON.stringify(am[key] ?? null))
          changes.push({
            field: `metrics.${key}`,
            before: formatValue(bm[key]),
            after: formatValue(am[key]),
          });
      }
      continue;
    }
    const cell = field === "cell" ? goldCellSchema.safeParse(a) : null;
    if (cell?.success) {
      const old = goldCellSchema.safeParse(b);
      changes.push({
        field: `gold row ${cell.data.row + 1}, ${cell.data.column}`,
        before: formatValue(old.success ? old.data.value : undefined),
        after: formatValue(cell.data.value),
      });
      continue;
    }
    changes.push({
      field: field === "goldAnswer" ? "gold answer" : field,
      before: formatValue(b),
      after: formatValue(a),
    });
  }
  return changes;
}

/** The verdict before and after, or null when the entry left it alone. */
export function verdictChange(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: boolean; after: boolean } | null {
  return typeof after.correct === "boolean" && typeof before.correct === "boolean"
    ? { before: before.correct, after: after.correct }
    : null;
}

export interface JudgeOption {
  id: JudgeId;
  label: string;
  /** Why it cannot be chosen here, or null. */
  disabled: string | null;
}
