/**
 * The published JSON Schema of the Seekboard bundle format v1, generated from the zod
 * schemas (`schema.ts` and each module's `seekboardFormat`) with `z.toJSONSchema`, so the two cannot drift: a test checks the
 * committed `public/schemas/seekboard-bundle.v1.json` equals `seekboardBundleJsonSchemaText()`.
 * Regenerate it with `npx tsx --conditions=react-server lib/bundle-format/write-json-schema.ts`.
 *
 * The root validates one results line (any benchmark's sample kind); `$defs` holds each
 * sample kind and the manifest, for validating against one benchmark exactly.
 */
import { z } from "zod";
import { SEEKBOARD_FORMATS, seekboardManifestSchema } from "./formats";

export const SEEKBOARD_SCHEMA_PATH = "public/schemas/seekboard-bundle.v1.json";
export const SEEKBOARD_SCHEMA_ID = "/schemas/seekboard-bundle.v1.json";

type JsonObject = Record<string, unknown>;

/** A zod schema as JSON Schema for what a producer writes (defaults make fields optional). */
function part(schema: z.ZodType): JsonObject {
  const generated = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "throw",
  }) as JsonObject;
  // Each part is embedded under $defs: only the root names the dialect.
  const { $schema: _dialect, ...rest } = generated;
  void _dialect;
  return rest;
}

export function seekboardBundleJsonSchema(): JsonObject {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: SEEKBOARD_SCHEMA_ID,
    title: "Seekboard bundle format v1: one results line",
    description:
      "One line of a Seekboard v1 results file (JSONL): one agent run on one task. The manifest's benchmark decides which sample kind applies; see $defs and docs/bundle-format.md.",
    anyOf: SEEKBOARD_FORMATS.map((format) => ({ $ref: `#/$defs/${format.benchmark}Sample` })),
    $defs: {
      ...Object.fromEntries(
        SEEKBOARD_FORMATS.map((format) => [`${format.benchmark}Sample`, part(format.sampleSchema)]),
      ),
      manifest: part(seekboardManifestSchema),
    },
  };
}

/** The file's exact text: two-space JSON and a final newline. */
export function seekboardBundleJsonSchemaText(): string {
  return `${JSON.stringify(seekboardBundleJsonSchema(), null, 2)}\n`;
}
