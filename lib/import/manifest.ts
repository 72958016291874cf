import "server-only";
import { mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import {
  bundleFile,
  DEFAULT_LIMITS,
  folderBytes,
  UNPACK_PREFIX,
  unpackEvalLog,
  type BundleLimits,
} from "./bundle";
import { BundleError, detailsFromZod, misspeltKeys } from "./errors";
import { isEvalLog } from "./inspect/read";
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from "./json-depth";
import { BENCHMARK_IDS, BENCHMARKS, isBenchmarkId, type BenchmarkId } from "../benchmarks/registry";
import { HARBOR_FORMAT } from "../bundle-format/harbor-bundle";
import { INSPECT_FORMAT } from "../bundle-format/inspect-bundle";
import type { BundleContext, ManifestBase, ManifestBundle } from "./importer";

const MAX_MANIFEST_BYTES = 1 << 20;

/** manifest.json as plain JSON: strict UTF-8, bounded size and depth. */
function readManifestJson(root: string): unknown {
  const path = join(root, "manifest.json");
  if (statSync(path).size > MAX_MANIFEST_BYTES)
    throw BundleError.at("manifest.json", null, null, "manifest.json is larger than 1 MiB");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(readFileSync(path));
  } catch {
    throw BundleError.at("manifest.json", null, null, "not valid UTF-8");
  }
  if (jsonNestedDeeperThan(text))
    throw BundleError.at(
      "manifest.json",
      null,
      null,
      `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  try {
    return JSON.parse(text);
  } catch (error) {
    throw BundleError.at("manifest.json", null, null, `invalid JSON: ${(error as Error).message}`);
  }
}

/** The formats a manifest's `format` names besides a benchmark's own: read for every benchmark that takes the Seekboard format. */
const TRAJECTORY_FORMATS: readonly string[] = [INSPECT_FORMAT, HARBOR_FORMAT];

/** A bundle's manifest.json, validated by its benchmark's importer, with the importer bound to it. */
export function readBundleManifest(
  root: string,
  unpackedLogs: ReadonlyMap<string, string> = new Map(),
): { benchmark: BenchmarkId; bundle: ManifestBundle } {
  const raw = readManifestJson(root);
  const benchmark = z
    .object({ benchmark: z.string(), format: z.string().optional() })
    .safeParse(raw);
  if (!benchmark.success)
    throw new BundleError(detailsFromZod("manifest.json", null, benchmark.error));
  const name = benchmark.data.benchmark;
  if (!isBenchmarkId(name)) {
    throw BundleError.at(
      "manifest.json",
      null,
      "benchmark",
      `unknown benchmark "${name}"; known: ${BENCHMARK_IDS.join(", ")}`,
    );
  }
  const format = benchmark.data.format;
  if (
    format !== undefined &&
    TRAJECTORY_FORMATS.includes(format) &&
    BENCHMARKS[name].seekboardFormat === null
  ) {
    const readers = BENCHMARK_IDS.filter((id) => BENCHMARKS[id].seekboardFormat !== null);
    throw BundleError.at(
      "manifest.json",
      null,
      "format",
      `${BENCHMARKS[name].name} results are read in its own format; "${format}" is read for ${readers.join(", ")}`,
    );
  }
  const context: BundleContext = {
    root,
    unpackedLogs,
    ...(unpackedLogs instanceof UnpackedLogFolders
      ? {
          maxExpandedBytes: unpackedLogs.expansionBytes,
          maxUnpackedBytes: unpackedLogs.limitBytes,
        }
      : {
          maxExpandedBytes: DEFAULT_LIMITS.maxUnpackedBytes,
          maxUnpackedBytes: DEFAULT_LIMITS.maxUnpackedBytes,
        }),
  };
  const bound = BENCHMARKS[name].importer.bind(raw, context);
  const source = { schema: bound.schema, input: raw };
  if (!bound.success)
    throw new BundleError(detailsFromZod("manifest.json", null, bound.error, [], source));
  // A misspelt optional field would otherwise be dropped and its default taken in silence.
  const misspelt = misspeltKeys("manifest.json", null, source);
  if (misspelt.length) throw new BundleError(misspelt);
  return { benchmark: name, bundle: bound.bundle };
}

/**
 * Members a `.eval` may hold whatever the bundle's file limit: one per sample and epoch
 * (BrowseComp alone has 1,266 questions), where the upload limit (1,000) is sized for
 * hand-made bundles. The bytes limit still bounds what the log unpacks to.
 */
const EVAL_MAX_MEMBERS = 200_000;

/**
 * Each `.eval` log's folder, by the log's real path, and what the bundle's unpacked budget
 * leaves for the logs' references to expand to (attachments, input_refs), which count
 * against it as the logs are read.
 */
export class UnpackedLogFolders extends Map<string, string> {
  constructor(
    readonly expansionBytes: number,
    readonly limitBytes: number,
    entries: Iterable<[string, string]> = [],
  ) {
    super(entries);
  }
}

export interface UnpackedLogs {
  folders: UnpackedLogFolders;
  cleanup: () => void;
}

/**
 * Unpacks the `.eval` logs an Inspect manifest names (zips, read asynchronously) before
 * the import's synchronous transaction reads them, within the bundle's limits (the logs
 * together). A manifest of any other format unpacks nothing; an invalid one is reported
 * when it is bound.
 */
export async function unpackBundleLogs(root: string, limits: BundleLimits): Promise<UnpackedLogs> {
  const folders = new Map<string, string>();
  const created: string[] = [];
  const cleanup = () => created.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  const manifest = z
    .object({ format: z.literal(INSPECT_FORMAT), logs: z.array(z.string()) })
    .safeParse(readManifestJson(root));
  if (!manifest.success)
    return {
      folders: new UnpackedLogFolders(limits.maxUnpackedBytes, limits.maxUnpackedBytes),
      cleanup,
    };
  let budget = limits.maxUnpackedBytes;
  const counted = new Set<string>();
  try {
    for (const [i, name] of manifest.data.logs.entries()) {
      const path = realpathSync(bundleFile(root, name, `logs.${i}`));
      if (counted.has(path)) continue;
      counted.add(path);
      // A `.json` log is read as it is: its own bytes count against the budget its
      // references expand within, as an `.eval` log's unpacked members do.
      if (!isEvalLog(name)) {
        budget -= statSync(path).size;
        continue;
      }
      const target = mkdtempSync(join(limits.unpackInto ?? tmpdir(), UNPACK_PREFIX));
      created.push(target);
      await unpackEvalLog(path, name, target, {
        ...limits,
        maxUnpackedBytes: budget,
        maxFiles: Math.max(limits.maxFiles, EVAL_MAX_MEMBERS),
      });
      budget -= folderBytes(target);
      folders.set(path, target);
    }
  } catch (error) {
    cleanup();
    throw error;
  }
  return { folders: new UnpackedLogFolders(budget, limits.maxUnpackedBytes, folders), cleanup };
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
