import { z } from "zod";
import { closestName } from "../did-you-mean";

/** Where an invalid bundle went wrong: file (inside the bundle), 1-based line, field path. */
export interface BundleErrorDetail {
  file: string;
  line: number | null;
  field: string | null;
  message: string;
}

/**
 * The details one bundle's error lists at most; past them the problems are counted
 * (`moreErrors`). A hundred is more than a producer fixes in one go, and bounds the answer.
 */
export const MAX_REPORTED_ERRORS = 100;

/** An invalid bundle. Thrown before anything is written, or inside the import transaction. */
export class BundleError extends Error {
  readonly details: BundleErrorDetail[];
  /** Problems found past `details` (the list stops at MAX_REPORTED_ERRORS), counted but not described. */
  readonly moreErrors: number;

  constructor(details: BundleErrorDetail[], options?: { cause?: unknown; moreErrors?: number }) {
    const moreErrors = options?.moreErrors ?? 0;
    super(
      [...details.map(formatDetail), ...(moreErrors ? [moreErrorsLine(moreErrors)] : [])].join(
        "\n",
      ),
      options,
    );
    this.name = "BundleError";
    this.details = details;
    this.moreErrors = moreErrors;
  }

  static at(file: string, line: number | null, field: string | null, message: string): BundleError {
    return new BundleError([{ file, line, field, message }]);
  }
}

/** What follows a list of problems cut at the cap. */
export function moreErrorsLine(moreErrors: number): string {
  return `… and ${moreErrors} more ${moreErrors === 1 ? "problem" : "problems"} (only the first ${MAX_REPORTED_ERRORS} are listed)`;
}

export function formatDetail(detail: BundleErrorDetail): string {
  const where = [
    detail.file,
    detail.line === null ? null : `line ${detail.line}`,
    detail.field ? `field ${detail.field}` : null,
  ]
    .filter(Boolean)
    .join(", ");
  return `${where}: ${detail.message}`;
}

/**
 * The problems of a bundle's records, gathered as they are read so that one upload reports
 * them all: the first MAX_REPORTED_ERRORS details kept, the rest only counted, so memory
 * stays bounded whatever the bundle holds.
 */
export class BundleErrorList {
  private readonly details: BundleErrorDetail[] = [];
  private more = 0;

  /** Whether any problem was found. */
  get any(): boolean {
    return this.details.length > 0 || this.more > 0;
  }

  add(error: BundleError): void {
    for (const detail of error.details) {
      if (this.details.length < MAX_REPORTED_ERRORS) this.details.push(detail);
      else this.more += 1;
    }
    this.more += error.moreErrors;
  }

  /**
   * Reads one record: a `BundleError` it throws is kept and the reading goes on with the
   * next record (undefined is returned); any other error is thrown.
   */
  async check<T>(read: () => Promise<T> | T): Promise<T | undefined> {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      this.add(error);
      return undefined;
    }
  }

  /** `check` for a record read synchronously. */
  checkSync<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof BundleError)) throw error;
      this.add(error);
      return undefined;
    }
  }

  /** Every problem found, as one error. */
  error(): BundleError {
    return new BundleError([...this.details], { moreErrors: this.more });
  }

  throwIfAny(): void {
    if (this.any) throw this.error();
  }
}

/** What was validated, for hints: the schema knows the fields, the input the names given. */
export interface ZodSource {
  schema: z.ZodType;
  input: unknown;
}

/**
 * zod issues as error details; the field is the dotted path of the value that failed,
 * after `prefix` when the validated value sat inside the record (e.g. a JSON string field).
 * An unknown key is a detail of its own, the key its field; given `source`, an unknown key
 * near a known one, or a required field missing beside a near unknown key, says which
 * name was meant.
 */
