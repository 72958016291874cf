/**
 * Importer, saving half, written once for every benchmark: a bundle into the database in
 * one transaction. The benchmark's importer (its module's `importer`) reads the records
 * as they are written, so memory stays flat whatever the bundle's size; any error rolls
 * the whole bundle back. A bundle whose content was ingested before is a duplicate.
 */
import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import {
  checkReadBudget,
  hashBundleFiles,
  openBundle,
  DEFAULT_LIMITS,
  UNPACK_PREFIX,
  type BundleLimits,
} from "../lib/import/bundle";
import { BundleError } from "../lib/import/errors";
import { readBundleManifest, unpackBundleLogs } from "../lib/import/manifest";
import { checkDisplayNames } from "../lib/import/display-names";
import { refreshAggregates } from "./aggregates";
import { isUniqueViolation, withTx, type Db } from "./client";
import {
  ensureBenchmark,
  existingSubmission,
  finishSubmission,
  insertSubmission,
  sampleWriter,
  TaskWriter,
  type IngestOptions,
} from "./ingest-shared";

export type { IngestOptions, IngestProgress } from "./ingest-shared";

export interface IngestResult {
  submissionId: number;
  benchmark: string;
  model: string;
  setting: string;
  samples: number;
  tasks: number;
  duplicate: boolean;
  malformedSteps: number;
  bundleHash: string;
}

export async function ingestBundle(
  db: Db,
  path: string,
  options: IngestOptions & { limits?: BundleLimits },
): Promise<IngestResult> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const bundle = await openBundle(path, limits);
  try {
    return await ingestOpenedBundle(db, bundle.root, {
      maxReadBytes: limits.maxUnpackedBytes,
      ...options,
      limits,
    });
  } finally {
    bundle.cleanup();
  }
}

/** What a lone Inspect log's manifest says besides the log (docs/bundle-format.md, "Inspect logs"). */
export interface InspectLogManifest {
  benchmark: string;
  model?: string;
  agent?: string;
  setting?: string;
  dataset?: string;
  scorer?: string;
}

/** A lone `.eval` or Inspect `.json` log, ingested as the bundle of that one log. */
export async function ingestInspectLog(
  db: Db,
  path: string,
  manifest: InspectLogManifest,
  options: IngestOptions & { limits?: BundleLimits },
): Promise<IngestResult> {
  if (!existsSync(path) || !statSync(path).isFile())
    throw BundleError.at(path, null, null, "no such file");
  const root = mkdtempSync(join(tmpdir(), UNPACK_PREFIX));
  try {
    const name = basename(path);
    symlinkSync(resolve(path), join(root, name));
    writeFileSync(
      join(root, "manifest.json"),
      JSON.stringify({ ...manifest, format: "inspect", logs: [name] }),
    );
    const limits = options.limits ?? DEFAULT_LIMITS;
    return await ingestOpenedBundle(db, root, {
      maxReadBytes: limits.maxUnpackedBytes,
      ...options,
      limits,
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** A bundle folder: the logs it holds in archives (Inspect's `.eval`) unpacked first, then read in one transaction. */
export async function ingestOpenedBundle(
  db: Db,
  root: string,
  options: IngestOptions & { limits: BundleLimits },
): Promise<IngestResult> {
  const logs = await unpackBundleLogs(root, options.limits);
  try {
    return await ingestBundleDir(db, root, { ...options, unpackedLogs: logs.folders });
  } finally {
    logs.cleanup();
  }
}

/** A bundle folder whose archived logs, if any, are unpacked (`ingestOpenedBundle`), in one transaction. */
export async function ingestBundleDir(
  db: Db,
  root: string,
  options: IngestOptions & { unpackedLogs?: ReadonlyMap<string, string> },
): Promise<IngestResult> {
  const { benchmark, bundle } = readBundleManifest(root, options.unpackedLogs);
  const { manifest } = bundle;
  checkDisplayNames("manifest.json", manifest);
  const files = [
    { name: "manifest.json", path: join(root, "manifest.json") },
    ...bundle.files(root),
  ];
  const totalBytes = checkReadBudget(
    files,
    options.maxReadBytes ?? DEFAULT_LIMITS.maxUnpackedBytes,
  );
  const bundleHash = hashBundleFiles(files);
  const result = (
    submissionId: number,
    samples: number,
    tasks: number,
    duplicate: boolean,
    malformedSteps: number,
  ): IngestResult => ({
    submissionId,
    benchmark: manifest.benchmark,
    model: manifest.model,
    setting: manifest.setting,
    samples,
    tasks,
    duplicate,
    malformedSteps,
    bundleHash,
  });
  const duplicateOf = async (): Promise<IngestResult | null> => {
    const existing = await existingSubmission(db, bundleHash);
    return existing ? result(existing.id, existing.sampleCount, existing.taskCount, true, 0) : null;
  };
  const before = await duplicateOf();
  if (before) return before;

  // `db` is the transaction inside: nothing of the import can be written outside it.
  const run = withTx(db, async (db) => {
    await ensureBenchmark(db, benchmark);
    const submissionId = await insertSubmission(
      db,
      {
        benchmark,
        version: bundle.storedVersion,
        model: manifest.model,
        agent: manifest.agent ?? null,
        setting: manifest.setting,
        bundleHash,
      },
      options,
    );
    const tasks = new TaskWriter(db, benchmark, bundle.storedVersion, submissionId);
    const writer = sampleWriter(db, submissionId, tasks);
    const { onProgress } = options;
    // The manifest was read before the records.
    let bytesRead = statSync(files[0].path).size;
    const read = await bundle.read(
      root,
      {
        task: async (task) => void (await tasks.idOf(task)),
        sample: async (row) => {
          await writer.write(row);
          onProgress?.({
            done: Math.min(bytesRead, totalBytes),
            total: totalBytes,
            samples: writer.samples,
          });
        },
      },
      {
        maxLineBytes: options.maxLineBytes,
        onBytesRead: onProgress ? (bytes) => void (bytesRead += bytes) : undefined,
      },
    );
    if (writer.samples === 0) {
      const empty = bundle.noSamples();
      throw BundleError.at(empty.file, null, null, empty.message);
    }
    await writer.flush();
    await finishSubmission(
      db,
      submissionId,
      { samples: writer.samples, tasks: writer.tasks, runs: writer.runs },
      read,
    );
    await refreshAggregates(db, submissionId);
    return result(submissionId, writer.samples, writer.tasks, false, writer.malformedSteps);
  });
  try {
    return await run;
  } catch (error) {
    // The same bundle imported at the same moment by another process: its submission won the unique hash.
    if (isUniqueViolation(error)) {
      const winner = await duplicateOf();
      if (winner) return winner;
    }
    throw error;
  }
}
