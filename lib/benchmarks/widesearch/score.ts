/**
 * Scores one WideSearch sample: the response's markdown table against the gold table,
 * exactly as `metrics.md` (WideSearch) defines it, with a per-cell breakdown for the
 * table-diff viewer. Pure and deterministic; an `llm_judge` cell is scored only when
 * the caller passes a judge, and is reported as "unscored" otherwise.
 *
 * Where we deliberately differ from the official evaluator (ByteDance-Seed/WideSearch,
 * `src/evaluation/evaluation.py`), the place is marked "Differs:" below.
 */
import type { ColumnPipeline, GoldTable, WideSearchEvaluation } from "./formats";
import {
  ruleMetric,
  type AsyncCellJudge,
  type CellJudge,
  type CellScore,
  type CellVerdict,
  type JudgeColumnRequest,
  type MetricName,
} from "./metrics";
import { normStr, preprocessCell, type PreprocessName } from "./preprocess";
import { findResponseTable, normalizeColumnName, type MarkdownTable } from "./table";

export interface WideSearchTaskForScoring {
  instanceId: string;
  evaluation: WideSearchEvaluation;
}

export interface WideSearchMetrics {
  success: boolean;
  rowPrecision: number;
  rowRecall: number;
  rowF1: number;
  itemPrecision: number;
  itemRecall: number;
  itemF1: number;
}

export type WideSearchStatus = "scored" | "no_response" | "no_table" | "column_mismatch";

/** One metric's verdict on one cell. */
export interface MetricCheck {
  metric: MetricName;
  score: CellScore;
  why: string;
}

export interface CellDiff {
  column: string;
  /** As written in the response and in the gold CSV. */
  predicted: string;
  gold: string;
  /** After the column's preprocess steps. */
  predictedProcessed: string;
  goldProcessed: string;
  preprocess: PreprocessName[];
  isKey: boolean;
  /** "key" for key columns, else the metric names joined with "+". */
  metric: string;
  checks: MetricCheck[];
  score: CellScore;
  why: string;
}

export interface RowDiff {
  /** The gold row's key cells as written. */
  key: Record<string, string>;
  cells: CellDiff[];
  /** Min of the row's cell scores; "unscored" when an unscored cell could change it. */
  score: CellScore;
}

export interface UnmatchedRow {
  key: Record<string, string>;
  values: Record<string, string>;
}

export interface WideSearchSampleScore extends WideSearchMetrics {
  status: WideSearchStatus;
  /** Why the sample scored 0 without a comparison (status ≠ "scored"). */
  reason: string | null;
  /** False when some `llm_judge` cells are unscored: the metrics above count them as 0. */
  complete: boolean;
  unscoredCells: number;
  /** The metrics with every unscored cell counted as 1 (null when complete). */
  upperBound: WideSearchMetrics | null;
  /** The sorted, preprocessed tables are equal (one of the two ways to success). */
  tablesEqual: boolean;
  counts: {
    /** Body rows of the response table as parsed. */
    tableRows: number;
    /** After removing rows whose key repeats an earlier row's. */
    predRows: number;
    goldRows: number;
    matchedRows: number;
    duplicatePredRows: number;
    duplicateGoldRows: number;
  };
  columns: {
    required: string[];
    keys: string[];
    /** Each response header and the required column it was aligned to (null: none). */
    mapping: { header: string; column: string | null }[];
  };
  rows: RowDiff[];
  missingGoldRows: UnmatchedRow[];
  extraPredictedRows: UnmatchedRow[];
  /** The table as found (null when there was none). */
  table: MarkdownTable | null;
  warnings: string[];
}

export interface WideSearchScoreOptions {
  judge?: CellJudge;
}

export interface WideSearchAsyncScoreOptions {
  judge?: CellJudge | AsyncCellJudge;
}

// ---------------------------------------------------------------------------------------

interface PreparedRow {
  raw: string[];
  processed: string[];
  joinKey: string;
}

interface JudgeSlot {
  column: string;
  criterion: string | null;
  /** The checks to fill, one per matched row, in row order. */
  checks: MetricCheck[];
  items: { response: string; target: string }[];
}

interface Prepared {
  result: WideSearchSampleScore;
  judgeSlots: JudgeSlot[];
  predRows: PreparedRow[];
  goldRows: PreparedRow[];
}

