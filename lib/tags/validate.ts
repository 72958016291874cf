import { z } from "zod";
import { MAX_TAG_LENGTH } from "./limits";
import { resolveTag, type ResolvedTag } from "./taxonomies";

/**
 * A tag as a maintainer types it: trimmed, 1–60 characters, no control characters
 * (they would be invisible in the page and break the filter language's quoting).
 */
export const tagNameSchema = z
  .string()
  .trim()
  .min(1, "enter a tag")
  .max(MAX_TAG_LENGTH, `a tag has at most ${MAX_TAG_LENGTH} characters`)
  .refine(
    (s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s),
    "a tag cannot contain control characters (tabs, line breaks, …)",
  )
  .refine((s) => !s.includes('"'), 'a tag cannot contain a double quote (")');

/** A validated tag name, resolved to its taxonomy when it names one. */
export function parseTag(
  input: unknown,
): { ok: true; value: ResolvedTag } | { ok: false; error: string } {
  const parsed = tagNameSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0].message };
  return { ok: true, value: resolveTag(parsed.data) };
}
