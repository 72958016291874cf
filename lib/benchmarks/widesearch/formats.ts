/**
 * WideSearch files as their publishers write them (`formats.md`, WideSearch), validated
 * with zod and mapped onto camelCase shapes: task lines of `widesearch.jsonl`, gold CSVs,
 * response records, per-run evaluation CSVs and both layouts of the summary JSON.
 * Errors are `BundleError`s naming the file, the 1-based line and the field.
 * Pure: text in, values out; no file system.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { z } from "zod";
import { BundleError, BundleErrorList, detailsFromZod } from "../../import/errors";
import { dataRecord } from "../../data-record";
import type { SampleUsage } from "../../import/importer";
import { METRIC_NAMES } from "./metrics";
import { PREPROCESS_NAMES, parseNumber } from "./preprocess";
import { normalizeColumnName } from "./table";

// ---------------------------------------------------------------- task (widesearch.jsonl)

/** A list, or one bare name taken as a list of one. */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === "string" ? [v] : v), z.array(item));

export const pipelineEntrySchema = z
  .object({
    preprocess: oneOrMany(z.enum(PREPROCESS_NAMES))
      .nullish()
      .transform((v) => v ?? []),
    metric: oneOrMany(z.enum(METRIC_NAMES)).refine((v) => v.length > 0, "at least one metric"),
    criterion: z.union([z.number(), z.string()]).nullish(),
  })
  .loose()
  .transform((entry, ctx) => {
    let criterion = entry.criterion ?? null;
    if (entry.metric.includes("number_near")) {
      const numeric = typeof criterion === "string" ? parseNumber(criterion) : criterion;
      if (typeof numeric !== "number" || numeric < 0) {
        ctx.addIssue({
          code: "custom",
          path: ["criterion"],
          message: "number_near needs a non-negative numeric criterion",
        });
        return z.NEVER;
      }
      criterion = numeric;
    }
    return { preprocess: entry.preprocess, metric: entry.metric, criterion };
  });

export type ColumnPipeline = z.output<typeof pipelineEntrySchema>;

const columnList = z.array(z.string().trim().min(1)).min(1);

export const evaluationSchema = z
  .object({
    unique_columns: columnList,
    required: columnList,
    eval_pipeline: dataRecord(pipelineEntrySchema),
  })
  .loose()
  .transform((raw, ctx) => {
    // Names are normalised already in the published data; normalising again is harmless.
    const required = raw.required.map(normalizeColumnName);
    const uniqueColumns = raw.unique_columns.map(normalizeColumnName);
    // Keyed by the producer's column names: no prototype, so a column named "constructor" is just a column.
    const evalPipeline: Record<string, ColumnPipeline> = Object.create(null);
    for (const [column, entry] of Object.entries(raw.eval_pipeline))
      evalPipeline[normalizeColumnName(column)] = entry;
    const seen = new Set<string>();
    required.forEach((column, i) => {
      if (seen.has(column))
        ctx.addIssue({
          code: "custom",
          path: ["required", i],
          message: `column "${column}" listed twice`,
        });
      seen.add(column);
    });
    uniqueColumns.forEach((column, i) => {
      if (!seen.has(column))
        ctx.addIssue({
          code: "custom",
          path: ["unique_columns", i],
          message: `key column "${column}" is not in required`,
        });
    });
    for (const column of required) {
      if (!uniqueColumns.includes(column) && !evalPipeline[column]) {
        ctx.addIssue({
          code: "custom",
          path: ["eval_pipeline", column],
          message: `no evaluation for required column "${column}"`,
        });
      }
    }
    return { uniqueColumns, required, evalPipeline };
  });

export type WideSearchEvaluation = z.output<typeof evaluationSchema>;

export const taskLineSchema = z
  .object({
    instance_id: z.string().trim().min(1),
    query: z.string(),
    language: z.enum(["en", "zh"]).nullish(),
    evaluation: z.union([z.string(), z.record(z.string(), z.unknown())]),
  })
  .loose();

export type WideSearchLanguage = "en" | "zh";

export interface WideSearchTask {
  instanceId: string;
  query: string;
  language: WideSearchLanguage;
  evaluation: WideSearchEvaluation;
}

