/** Writes `public/schemas/seekboard-bundle.v1.json` from the zod schemas: `npx tsx --conditions=react-server lib/bundle-format/write-json-schema.ts`. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SEEKBOARD_SCHEMA_PATH, seekboardBundleJsonSchemaText } from "./json-schema";

const target = join(process.cwd(), SEEKBOARD_SCHEMA_PATH);
writeFileSync(target, seekboardBundleJsonSchemaText());
console.log(`wrote ${target}`);
