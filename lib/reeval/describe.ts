/**
 * Plain-language views of audit states and judge choices for the re-evaluation panel. Pure.
 */
import { benchmarkModule } from "../benchmarks/registry";
import { objectOf } from "../benchmarks/stored";
import { JUDGE_LABELS, type JudgeId } from "../judges/types";
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
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
  if (typeof value === "string") return value.length > 80 ? `${value.slice(0, 77)}…` : value;
  const json = JSON.stringify(value);
  return json.length > 80 ? `${json.slice(0, 77)}…` : json;
}

/** The fields an entry changed, with `metrics` and `cell` opened one level so the changed figure is named. */
export function describeChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(after)) {
    if (NOT_LISTED.has(field)) continue;
    const b = before[field];
    const a = after[field];
    if (field === "metrics" && a && typeof a === "object" && (b === null || typeof b === "object")) {
      const bm = objectOf(b);
      const am = objectOf(a);
      for (const key of Object.keys(am)) {
        if (JSON.stringify(bm[key] ?? null) !== JSON.stringify(am[key] ?? null)) changes.push({ field: `metrics.${key}`, before: formatValue(bm[key]), after: formatValue(am[key]) });
      }
      continue;
    }
    const cell = field === "cell" ? goldCellSchema.safeParse(a) : null;
    if (cell?.success) {
      const old = goldCellSchema.safeParse(b);
      changes.push({ field: `gold row ${cell.data.row + 1}, ${cell.data.column}`, before: formatValue(old.success ? old.data.value : undefined), after: formatValue(cell.data.value) });
      continue;
    }
    changes.push({ field: field === "goldAnswer" ? "gold answer" : field, before: formatValue(b), after: formatValue(a) });
  }
  return changes;
}

/** The verdict before and after, or null when the entry left it alone. */
export function verdictChange(before: Record<string, unknown>, after: Record<string, unknown>): { before: boolean; after: boolean } | null {
  return typeof after.correct === "boolean" && typeof before.correct === "boolean" ? { before: before.correct, after: after.correct } : null;
}

export interface JudgeOption {
  id: JudgeId;
  label: string;
  /** Why it cannot be chosen here, or null. */
  disabled: string | null;
}

/** Whether the benchmark is judged by a table scorer (cell by cell) rather than answer by answer, and its name. */
function judging(benchmark: string): { table: boolean; name: string } {
  const { judge, name } = benchmarkModule(benchmark);
  return { table: judge.kind === "table", name };
}

/** The judges a maintainer may re-judge this sample with, each disabled with a reason when it does not apply. */
export function rejudgeOptions(
  benchmark: string,
  input: { hasStoredGraderOutput: boolean; hasGold: boolean; llmUnavailable: string | null; resultsOnly?: boolean },
): JudgeOption[] {
  const { table: byTable, name } = judging(benchmark);
  const table = byTable ? `a ${name} verdict comes from its table scorer: use Re-score` : null;
  const gold = input.hasGold ? null : "this task has no gold answer";
  const noTable = byTable && input.resultsOnly ? "this sample came as an evaluation CSV: there is no response table to judge" : null;
  return [
    { id: "exact", label: JUDGE_LABELS.exact, disabled: table ?? gold },
    { id: "numeric", label: JUDGE_LABELS.numeric, disabled: table ?? gold },
    { id: "grader", label: JUDGE_LABELS.grader, disabled: table ?? (input.hasStoredGraderOutput ? null : "no grader output is stored with this sample") },
    { id: "llm", label: byTable ? "LLM judge (llm_judge cells)" : JUDGE_LABELS.llm, disabled: noTable ?? input.llmUnavailable ?? (byTable ? null : gold) },
  ];
}

/** The judges that may re-evaluate a task's samples after its gold changed. */
export function jobJudgeOptions(benchmark: string, llmUnavailable: string | null): JudgeOption[] {
  if (judging(benchmark).table) {
    return [
      { id: "exact", label: "table scorer (rule metrics)", disabled: null },
      { id: "llm", label: "table scorer with the LLM judge for llm_judge cells", disabled: llmUnavailable },
    ];
  }
  return [
    { id: "exact", label: JUDGE_LABELS.exact, disabled: null },
    { id: "numeric", label: JUDGE_LABELS.numeric, disabled: null },
    { id: "llm", label: JUDGE_LABELS.llm, disabled: llmUnavailable },
  ];
}