const ZERO: Omit<WideSearchMetrics, "success"> = {
  rowPrecision: 0,
  rowRecall: 0,
  rowF1: 0,
  itemPrecision: 0,
  itemRecall: 0,
  itemF1: 0,
};

function pick(
  columns: readonly string[],
  values: readonly string[],
  wanted: readonly string[],
): Record<string, string> {
  return Object.fromEntries(wanted.map((c) => [c, values[columns.indexOf(c)] ?? ""]));
}

/** A sample that could not be compared (no response, no table, columns ≠ required): all zeros, every gold row missing. */
function invalidResult(
  status: Exclude<WideSearchStatus, "scored">,
  reason: string,
  evaluation: WideSearchEvaluation,
  gold: GoldTable,
  table: MarkdownTable | null,
  mapping: WideSearchSampleScore["columns"]["mapping"],
  warnings: string[],
): WideSearchSampleScore {
  const goldColumns = evaluation.required;
  const goldRows = reorderGold(gold, goldColumns);
  return {
    success: false,
    ...ZERO,
    status,
    reason,
    complete: true,
    unscoredCells: 0,
    upperBound: null,
    tablesEqual: false,
    counts: {
      tableRows: table?.rows.length ?? 0,
      predRows: table?.rows.length ?? 0,
      goldRows: goldRows.length,
      matchedRows: 0,
      duplicatePredRows: 0,
      duplicateGoldRows: 0,
    },
    columns: { required: [...goldColumns], keys: [...evaluation.uniqueColumns], mapping },
    rows: [],
    missingGoldRows: goldRows.map((row) => ({
      key: pick(goldColumns, row, evaluation.uniqueColumns),
      values: pick(goldColumns, row, goldColumns),
    })),
    extraPredictedRows: [],
    table,
    warnings,
  };
}

/** Gold rows with cells in `required` order. */
function reorderGold(gold: GoldTable, required: readonly string[]): string[][] {
  const indexes = required.map((column) => {
    const at = gold.columns.indexOf(column);
    if (at < 0)
      throw new Error(`gold table has no column "${column}" (columns: ${gold.columns.join(", ")})`);
    return at;
  });
  return gold.rows.map((row) => indexes.map((i) => row[i] ?? ""));
}

/**
 * Aligns response headers with required columns. A header aligns with a column when their
 * `norm_str` forms are equal (so `**Home Page**` aligns with `homepage`).
 * Differs: the official code asks an LLM to map headers that do not match exactly; we do
 * not guess beyond `norm_str` (an LLM aligner could be added behind the judge setting).
 * Empty headers are dropped with their cells, as pandas' "Unnamed" columns are officially.
 */
function alignColumns(header: readonly string[], required: readonly string[]) {
  const mapping: { header: string; column: string | null }[] = [];
  const columnIndex = new Map<string, number>();
  const problems: string[] = [];
  const warnings: string[] = [];
  header.forEach((name, i) => {
    if (name.trim() === "") {
      warnings.push(`column ${i + 1} has no header; its cells are ignored`);
      return;
    }
    const column = required.find((r) => normStr(r) === normStr(name)) ?? null;
    mapping.push({ header: name, column });
    if (column === null) return;
    if (columnIndex.has(column)) problems.push(`"${column}" appears twice`);
    else columnIndex.set(column, i);
  });
  const extra = mapping.filter((m) => m.column === null).map((m) => normalizeColumnName(m.header));
  const missing = required.filter((c) => !columnIndex.has(c));
  if (extra.length) problems.push(`unexpected ${extra.map((c) => `"${c}"`).join(", ")}`);
  if (missing.length) problems.push(`missing ${missing.map((c) => `"${c}"`).join(", ")}`);
  return { mapping, columnIndex, problems, warnings };
}

function prepareRows(
  rows: readonly string[][],
  required: readonly string[],
  keys: readonly string[],
  pipeline: Record<string, ColumnPipeline>,
): PreparedRow[] {
  const keyIndexes = keys.map((k) => required.indexOf(k));
  return rows.map((raw) => {
    const processed = raw.map((cell, i) =>
      preprocessCell(cell, pipeline[required[i]]?.preprocess ?? []),
    );
    // Key values align when their norm_str forms are equal (after the column's preprocess).
    // Differs: the official code asks an LLM to map response keys onto gold keys.
    const joinKey = JSON.stringify(keyIndexes.map((i) => normStr(processed[i])));
    return { raw, processed, joinKey };
  });
}

