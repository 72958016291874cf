import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { BundleError, detailsFromZod } from "./errors";

export const MPW_SETTINGS = ["A", "B-guidance", "B-fewshot", "C"] as const;
export type MpwSetting = (typeof MPW_SETTINGS)[number];

const relativeFile = z.string().min(1, "must name a file in the bundle");

export const mpwManifestSchema = z.object({
  benchmark: z.literal("mpw"),
  model: z.string().trim().min(1, "model is required"),
  setting: z.enum(MPW_SETTINGS),
  results: z.array(relativeFile).min(1, "at least one results file is required"),
  tasks: relativeFile.optional(),
  agent: z.string().trim().min(1).optional(),
  benchmarkVersion: z.string().trim().min(1).default("v1"),
});

export type MpwManifest = z.infer<typeof mpwManifestSchema>;

/** Benchmarks whose bundles this build can import. */
export const MANIFEST_SCHEMAS = { mpw: mpwManifestSchema } as const;
export type ImportableBenchmark = keyof typeof MANIFEST_SCHEMAS;
export type Manifest = MpwManifest;

const MAX_MANIFEST_BYTES = 1 << 20;

export function readManifest(root: string): Manifest {
  const path = join(root, "manifest.json");
  if (statSync(path).size > MAX_MANIFEST_BYTES) throw BundleError.at("manifest.json", null, null, "manifest.json is larger than 1 MiB");
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw BundleError.at("manifest.json", null, null, `invalid JSON: ${(error as Error).message}`);
  }
  const benchmark = z.object({ benchmark: z.string() }).safeParse(raw);
  if (!benchmark.success) throw new BundleError(detailsFromZod("manifest.json", null, benchmark.error));
  const name = benchmark.data.benchmark;
  if (!Object.hasOwn(MANIFEST_SCHEMAS, name)) {
    throw BundleError.at("manifest.json", null, "benchmark", `unknown benchmark "${name}"; known: ${Object.keys(MANIFEST_SCHEMAS).join(", ")}`);
  }
  const parsed = MANIFEST_SCHEMAS[name as ImportableBenchmark].safeParse(raw);
  if (!parsed.success) throw new BundleError(detailsFromZod("manifest.json", null, parsed.error));
  return parsed.data;
}