export function detailsFromZod(
  file: string,
  line: number | null,
  error: z.ZodError,
  prefix: readonly string[] = [],
  source?: ZodSource,
): BundleErrorDetail[] {
  const fieldOf = (path: readonly PropertyKey[]) => {
    const full = [...prefix, ...path.map(String)];
    return full.length ? full.join(".") : null;
  };
  return error.issues.flatMap((issue): BundleErrorDetail[] => {
    if (issue.code === "unrecognized_keys") {
      const known = source ? keysAt(source.schema, issue.path) : [];
      return issue.keys.map((key) => {
        const meant = closestName(key, known);
        return {
          file,
          line,
          field: fieldOf([...issue.path, key]),
          message: `unknown field "${key}"${meant ? `; did you mean "${meant}"?` : ""}`,
        };
      });
    }
    const misspelt = source ? misspeltAs(source, issue.path) : null;
    return [
      {
        file,
        line,
        field: fieldOf(issue.path),
        message: misspelt
          ? `${issue.message}; "${misspelt}" is given: did you mean "${String(issue.path.at(-1))}"?`
          : issue.message,
      },
    ];
  });
}

/**
 * The top-level keys of `input` its schema does not know but that are near a key it knows
 * and `input` lacks: misspellings a schema that ignores unknown keys would drop unnoticed
 * (`"agnet"` for `"agent"`), each a detail naming the key meant.
 */
export function misspeltKeys(
  file: string,
  line: number | null,
  source: ZodSource,
): BundleErrorDetail[] {
  const { input } = source;
  if (typeof input !== "object" || input === null || Array.isArray(input)) return [];
  const known = keysAt(source.schema, []);
  const absent = known.filter((key) => !(key in input));
  return Object.keys(input)
    .filter((key) => !known.includes(key))
    .flatMap((key) => {
      const meant = closestName(key, absent);
      return meant
        ? [{ file, line, field: key, message: `unknown field "${key}"; did you mean "${meant}"?` }]
        : [];
    });
}

/** The unknown key given beside a missing field that is likely its misspelling, else null. */
function misspeltAs(source: ZodSource, path: readonly PropertyKey[]): string | null {
  const key = path.at(-1);
  if (typeof key !== "string") return null;
  const parent = valueAt(source.input, path.slice(0, -1));
  if (typeof parent !== "object" || parent === null || Array.isArray(parent) || key in parent)
    return null;
  const known = new Set(keysAt(source.schema, path.slice(0, -1)));
  const unknown = Object.keys(parent).filter((name) => !known.has(name));
  const meant = (name: string) => closestName(name, known) === key;
  return unknown.find(meant) ?? null;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** The object schemas a value at `path` is validated by (unions give several). */
function objectsAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.ZodObject[] {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodExactOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodNonOptional ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodLazy
  )
    return objectsAt(schema.unwrap(), path);
  if (schema instanceof z.ZodPipe) return objectsAt(schema.in, path);
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((o) => objectsAt(o, path));
  if (path.length === 0) return schema instanceof z.ZodObject ? [schema] : [];
  const [key, ...rest] = path;
  if (schema instanceof z.ZodObject) {
    const field = typeof key === "string" ? schema.shape[key] : undefined;
    return field ? objectsAt(field, rest) : [];
  }
  if (schema instanceof z.ZodArray) return objectsAt(schema.element, rest);
  if (schema instanceof z.ZodRecord) return objectsAt(schema.valueType, rest);
  return [];
}

/** The keys the schema knows for the object at `path`. */
function keysAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  return [...new Set(objectsAt(schema, path).flatMap((o) => Object.keys(o.shape)))];
}

/**
 * Error codes of the server's own resources running out (disk, quota, file handles,
 * memory, a failing or read-only disk): no fault of the bundle's, and the same upload may
 * succeed later.
 */
const SERVER_RESOURCE_CODES: ReadonlySet<string> = new Set([
  "ENOSPC",
  "EDQUOT",
  "EMFILE",
  "ENFILE",
  "ENOMEM",
  "EIO",
  "EROFS",
  "SQLITE_FULL",
]);

/** The code of a server-resource failure in `error` or its causes, or null for any other error. */
export function serverResourceCode(error: unknown): string | null {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; depth += 1) {
    const code = (at as NodeJS.ErrnoException).code;
    if (typeof code === "string" && SERVER_RESOURCE_CODES.has(code)) return code;
    at = at.cause;
  }
  return null;
}
