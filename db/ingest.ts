/**
 * Importer, saving half, written once for every benchmark: a bundle into the database in
 * batches. The benchmark's importer (its module's `importer`) reads the records as they are
 * written, so memory stays flat whatever the bundle's size. The submission is `importing`
 * (seen by no one) until its last transaction publishes it, and any error removes it whole;
 * each batch holds the write lock briefly, so requests that write (an admin-token guess
 * counted, another team's upload) never wait for a whole import. A bundle whose content was
 * ingested before is a duplicate.
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
import type { SampleRow, TaskInput } from "../lib/import/importer";
import { BENCHMARKS } from "../lib/benchmarks/registry";
import { computeAggregates, writeAggregates } from "./aggregates";
import { deferToWaitingWriters, isUniqueViolation, withTx, type Db } from "./client";
import {
  ensureBenchmark,
  importHeartbeat,
  insertSubmission,
  publishSubmission,
  removeImport,
  sampleWriter,
  settledSubmission,
  TaskWriter,
  type IngestOptions,
} from "./ingest-shared";

export type { IngestOptions, IngestProgress } from "./ingest-shared";

/**
 * A batch ends at this many records (tasks and samples) or this many bytes read, whichever
 * comes first: under a second team's uploads during a 16,080-sample import, batches of 128
 * held the lock up to 500 ms (p50 78 ms), which a request waiting for it waits too.
 */
const BATCH_RECORDS = 64;
const BATCH_BYTES = 2 * 1024 * 1024;
/** …or this many steps: a batch is held in memory until written, and a compressed log's bytes read say little of its samples' size. */
const BATCH_STEPS = 1024;
/** How often a running import says it is alive besides its batches (well inside IMPORT_STALE_MS). */
const HEARTBEAT_MS = 10_000;

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
  /** The submission this bundle already became; one still importing elsewhere is waited for. */
  const duplicateOf = async (): Promise<IngestResult | null> => {
    const existing = await settledSubmission(
      db,
      bundleHash,
      options.afterDeadImport ? (options.uploaderTokenId ?? null) : undefined,
    );
    return existing ? result(existing.id, existing.sampleCount, existing.taskCount, true, 0) : null;
  };

  let submissionId: number;
  for (;;) {
    const before = await duplicateOf();
    if (before) return before;
    try {
      submissionId = await withTx(db, async (tx) => {
        await ensureBenchmark(tx, benchmark);
        return insertSubmission(
          tx,
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
      });
      break;
    } catch (error) {
      // The same bundle imported at the same moment by another process: its row won the unique hash.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  const tasks = new TaskWriter(benchmark, bundle.storedVersion, submissionId);
  const writer = sampleWriter(db, submissionId, benchmark, tasks, BENCHMARKS[benchmark].grounding);
  // Alive between batches too (a slow first batch, the fill-ins, the aggregates): only a dead
  // process's import goes a minute without a heartbeat.
  const heartbeat = setInterval(
    () => void withTx(db, (tx) => importHeartbeat(tx, submissionId)).catch(() => undefined),
    HEARTBEAT_MS,
  );
  heartbeat.unref();
  try {
    // The records are read outside any transaction and written a batch at a time, each batch
    // in a short transaction: the write lock is never held for longer than one batch.
    let batch: ({ task: TaskInput } | { sample: SampleRow })[] = [];
    let batchSamples = 0;
    let batchBytes = 0;
    let batchSteps = 0;
    const full = () =>
      batch.length >= BATCH_RECORDS || batchBytes >= BATCH_BYTES || batchSteps >= BATCH_STEPS;
    const writeBatch = async () => {
      const records = batch;
      batch = [];
      batchSamples = 0;
      batchBytes = 0;
      batchSteps = 0;
      await deferToWaitingWriters(db);
      await withTx(db, async (tx) => {
        for (const record of records)
          if ("sample" in record) await writer.write(tx, record.sample);
          else await tasks.idOf(tx, record.task);
        await writer.flush(tx);
        await importHeartbeat(tx, submissionId);
      });
    };
    const { onProgress } = options;
    // The manifest was read before the records.
    let bytesRead = statSync(files[0].path).size;
    const report = () =>
      onProgress?.({
        done: Math.min(bytesRead, totalBytes),
        total: totalBytes,
        samples: writer.samples + batchSamples,
      });
    const read = await bundle.read(
      root,
      {
        task: async (task) => {
          batch.push({ task });
          if (full()) await writeBatch();
        },
        sample: async (sample) => {
          batch.push({ sample });
          batchSamples += 1;
          batchSteps += sample.steps.length;
          report();
          if (full()) await writeBatch();
        },
      },
      {
        maxLineBytes: options.maxLineBytes,
        onBytesRead: (bytes) => {
          bytesRead += bytes;
          batchBytes += bytes;
          // Told as the files are read too: an invalid bundle is read to its end without
          // writing a sample, and its reading is held to the import's deadline all the same.
          report();
        },
      },
    );
    await writeBatch();
    if (writer.samples === 0) {
      const empty = bundle.noSamples();
      throw BundleError.at(empty.file, null, null, empty.message);
    }
    // The bundle is read whole and valid: only now does it add to tasks other submissions share.
    await tasks.fillIn(async (write) => {
      await deferToWaitingWriters(db);
      await withTx(db, write);
    }, BATCH_RECORDS);
    const aggregateRows = await computeAggregates(db, submissionId);
    await withTx(db, async (tx) => {
      await writeAggregates(tx, submissionId, aggregateRows);
      await publishSubmission(
        tx,
        submissionId,
        options.status,
        { samples: writer.samples, tasks: writer.tasks, runs: writer.runs },
        read,
      );
    });
    return result(submissionId, writer.samples, writer.tasks, false, writer.malformedSteps);
  } catch (error) {
    await takeBack(db, submissionId);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Removes a failed import, trying again a few times: what failed it may have been the
 * connection (PostgreSQL hands out pooled connections a server restart has cut before it
 * notices). One left behind stays invisible, and the next import of its bundle removes it
 * once its heartbeat is a minute old.
 */
async function takeBack(db: Db, submissionId: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await removeImport(db, submissionId);
    } catch (cleanup) {
      if (attempt < 3) {
        await new Promise((done) => setTimeout(done, 100 * attempt));
        continue;
      }
      console.error(
        `seekboard: could not remove the failed import of submission ${submissionId}: ${cleanup instanceof Error ? cleanup.message : String(cleanup)}`,
      );
      return;
    }
  }
}
