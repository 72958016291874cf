/**
 * A zod schema for a JSON object keyed by data (fact keys, column names, tool names): zod's
 * `z.record` drops a key named "__proto__", so each entry is checked here and copied into a
 * null-prototype object, where "__proto__", "constructor" or "toString" are ordinary keys.
 */
import { z } from "zod";

export function dataRecord<T extends z.ZodType>(value: T) {
  return z
    .custom<Record<string, unknown>>(
      (v) => typeof v === "object" && v !== null && !Array.isArray(v),
      "expected an object",
    )
    .transform((object, ctx) => {
      const out: Record<string, z.output<T>> = Object.create(null);
      for (const [key, entry] of Object.entries(object)) {
        const parsed = value.safeParse(entry);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: "custom", message: issue.message, path: [key, ...issue.path] });
          return z.NEVER;
        }
        out[key] = parsed.data;
      }
      return out;
    });
}