/**
 * Keeps the first row for each key. Differs: the official code deduplicates on the raw
 * strings before preprocessing, so rows whose keys differ only in form (`Apple` /
 * `apple*`) both survive and then join the same gold row twice, which can push TP above
 * the row count; we deduplicate on the key as it is joined.
 */
function dedupe(rows: readonly PreparedRow[]): { kept: PreparedRow[]; dropped: number } {
  const seen = new Set<string>();
  const kept: PreparedRow[] = [];
  for (const row of rows) {
    if (seen.has(row.joinKey)) continue;
    seen.add(row.joinKey);
    kept.push(row);
  }
  return { kept, dropped: rows.length - kept.length };
}

function prepare(
  responseText: string | null | undefined,
  task: WideSearchTaskForScoring,
  gold: GoldTable,
): Prepared | WideSearchSampleScore {
  const { evaluation } = task;
  const required = evaluation.required;
  const keys = evaluation.uniqueColumns;
  if (responseText === null || responseText === undefined || responseText.trim() === "") {
    return invalidResult(
      "no_response",
      "the run produced no response",
      evaluation,
      gold,
      null,
      [],
      [],
    );
  }
  const table = findResponseTable(responseText);
  if (!table)
    return invalidResult(
      "no_table",
      "no markdown table in the response",
      evaluation,
      gold,
      null,
      [],
      [],
    );

  const { mapping, columnIndex, problems, warnings } = alignColumns(table.header, required);
  // Differs: a row with more cells than the header makes pandas fail, and the official
  // code then scores the whole sample 0 ("evaluator error"); we cut the extra cells and
  // say so. Short rows are padded with empty cells (pandas pads them with NaN → "nan").
  for (const r of table.raggedRows) {
    warnings.push(
      `table row ${r.row + 1} has ${r.cells} cells, the header ${table.header.length}: ${r.cells < table.header.length ? "padded with empty cells" : "extra cells ignored"}`,
    );
  }
  if (problems.length) {
    return invalidResult(
      "column_mismatch",
      `columns ≠ required: ${problems.join("; ")}`,
      evaluation,
      gold,
      table,
      mapping,
      warnings,
    );
  }

  const predTable = table.rows.map((row) => required.map((c) => row[columnIndex.get(c)!]));
  const pred = dedupe(prepareRows(predTable, required, keys, evaluation.evalPipeline));
  const goldPrepared = dedupe(
    prepareRows(reorderGold(gold, required), required, keys, evaluation.evalPipeline),
  );
  if (gold.blankRowsDropped) warnings.push(`${gold.blankRowsDropped} blank gold rows left out`);

  const goldByKey = new Map(goldPrepared.kept.map((row) => [row.joinKey, row]));
  const predByKey = new Map(pred.kept.map((row) => [row.joinKey, row]));
  const keySet = new Set(keys);
  const keyOf = (row: PreparedRow) => pick(required, row.raw, keys);

  const judgeSlots = new Map<string, JudgeSlot>();
  const rows: RowDiff[] = [];
  // Inner join on the key, in gold order.
  for (const goldRow of goldPrepared.kept) {
    const predRow = predByKey.get(goldRow.joinKey);
    if (!predRow) continue;
    const cells = required.map((column, i): CellDiff => {
      const entry: ColumnPipeline | undefined = evaluation.evalPipeline[column];
      const base = {
        column,
        predicted: predRow.raw[i],
        gold: goldRow.raw[i],
        predictedProcessed: predRow.processed[i],
        goldProcessed: goldRow.processed[i],
        preprocess: entry?.preprocess ?? [],
      };
      if (keySet.has(column)) {
        return {
          ...base,
          isKey: true,
          metric: "key",
          checks: [],
          score: 1,
          why: "key column: the rows were joined on it",
        };
      }
      if (!entry) {
        // Only reachable with an evaluation that did not come through parseWideSearchTask.
        return {
          ...base,
          isKey: false,
          metric: "none",
          checks: [],
          score: "unscored",
          why: "no eval_pipeline entry for this column",
        };
      }
      const checks = entry.metric.map((metric): MetricCheck => {
        if (metric === "llm_judge") {
          // Differs: with no judge the official code still asks its LLM; here the cell stays
          // "unscored" (counted 0 in the metrics, 1 in `upperBound`) until a judge is given.
          const check: MetricCheck = {
            metric,
            score: "unscored",
            why: "llm_judge: no judge configured",
          };
          const criterion =
            typeof entry.criterion === "string"
              ? entry.criterion
              : entry.criterion === null
                ? null
                : String(entry.criterion);
          const slot = judgeSlots.get(column) ?? { column, criterion, checks: [], items: [] };
          slot.checks.push(check);
          slot.items.push({ response: base.predictedProcessed, target: base.goldProcessed });
          judgeSlots.set(column, slot);
          return check;
        }
        const result = ruleMetric(
          metric,
          base.predictedProcessed,
          base.goldProcessed,
          entry.criterion,
        );
        return { metric, score: result.score, why: result.why };
      });
      return {
        ...base,
        isKey: false,
        metric: entry.metric.join("+"),
        checks,
        score: "unscored",
        why: "",
      };
    });
    rows.push({ key: keyOf(goldRow), cells, score: "unscored" });
  }

  const result: WideSearchSampleScore = {
    success: false,
    ...ZERO,
    status: "scored",
    reason: null,
    complete: true,
    unscoredCells: 0,
    upperBound: null,
    tablesEqual: false,
    counts: {
      tableRows: table.rows.length,
      predRows: pred.kept.length,
      goldRows: goldPrepared.kept.length,
      matchedRows: rows.length,
      duplicatePredRows: pred.dropped,
      duplicateGoldRows: goldPrepared.dropped,
    },
    columns: { required: [...required], keys: [...keys], mapping },
    rows,
    missingGoldRows: goldPrepared.kept
      .filter((r) => !predByKey.has(r.joinKey))
      .map((r) => ({ key: keyOf(r), values: pick(required, r.raw, required) })),
    extraPredictedRows: pred.kept
      .filter((r) => !goldByKey.has(r.joinKey))
      .map((r) => ({ key: keyOf(r), values: pick(required, r.raw, required) })),
    table,
    warnings,
  };
  return {
    result,
    judgeSlots: [...judgeSlots.values()],
    predRows: pred.kept,
    goldRows: goldPrepared.kept,
  };
}