/** `en` / `zh` from an instance id `ws_en_…` / `ws_zh_…`, else null. */
export function languageFromInstanceId(instanceId: string): WideSearchLanguage | null {
  const m = /^ws_(en|zh)_/i.exec(instanceId);
  return m ? (m[1].toLowerCase() as WideSearchLanguage) : null;
}

/** A task's language: its line's own field, else its instance id's; a `BundleError` when neither says. */
export function taskLanguage(
  instanceId: string,
  given: WideSearchLanguage | null | undefined,
  file: string,
  line: number | null,
): WideSearchLanguage {
  const language = given ?? languageFromInstanceId(instanceId);
  if (!language)
    throw BundleError.at(
      file,
      line,
      "language",
      "missing, and the instance id does not say (ws_en_… / ws_zh_…)",
    );
  return language;
}

/** One line of `widesearch.jsonl` (already JSON-decoded); `evaluation` is a JSON string or an object. */
export function parseWideSearchTask(value: unknown, file: string, line: number): WideSearchTask {
  const parsed = taskLineSchema.safeParse(value);
  if (!parsed.success)
    throw new BundleError(
      detailsFromZod(file, line, parsed.error, [], { schema: taskLineSchema, input: value }),
    );
  const record = parsed.data;
  let evaluationValue: unknown = record.evaluation;
  if (typeof evaluationValue === "string") {
    try {
      evaluationValue = JSON.parse(evaluationValue);
    } catch (error) {
      throw BundleError.at(file, line, "evaluation", `not valid JSON: ${(error as Error).message}`);
    }
  }
  const evaluation = evaluationSchema.safeParse(evaluationValue);
  if (!evaluation.success)
    throw new BundleError(detailsFromZod(file, line, evaluation.error, ["evaluation"]));
  return {
    instanceId: record.instance_id,
    query: record.query,
    language: taskLanguage(record.instance_id, record.language, file, line),
    evaluation: evaluation.data,
  };
}

// ---------------------------------------------------------------- gold table ({instance_id}.csv)

export interface GoldTable {
  /** The task's required columns, in `required` order. */
  columns: string[];
  /** Cells as written (empty cells are ""), one array per row, in `columns` order. */
  rows: string[][];
  /** Rows whose required cells were all empty: not records, so left out. */
  blankRowsDropped: number;
}

interface CsvRecord {
  record: string[];
  line: number;
}

/** What csv-parse returns with `info` and `raw` on: each record with its raw text and the lines read so far. */
const csvParseOutputSchema = z.array(
  z.object({ record: z.array(z.string()), raw: z.string(), info: z.object({ lines: z.number() }) }),
);

