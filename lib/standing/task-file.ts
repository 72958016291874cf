/**
 * A benchmark version's official task file, read into its canonical task set: the tasks
 * coverage is measured against. Two shapes are accepted, whatever the benchmark: a JSON
 * array (of task ids, or of task records), or one JSON value per line (JSONL; a record,
 * or a bare id). How a record carries its id and splits is the benchmark's own
 * (its module's `taskFile`); without one, the id is a record's `task_id` or `id`.
 * Errors are `TaskFileError`s naming the file, the 1-based line (or the array index as
 * the field) and the field. Pure: text in, tasks out.
 */
import { z } from "zod";
import { BundleError, detailsFromZod, type BundleErrorDetail } from "../import/errors";
import { MAX_JSON_DEPTH, jsonNestedDeeperThan, valueNestedDeeperThan } from "../import/json-depth";

import type { CanonicalTask } from "./rules";

export type { CanonicalTask };

/** The splits a task's record or id says; what a module's reader adds to the id. */
export type TaskSplits = Pick<CanonicalTask, "tier" | "language">;

/** How a benchmark's official task file is read: its module's `taskFile`. */
export interface TaskFileRules {
  /** The official file, in the benchmark's words (shown beside the upload form). */
  readonly describe: string;
  /**
   * One record of the file (a JSON object: a line, or an element of an array) → its task.
   * Throws a `BundleError` naming file, line and field; `line` is null inside a JSON array.
   */
  readonly record: (value: unknown, file: string, line: number | null) => CanonicalTask;
  /** What a bare id says by itself (WideSearch's `ws_en_…` is English); without it, nothing. */
  readonly idSplits?: (taskKey: string, file: string, line: number | null) => TaskSplits;
}

/** A task file that cannot be read: a `BundleError`, so it reads the same, under its own name. */
export class TaskFileError extends BundleError {
  constructor(details: BundleErrorDetail[]) {
    super(details);
    this.name = "TaskFileError";
  }

  static at(
    file: string,
    line: number | null,
    field: string | null,
    message: string,
  ): TaskFileError {
    return new TaskFileError([{ file, line, field, message }]);
  }
}

/** The largest task file read, in bytes (UTF-8): 100,000 full records fit, a stray dump does not. */
export const MAX_TASK_FILE_BYTES = 16 << 20;
export const MAX_TASKS = 100_000;
/** Longer ids are not ids: they would be stored and shown as given. */
export const MAX_TASK_KEY_LENGTH = 200;

/** How a task file is named as its set's source: the last part of its path, without control characters, at most 200 characters. */
export function taskFileSource(name: string): string {
  const base = name
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return base.slice(0, 200) || "task file";
}

/** A task id as files write it: a non-empty string (trimmed) or an integer. */
export const taskIdSchema = z.union([z.number().int(), z.string().trim().min(1)]).transform(String);

const SPLITS_UNSAID: TaskSplits = { tier: null, language: null };

const genericRecordSchema = z
  .object({ task_id: taskIdSchema.optional(), id: taskIdSchema.optional() })
  .loose()
  .transform((r, ctx) => {
    const id = r.task_id ?? r.id;
    if (id === undefined) {
      ctx.addIssue({
        code: "custom",
        message: "no task id: a record carries it in task_id (or id)",
        path: ["task_id"],
      });
      return z.NEVER;
    }
    return id;
  });

/** For benchmarks without a task file of their own: the id in `task_id` (or `id`), no splits. */
export const genericTaskFile: TaskFileRules = {
  describe: "One JSON record per line with the task's id in task_id (or id).",
  record(value, file, line) {
    return { taskKey: parseRecord(genericRecordSchema, value, file, line), ...SPLITS_UNSAID };
  },
};

/** A record validated with `schema`, or a `BundleError` naming each failing field. */
export function parseRecord<T extends z.ZodType>(
  schema: T,
  value: unknown,
  file: string,
  line: number | null,
): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new BundleError(
      detailsFromZod(file, line, parsed.error, [], { schema: schema, input: value }),
    );
  return parsed.data;
}

/** How a benchmark's task file is read: its module's rules, else the generic ones. */
export function taskFileRules(benchmark: { readonly taskFile?: TaskFileRules }): TaskFileRules {
  return benchmark.taskFile ?? genericTaskFile;
}