function applyVerdicts(
  slot: JudgeSlot,
  verdicts: readonly (CellVerdict | null | undefined)[] | null,
): void {
  if (verdicts === null) return;
  if (verdicts.length !== slot.items.length) {
    for (const check of slot.checks)
      check.why = `llm_judge: the judge returned ${verdicts.length} verdicts for ${slot.items.length} cells`;
    return;
  }
  slot.checks.forEach((check, i) => {
    const verdict = verdicts[i];
    if (!verdict) {
      check.why = "llm_judge: the judge gave no verdict";
    } else if (!Number.isFinite(verdict.score) || verdict.score < 0 || verdict.score > 1) {
      check.why = `llm_judge: the judge's score ${verdict.score} is not in [0, 1]`;
    } else {
      check.score = verdict.score;
      check.why = `llm_judge: ${verdict.why ?? `scored ${verdict.score}`}`;
    }
  });
}

/** Lower (unscored → 0) and upper (unscored → 1) value of a min over scores. */
function minBounds(scores: readonly CellScore[]): { lo: number; hi: number } {
  let lo = 1;
  let hi = 1;
  for (const s of scores) {
    lo = Math.min(lo, s === "unscored" ? 0 : s);
    hi = Math.min(hi, s === "unscored" ? 1 : s);
  }
  return { lo, hi };
}

// The official code returns 0 when P + R ≤ 1e-9; with cell scores in [0, 1] and finite
// tables, P + R is either 0 or far above that, so the two agree.
const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

function metricsFrom(
  tpRow: number,
  tpItem: number,
  predRows: number,
  goldRows: number,
  columns: number,
  tablesEqual: boolean,
): WideSearchMetrics {
  const rowPrecision = predRows > 0 ? tpRow / predRows : 0;
  const rowRecall = goldRows > 0 ? tpRow / goldRows : 0;
  const itemPrecision = predRows > 0 ? tpItem / (predRows * columns) : 0;
  const itemRecall = goldRows > 0 ? tpItem / (goldRows * columns) : 0;
  const m = {
    rowPrecision,
    rowRecall,
    rowF1: f1(rowPrecision, rowRecall),
    itemPrecision,
    itemRecall,
    itemF1: f1(itemPrecision, itemRecall),
  };
  const allOne = Object.values(m).every((v) => v === 1);
  return { success: tablesEqual || allOne, ...m };
}