/** CSV records with the 1-based line each starts on. */
function csvRecords(text: string, file: string): CsvRecord[] {
  let output: unknown;
  try {
    output = parseCsv(text, {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    const lines = (error as { lines?: unknown }).lines;
    throw new BundleError(
      [
        {
          file,
          line: typeof lines === "number" ? lines : null,
          field: null,
          message: `invalid CSV: ${(error as Error).message}`,
        },
      ],
      {
        cause: error,
      },
    );
  }
  // csv-parse's types do not model `info`/`raw` records: its output is checked against its documented shape.
  const parsed = csvParseOutputSchema.parse(output);
  // csv-parse counts a \r\n inside a quoted cell as two lines (outside quotes as one).
  let quotedCrlf = 0;
  return parsed.map(({ record, raw, info }) => {
    const body = raw.replace(/^[\r\n]+/, "").replace(/(\r\n|\r|\n)$/, "");
    quotedCrlf += body.match(/\r\n/g)?.length ?? 0;
    return { record, line: info.lines - quotedCrlf - (body.match(/\r\n|\r|\n/g)?.length ?? 0) };
  });
}

/**
 * A gold CSV: headers normalised (lower-case, whitespace removed), only the required
 * columns kept, in `required` order. Cells stay strings as written: no type inference,
 * so `10` stays `10` and an empty cell stays "" (pandas would give `10.0` and `nan`).
 */
export function parseWideSearchGoldCsv(
  text: string,
  file: string,
  required: readonly string[],
): GoldTable {
  const records = csvRecords(text, file);
  if (records.length === 0) throw BundleError.at(file, 1, null, "empty CSV: no header row");
  const header = records[0].record.map(normalizeColumnName);
  const indexes = required.map((column) => {
    const at = header.indexOf(column);
    if (at < 0)
      throw BundleError.at(
        file,
        records[0].line,
        column,
        `required column "${column}" is missing (header: ${header.join(", ")})`,
      );
    if (header.indexOf(column, at + 1) >= 0)
      throw BundleError.at(file, records[0].line, column, `column "${column}" appears twice`);
    return at;
  });
  const rows: string[][] = [];
  let blankRowsDropped = 0;
  const errors = new BundleErrorList();
  for (const { record, line } of records.slice(1)) {
    if (
      record.length > header.length &&
      record.slice(header.length).some((cell) => cell.trim() !== "")
    ) {
      errors.add(
        BundleError.at(
          file,
          line,
          null,
          `${record.length} fields, the header has ${header.length}`,
        ),
      );
      continue;
    }
    const row = indexes.map((i) => record[i] ?? "");
    if (row.every((cell) => cell.trim() === "")) blankRowsDropped += 1;
    else rows.push(row);
  }
  errors.throwIfAny();
  return { columns: [...required], rows, blankRowsDropped };
}

// ---------------------------------------------------------------- response records

/** One completion's token counts, as widesearch_exp keeps them on each assistant message (other keys, e.g. `cached_tokens`, are kept). */
const messageUsageSchema = z
  .object({
    prompt_tokens: z.number().int().min(0).nullish(),
    completion_tokens: z.number().int().min(0).nullish(),
  })
  .loose();

const responseMessageSchema = z
  .object({ role: z.string(), usage: messageUsageSchema.nullish() })
  .loose();
export type WideSearchResponseMessage = z.infer<typeof responseMessageSchema>;

/**
 * A run's tokens: the sum of its assistant messages' `usage` (widesearch_exp records each
 * completion's there; its `assistant_message_count.final_token` is the last call's alone).
 * A count is null unless every assistant message reports it: a partial sum is not the
 * run's. The official files report no usage, and neither reports dollars or time.
 */
export function wideSearchUsage(
  messages: readonly WideSearchResponseMessage[],
): SampleUsage | null {
  const assistant = messages.filter((m) => m.role === "assistant");
  const total = (key: "prompt_tokens" | "completion_tokens"): number | null => {
    let sum = 0;
    for (const m of assistant) {
      const n = m.usage?.[key];
      if (typeof n !== "number") return null;
      sum += n;
    }
    return assistant.length ? sum : null;
  };
  const promptTokens = total("prompt_tokens");
  const completionTokens = total("completion_tokens");
  return promptTokens === null && completionTokens === null
    ? null
    : { promptTokens, completionTokens, costUsd: null, seconds: null };
}

export const responseRecordSchema = z
  .object({
    instance_id: z.string().trim().min(1),
    /** null: the run produced nothing (scored as "no response"). */
    response: z.string().nullish(),
    messages: z.array(responseMessageSchema).nullish(),
    trial_idx: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]).nullish(),
    tool_call_counts: dataRecord(z.number()).nullish(),
  })
  .loose();

export interface WideSearchResponse {
  instanceId: string;
  response: string | null;
  /** OpenAI chat format in the official files; kept as given for the trajectory parser. */
  messages: WideSearchResponseMessage[];
  trialIdx: number | null;
  toolCallCounts: Record<string, number> | null;
  usage: SampleUsage | null;
  line: number;
}

export function parseWideSearchResponseRecord(
  value: unknown,
  file: string,
  line: number,
): WideSearchResponse {
  const parsed = responseRecordSchema.safeParse(value);
  if (!parsed.success)
    throw new BundleError(
      detailsFromZod(file, line, parsed.error, [], { schema: responseRecordSchema, input: value }),
    );
  const r = parsed.data;
  return {
    instanceId: r.instance_id,
    response: r.response ?? null,
    messages: r.messages ?? [],
    trialIdx: r.trial_idx ?? null,
    toolCallCounts: r.tool_call_counts ?? null,
    usage: wideSearchUsage(r.messages ?? []),
    line,
  };
}