/** The tasks of a task file, in file order; throws a `TaskFileError`. */
export function parseTaskFile(
  benchmark: { readonly taskFile?: TaskFileRules },
  text: string,
  fileName: string,
): { tasks: CanonicalTask[] } {
  const rules = taskFileRules(benchmark);
  if (new TextEncoder().encode(text).length > MAX_TASK_FILE_BYTES)
    throw TaskFileError.at(
      fileName,
      null,
      null,
      `the file is larger than ${MAX_TASK_FILE_BYTES} bytes`,
    );
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "") throw TaskFileError.at(fileName, null, null, "the file is empty");

  const tasks: CanonicalTask[] = [];
  const seen = new Map<string, string>();
  const add = (value: unknown, where: Where) => {
    if (tasks.length === MAX_TASKS)
      throw TaskFileError.at(fileName, where.line, where.field, `more than ${MAX_TASKS} tasks`);
    const task = taskOf(rules, value, fileName, where);
    const first = seen.get(task.taskKey);
    if (first !== undefined)
      throw TaskFileError.at(
        fileName,
        where.line,
        where.field,
        `task "${task.taskKey}" is listed twice (first at ${first})`,
      );
    seen.set(task.taskKey, where.line === null ? `index ${where.field}` : `line ${where.line}`);
    tasks.push(task);
  };

  if (body.trimStart().startsWith("[")) {
    for (const [i, value] of jsonArray(body, fileName).entries())
      add(value, { line: null, field: String(i) });
  } else {
    body.split("\n").forEach((raw, i) => {
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (line.trim() !== "") add(jsonLine(line, fileName, i + 1), { line: i + 1, field: null });
    });
  }
  if (tasks.length === 0) throw TaskFileError.at(fileName, null, null, "the file lists no tasks");
  return { tasks };
}

/** Where a value sits: a line of JSONL, or an index of a JSON array (as the field). */
interface Where {
  line: number | null;
  field: string | null;
}

function taskOf(rules: TaskFileRules, value: unknown, file: string, where: Where): CanonicalTask {
  let task: CanonicalTask;
  try {
    if (typeof value === "string" || typeof value === "number") {
      const id = taskIdSchema.safeParse(value);
      if (!id.success)
        throw BundleError.at(
          file,
          where.line,
          null,
          "a task id is a non-empty string or an integer",
        );
      task = {
        taskKey: id.data,
        ...(rules.idSplits?.(id.data, file, where.line) ?? SPLITS_UNSAID),
      };
    } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      task = rules.record(value, file, where.line);
    } else {
      throw BundleError.at(
        file,
        where.line,
        null,
        "each task is an id (a string or an integer) or a record (a JSON object)",
      );
    }
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    // Inside an array, the element's index leads each field: "3.instance_id".
    const prefix = where.field;
    throw new TaskFileError(
      error.details.map((d) => ({
        ...d,
        field: prefix === null ? d.field : d.field ? `${prefix}.${d.field}` : prefix,
      })),
    );
  }
  if (task.taskKey.length > MAX_TASK_KEY_LENGTH)
    throw TaskFileError.at(
      file,
      where.line,
      where.field,
      `a task id longer than ${MAX_TASK_KEY_LENGTH} characters`,
    );
  return task;
}

/** JSON.parse's complaint, with the line it points at when it says where. */
function invalidJson(
  error: unknown,
  text: string,
  file: string,
  line: number | null,
): TaskFileError {
  const message = (error as Error).message;
  const position = /at position (\d+)/.exec(message);
  const at =
    position && line === null ? text.slice(0, Number(position[1])).split("\n").length : line;
  return TaskFileError.at(file, at, null, `not JSON: ${message.split("\n")[0]}`);
}

function jsonArray(text: string, file: string): unknown[] {
  // One level more than a record may have: the array holding the records.
  if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH + 1))
    throw TaskFileError.at(file, null, null, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalidJson(error, text, file, null);
  }
  if (!Array.isArray(value))
    throw TaskFileError.at(file, null, null, "a file that opens with [ is one JSON array");
  return value;
}

function jsonLine(line: string, file: string, lineNumber: number): unknown {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw invalidJson(error, line, file, lineNumber);
  }
  if (valueNestedDeeperThan(value))
    throw TaskFileError.at(
      file,
      lineNumber,
      null,
      `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  return value;
}