/**
 * "Sorted tables are equal": the same keys and, for every key, the same preprocessed
 * cells. Keys compare in their joined (norm_str) form; other cells exactly, as officially.
 */
function tablesEqual(
  pred: readonly PreparedRow[],
  gold: readonly PreparedRow[],
  keyIndexes: ReadonlySet<number>,
): boolean {
  if (pred.length !== gold.length) return false;
  const predByKey = new Map(pred.map((r) => [r.joinKey, r]));
  return gold.every((g) => {
    const p = predByKey.get(g.joinKey);
    return (
      p !== undefined &&
      g.processed.every((cell, i) => keyIndexes.has(i) || p.processed[i] === cell)
    );
  });
}

function finish(prepared: Prepared): WideSearchSampleScore {
  const { result } = prepared;
  const required = result.columns.required;
  let tpRowLo = 0;
  let tpRowHi = 0;
  let tpItemLo = 0;
  let tpItemHi = 0;
  let unscored = 0;
  for (const row of result.rows) {
    for (const cell of row.cells) {
      if (cell.isKey) {
        tpItemLo += 1;
        tpItemHi += 1;
        continue;
      }
      // A cell with several metrics must pass them all. Differs: the official code counts
      // each (column, metric) pair as its own item, which can push item precision above 1.
      const { lo, hi } = cell.checks.length
        ? minBounds(cell.checks.map((c) => c.score))
        : { lo: 0, hi: 1 };
      cell.score = lo === hi ? lo : "unscored";
      if (cell.checks.length) cell.why = cell.checks.map((c) => c.why).join("; ");
      if (cell.score === "unscored") unscored += 1;
      tpItemLo += lo;
      tpItemHi += hi;
    }
    const { lo, hi } = minBounds(row.cells.map((c) => c.score));
    row.score = lo === hi ? lo : "unscored";
    tpRowLo += lo;
    tpRowHi += hi;
  }
  const keyIndexes = new Set(result.columns.keys.map((k) => required.indexOf(k)));
  const equal = tablesEqual(prepared.predRows, prepared.goldRows, keyIndexes);
  const { predRows, goldRows } = result.counts;
  const lower = metricsFrom(tpRowLo, tpItemLo, predRows, goldRows, required.length, equal);
  Object.assign(result, lower);
  result.tablesEqual = equal;
  result.unscoredCells = unscored;
  result.complete = unscored === 0;
  result.upperBound =
    unscored === 0
      ? null
      : metricsFrom(tpRowHi, tpItemHi, predRows, goldRows, required.length, equal);
  return result;
}

function request(task: WideSearchTaskForScoring, slot: JudgeSlot): JudgeColumnRequest {
  return {
    instanceId: task.instanceId,
    column: slot.column,
    criterion: slot.criterion,
    items: slot.items,
  };
}

/**
 * Scores a response against the gold table. `responseText` null or empty → status
 * "no_response"; no table → "no_table"; headers that do not align with `required` →
 * "column_mismatch". Each gives all-zero metrics and the reason. A judge, if given, is
 * called once per `llm_judge` column (with every matched row of that column); errors it
 * throws are not caught.
 */
export function scoreWideSearch(
  responseText: string | null | undefined,
  task: WideSearchTaskForScoring,
  gold: GoldTable,
  options: WideSearchScoreOptions = {},
): WideSearchSampleScore {
  const prepared = prepare(responseText, task, gold);
  if (!("judgeSlots" in prepared)) return prepared;
  if (options.judge) {
    for (const slot of prepared.judgeSlots)
      applyVerdicts(slot, options.judge.judgeColumn(request(task, slot)));
  }
  return finish(prepared);
}

/** The same, for a judge that answers asynchronously (columns are judged one after another). */
export async function scoreWideSearchAsync(
  responseText: string | null | undefined,
  task: WideSearchTaskForScoring,
  gold: GoldTable,
  options: WideSearchAsyncScoreOptions = {},
): Promise<WideSearchSampleScore> {
  const prepared = prepare(responseText, task, gold);
  if (!("judgeSlots" in prepared)) return prepared;
  if (options.judge) {
    for (const slot of prepared.judgeSlots)
      applyVerdicts(slot, await options.judge.judgeColumn(request(task, slot)));
  }
  return finish(prepared);
}