/**
 * Top-level JSON objects of a file, each with the line it starts on. Handles JSONL and
 * pretty-printed objects written one after another (runshengdu/widesearch_exp writes
 * `json.dumps(obj, indent=2)` per record).
 */
export function jsonObjectsIn(text: string, file: string): { value: unknown; line: number }[] {
  const out: { value: unknown; line: number }[] = [];
  let line = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "\n") {
      line += 1;
      i += 1;
      continue;
    }
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if (ch !== "{")
      throw BundleError.at(file, line, null, `expected a JSON object, found ${JSON.stringify(ch)}`);
    const startLine = line;
    const start = i;
    let depth = 0;
    let inString = false;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === "\n") line += 1;
      if (inString) {
        if (c === "\\") i += 1;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "{" || c === "[") depth += 1;
      else if (c === "}" || c === "]") {
        depth -= 1;
        if (depth === 0) break;
      }
    }
    if (depth !== 0) throw BundleError.at(file, startLine, null, "unterminated JSON object");
    i += 1;
    try {
      out.push({ value: JSON.parse(text.slice(start, i)), line: startLine });
    } catch (error) {
      throw BundleError.at(file, startLine, null, `invalid JSON: ${(error as Error).message}`);
    }
  }
  return out;
}

/**
 * A response file: records, plus any run-metadata objects (`{model_config_name, model_config}`).
 * Every invalid record is reported, in one `BundleError`.
 */
export function parseWideSearchResponseFile(
  text: string,
  file: string,
): { responses: WideSearchResponse[]; metadata: Record<string, unknown>[] } {
  const responses: WideSearchResponse[] = [];
  const metadata: Record<string, unknown>[] = [];
  const errors = new BundleErrorList();
  for (const { value, line } of jsonObjectsIn(text, file)) {
    const obj = value as Record<string, unknown>;
    if (!("instance_id" in obj) && ("model_config" in obj || "model_config_name" in obj))
      metadata.push(obj);
    else {
      const response = errors.checkSync(() => parseWideSearchResponseRecord(value, file, line));
      if (response) responses.push(response);
    }
  }
  errors.throwIfAny();
  return { responses, metadata };
}

// ---------------------------------------------------------------- per-run evaluation CSV

/** The evaluation CSV's metric columns, with the names Seekboard uses for them. */
export const CSV_METRIC_KEYS = {
  score: "success",
  precision_by_row: "rowPrecision",
  recall_by_row: "rowRecall",
  f1_by_row: "rowF1",
  precision_by_item: "itemPrecision",
  recall_by_item: "itemRecall",
  f1_by_item: "itemF1",
} as const;

export type CsvMetricName = keyof typeof CSV_METRIC_KEYS;
export const CSV_METRICS = Object.keys(CSV_METRIC_KEYS) as CsvMetricName[];

const csvNumber = z.string().transform((text, ctx) => {
  const value = parseNumber(text);
  if (value === null || value < 0) {
    ctx.addIssue({ code: "custom", message: `not a non-negative number: ${JSON.stringify(text)}` });
    return z.NEVER;
  }
  return value;
});

export const evalCsvRowSchema = z.object({
  instance_id: z.string().trim().min(1),
  trial_idx: csvNumber.refine(Number.isInteger, "not an integer"),
  score: csvNumber.refine((v) => v === 0 || v === 1, "score must be 0 or 1"),
  precision_by_row: csvNumber,
  recall_by_row: csvNumber,
  f1_by_row: csvNumber,
  precision_by_item: csvNumber,
  recall_by_item: csvNumber,
  f1_by_item: csvNumber,
  msg: z.string().optional().default(""),
});

export interface WideSearchEvalRow {
  line: number;
  instanceId: string;
  trialIdx: number;
  success: boolean;
  rowPrecision: number;
  rowRecall: number;
  rowF1: number;
  itemPrecision: number;
  itemRecall: number;
  itemF1: number;
  /** An error reason (`response is None`, a traceback) or the printed per-cell score table. */
  msg: string;
}

