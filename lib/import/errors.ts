import type { z } from "zod";

/** Where an invalid bundle went wrong: file (inside the bundle), 1-based line, field path. */
export interface BundleErrorDetail {
  file: string;
  line: number | null;
  field: string | null;
  message: string;
}

/** An invalid bundle. Thrown before anything is written, or inside the import transaction. */
export class BundleError extends Error {
  readonly details: BundleErrorDetail[];

  constructor(details: BundleErrorDetail[], options?: { cause?: unknown }) {
    super(details.map(formatDetail).join("\n"), options);
    this.name = "BundleError";
    this.details = details;
  }

  static at(file: string, line: number | null, field: string | null, message: string): BundleError {
    return new BundleError([{ file, line, field, message }]);
  }
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
 * zod issues as error details; the field is the dotted path of the value that failed,
 * after `prefix` when the validated value sat inside the record (e.g. a JSON string field).
 */
export function detailsFromZod(
  file: string,
  line: number | null,
  error: z.ZodError,
  prefix: readonly string[] = [],
): BundleErrorDetail[] {
  return error.issues.map((issue) => {
    const path = [...prefix, ...issue.path.map(String)];
    return { file, line, field: path.length ? path.join(".") : null, message: issue.message };
  });
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
