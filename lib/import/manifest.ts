import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { BundleError, detailsFromZod } from "./errors";
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from "./json-depth";
import { BENCHMARK_IDS, BENCHMARKS, isBenchmarkId, type BenchmarkId } from "../benchmarks/registry";
import type { ManifestBase, ManifestBundle } from "./importer";

const MAX_MANIFEST_BYTES = 1 << 20;

/** manifest.json as plain JSON: strict UTF-8, bounded size and depth. */
function readManifestJson(root: string): unknown {
  const path = join(root, "manifest.json");
  if (statSync(path).size > MAX_MANIFEST_BYTES) throw BundleError.at("manifest.json", null, null, "manifest.json is larger than 1 MiB");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(readFileSync(path));
  } catch {
    throw BundleError.at("manifest.json", null, null, "not valid UTF-8");
  }
  if (jsonNestedDeeperThan(text)) throw BundleError.at("manifest.json", null, null, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw BundleError.at("manifest.json", null, null, `invalid JSON: ${(error as Error).message}`);
  }
}

/** A bundle's manifest.json, validated by its benchmark's importer, with the importer bound to it. */
export function readBundleManifest(root: string): { benchmark: BenchmarkId; bundle: ManifestBundle } {
  const raw = readManifestJson(root);
  const benchmark = z.object({ benchmark: z.string() }).safeParse(raw);
  if (!benchmark.success) throw new BundleError(detailsFromZod("manifest.json", null, benchmark.error));
  const name = benchmark.data.benchmark;
  if (!isBenchmarkId(name)) {
    throw BundleError.at("manifest.json", null, "benchmark", `unknown benchmark "${name}"; known: ${BENCHMARK_IDS.join(", ")}`);
  }
  const bound = BENCHMARKS[name].importer.bind(raw);
  if (!bound.success) throw new BundleError(detailsFromZod("manifest.json", null, bound.error));
  return { benchmark: name, bundle: bound.bundle };
}

export function readManifest(root: string): ManifestBase {
  return readBundleManifest(root).bundle.manifest;
}

/** Manifest fields an uploader may set or correct beside the bundle (the upload form's fields). */
export interface ManifestOverrides {
  benchmark?: string;
  model?: string;
  agent?: string;
  setting?: string;
}

/**
 * Writes the overrides into an unpacked bundle's manifest.json, only when one differs
 * from what the manifest says: an upload that changes nothing keeps the bundle's
 * content hash, so it is still recognised as a duplicate of the same bundle ingested
 * another way. The result is validated later, as any manifest.
 */
export function applyManifestOverrides(root: string, overrides: ManifestOverrides): void {
  const raw = readManifestJson(root);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return;
  const manifest = raw as Record<string, unknown>;
  let changed = false;
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined || manifest[key] === value) continue;
    manifest[key] = value;
    changed = true;
  }
  if (changed) writeFileSync(join(root, "manifest.json"), JSON.stringify(manifest, null, 2));
}