const EVAL_CSV_COLUMNS = ["instance_id", "trial_idx", ...CSV_METRICS] as const;

/** A per-run evaluation CSV (`instance_id, trial_idx, score, …, msg`); `msg` may span lines. Every invalid row is reported. */
export function parseWideSearchEvalCsv(text: string, file: string): WideSearchEvalRow[] {
  const records = csvRecords(text, file);
  if (records.length === 0) throw BundleError.at(file, 1, null, "empty CSV: no header row");
  const header = records[0].record.map((h) => h.trim());
  for (const column of EVAL_CSV_COLUMNS) {
    if (!header.includes(column))
      throw BundleError.at(file, records[0].line, column, `column "${column}" is missing`);
  }
  const errors = new BundleErrorList();
  const rows = records.slice(1).flatMap(({ record, line }): WideSearchEvalRow[] => {
    const raw = Object.fromEntries(header.map((h, i) => [h, record[i]]));
    const parsed = evalCsvRowSchema.safeParse(raw);
    if (!parsed.success) {
      errors.add(
        new BundleError(
          detailsFromZod(file, line, parsed.error, [], { schema: evalCsvRowSchema, input: raw }),
        ),
      );
      return [];
    }
    const r = parsed.data;
    return [
      {
        line,
        instanceId: r.instance_id,
        trialIdx: r.trial_idx,
        success: r.score === 1,
        rowPrecision: r.precision_by_row,
        rowRecall: r.recall_by_row,
        rowF1: r.f1_by_row,
        itemPrecision: r.precision_by_item,
        itemRecall: r.recall_by_item,
        itemF1: r.f1_by_item,
        msg: r.msg,
      },
    ];
  });
  errors.throwIfAny();
  return rows;
}

// ---------------------------------------------------------------- summary JSON

const runStatsSchema = z.object({ avg_n: z.number(), max_n: z.number(), min_n: z.number() });
const summaryMetricsSchema = z.record(z.string(), runStatsSchema);
const summaryWithConfigSchema = z
  .object({
    evaluator_config: z.record(z.string(), z.unknown()).nullish(),
    summary: summaryMetricsSchema,
  })
  .loose();

export type SummaryRunStats = z.infer<typeof runStatsSchema>;

export interface WideSearchSummary {
  layout: "flat" | "with-evaluator-config";
  /** The judge model's settings (newer layout only). */
  evaluatorConfig: Record<string, unknown> | null;
  /** Per metric (`score`, `precision_by_row`, …): mean over tasks of the mean, max and min over runs. */
  metrics: Record<string, SummaryRunStats>;
}

const evaluatorNameSchema = z.object({ name: z.string().trim().min(1) }).loose();

/** The judge model a summary's `evaluator_config` names (newer layout only), else null. */
export function summaryJudgeModel(summary: WideSearchSummary): string | null {
  const parsed = evaluatorNameSchema.safeParse(summary.evaluatorConfig);
  return parsed.success ? parsed.data.name : null;
}

/**
 * A run's summary JSON in either layout: `{metric: {avg_n, max_n, min_n}}`, or the newer
 * `{evaluator_config{…}, summary{metric: {avg_n, max_n, min_n}}}`.
 */
export function parseWideSearchSummary(value: unknown, file: string): WideSearchSummary {
  if (value !== null && typeof value === "object" && "summary" in value) {
    const parsed = summaryWithConfigSchema.safeParse(value);
    if (!parsed.success)
      throw new BundleError(
        detailsFromZod(file, null, parsed.error, [], {
          schema: summaryWithConfigSchema,
          input: value,
        }),
      );
    return {
      layout: "with-evaluator-config",
      evaluatorConfig: parsed.data.evaluator_config ?? null,
      metrics: parsed.data.summary,
    };
  }
  const parsed = summaryMetricsSchema.safeParse(value);
  if (!parsed.success)
    throw new BundleError(
      detailsFromZod(file, null, parsed.error, [], { schema: summaryMetricsSchema, input: value }),
    );
  return { layout: "flat", evaluatorConfig: null, metrics: parsed.data };
}
