/**
 * What a benchmark's importer is: its manifest schema, the files its bundles hash, and a
 * reader that validates the bundle's records as it reads them and hands each task and
 * sample over as plain values. The saving half (`db/ingest.ts`) is written once for
 * every benchmark: hashing, the duplicate check, the transaction, the rows, the aggregates.
 * Pure types and helpers: no database.
 */
import { z } from "zod";
import { BundleError, BundleErrorList } from "./errors";
import type { LineReadOptions } from "./lines";
import type { Step } from "../trajectory/steps";
import type { SampleFactFigures } from "../benchmarks/atomic-facts";

/** The fields every benchmark's manifest has (after validation and defaults). */
export interface ManifestBase {
  benchmark: string;
  model: string;
  setting: string;
  agent?: string;
  benchmarkVersion: string;
  /** The judge model the submitter declares (`judgeModelField`); absent when the manifest names none. */
  judgeModel?: string;
}

/** A file of the bundle: its name in the manifest, its path on disk. */
export interface BundleFileRef {
  name: string;
  path: string;
}

/** A task as any importer hands it over. */
export interface TaskInput {
  taskKey: string;
  question: string | null;
  goldAnswer: string | null;
  atomicFacts: Record<string, string>;
  category: string | null;
  language: string | null;
  extra?: Record<string, unknown> | null;
}

/** One logged search call of an MPW sample: its hit against the world's facts. */
export interface HitLogRow {
  callIndex: number;
  hit: boolean;
  matchedFactKeys: string[];
  isCompoundQuery: boolean;
  query: string | null;
  reason: string | null;
}

/**
 * One sample as it is stored: every column of `samples` a bundle fills, and its
 * `sample_facts` row. Fields that do not apply to a benchmark hold the neutral values
 * (`NEUTRAL_SAMPLE_FIGURES`); its own figures go to `metrics`.
 */
export interface SampleRow {
  task: TaskInput;
  /** 0-based run of the task within the submission. */
  run: number;
  prediction: string | null;
  status: string;
  correct: boolean;
  /** Which judge field (or scorer) decided the verdict. */
  verdictSource: string;
  verdictLabel: string | null;
  judgeRationale: string | null;
  toolCalls: number;
  /** Its coverage of the task's atomic facts (`sample_facts`); null when its benchmark has none. */
  facts: SampleFactFigures | null;
  tier: string | null;
  category: string | null;
  actualTurns: number | null;
  maxTurns: number | null;
  errorInfo: string | null;
  metrics: Record<string, unknown> | null;
  detail: Record<string, unknown> | null;
  /** What the run cost, when the bundle says; null when it says nothing. */
  usage: SampleUsage | null;
  steps: readonly Step[];
  /** MPW's per-call hit log (its own table); empty elsewhere. */
  hitLog: readonly HitLogRow[];
  /** Where the sample came from: file in the bundle, 1-based line. */
  file: string;
  line: number;
}

/** Tokens, dollars and wall time of one run; each null when the bundle does not report it (never 0 for "unknown"). */
export interface SampleUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  costUsd: number | null;
  seconds: number | null;
}

/** The fact, tier and turn fields of a sample whose benchmark has no atomic facts. */
export const NEUTRAL_SAMPLE_FIGURES = {
  facts: null,
  tier: null,
  actualTurns: null,
  maxTurns: null,
  errorInfo: null,
  hitLog: [],
} as const satisfies Partial<SampleRow>;

/** Where an importer's values go, in the order it reads them; the importer awaits each before reading on. */
export interface ImportSink {
  /** A task known before any sample names it (a tasks file): stored in the file's order. */
  task(task: TaskInput): Promise<void>;
  sample(row: SampleRow): Promise<void>;
}

export type ReadOptions = LineReadOptions;

/** What an importer's reading says about the submission besides its samples. */
export interface ReadOutcome {
  /** What the importer noticed without rejecting the bundle (e.g. a producer's summary it could not reproduce). */
  importNotes?: Record<string, unknown>;
  /** The judge model the records name (`NameTally`), used when the manifest declares none. */
  judgeModel?: string | null;
}

/** What the submission row records from a bundle read: the manifest's judge model wins over the records'. */
export interface BundleRead {
  importNotes: Record<string, unknown> | null;
  judgeModel: string | null;
}

/** One benchmark's importer, typed by its manifest. */
export interface ImporterSpec<M extends ManifestBase> {
  /** manifest.json, validated (defaults applied). */
  manifestSchema: z.ZodType<M>;
  /** The version the submission is stored under, when it is not the manifest's `benchmarkVersion`. */
  storedVersion?(manifest: M): string;
  /** The files the manifest names, in hashing order (manifest.json itself comes first, added by the caller). */
  files(root: string, manifest: M): BundleFileRef[];
  /**
   * Reads the bundle into the sink; returns what its records say about the submission.
   * Each record is read through `errors.check`, so that an invalid one is reported and the
   * reading goes on to the next (the sink takes nothing after the first).
   */
  read(
    root: string,
    manifest: M,
    sink: ImportSink,
    options: ReadOptions,
    errors: BundleErrorList,
  ): Promise<ReadOutcome>;
  /** The error of a bundle without a single sample. */
  noSamples(manifest: M): { file: string; message: string };
}

/** A validated manifest with the importer bound to it. */
export interface ManifestBundle {
  manifest: ManifestBase;
  storedVersion: string;
  files(root: string): BundleFileRef[];
  read(root: string, sink: ImportSink, options: ReadOptions): Promise<BundleRead>;
  noSamples(): { file: string; message: string };
}

/** Where a bundle's files are: its folder, and the logs unpacked from it before the import (`unpackBundleLogs`). */
export interface BundleContext {
  root: string;
  /** Each unpacked `.eval` log's folder, by the log's real path. */
  unpackedLogs: ReadonlyMap<string, string>;
  /** Bytes the logs' references may expand to in all (what the unpacked budget leaves). */
  maxExpandedBytes: number;
  /** The unpacked budget itself, which the logs and their expansion share (for messages). */
  maxUnpackedBytes: number;
}

/** What the registry holds: an importer whose manifest type stays inside it. */
export interface BundleImporter {
  /**
   * Validates a JSON-decoded manifest and binds the importer to it. A manifest whose
   * defaults come from the files it names (an Inspect log's model) reads them through
   * `context`; its errors are thrown as `BundleError`s. Either way it answers the schema the
   * manifest was checked with, whose fields tell what a misspelt key meant.
   */
  bind(
    raw: unknown,
    context?: BundleContext,
  ): ({ success: true; bundle: ManifestBundle } | { success: false; error: z.ZodError }) & {
    schema: z.ZodType;
  };
}

/** An error of the import's caller (its sink, its progress callback): never taken for a record's. */
class CallerError extends Error {
  constructor(readonly error: unknown) {
    super("the import's caller failed", { cause: error });
  }
}

/**
 * Reads a bundle's records with `read`, reporting every invalid one at its end: the sink
 * takes records only while all are valid (an invalid bundle is never stored, so what
 * follows its first error need not be written, only checked). What the caller's sink or
 * progress callback throws (the import's deadline) ends the reading at once, reported
 * after the records' problems found before it.
 */
export async function readEveryRecord<T>(
  sink: ImportSink,
  options: ReadOptions,
  read: (sink: ImportSink, options: ReadOptions, errors: BundleErrorList) => Promise<T>,
): Promise<T> {
  const errors = new BundleErrorList();
  const guarded = async (write: () => Promise<void>) => {
    if (errors.any) return;
    try {
      await write();
    } catch (error) {
      throw new CallerError(error);
    }
  };
  const { onBytesRead } = options;
  let result: T;
  try {
    result = await read(
      {
        task: (task) => guarded(() => sink.task(task)),
        sample: (row) => guarded(() => sink.sample(row)),
      },
      {
        ...options,
        onBytesRead:
          onBytesRead &&
          ((bytes) => {
            try {
              onBytesRead(bytes);
            } catch (error) {
              throw new CallerError(error);
            }
          }),
      },
      errors,
    );
  } catch (error) {
    const cause = error instanceof CallerError ? error.error : error;
    if (!(cause instanceof BundleError)) throw cause;
    errors.add(cause);
    throw errors.error();
  }
  errors.throwIfAny();
  return result;
}

export function defineImporter<M extends ManifestBase>(spec: ImporterSpec<M>): BundleImporter {
  return {
    bind(raw) {
      const parsed = spec.manifestSchema.safeParse(raw);
      if (!parsed.success)
        return { success: false, error: parsed.error, schema: spec.manifestSchema };
      const manifest = parsed.data;
      return {
        success: true,
        schema: spec.manifestSchema,
        bundle: {
          manifest,
          storedVersion: spec.storedVersion
            ? spec.storedVersion(manifest)
            : manifest.benchmarkVersion,
          files: (root) => spec.files(root, manifest),
          read: async (root, sink, options) => {
            const outcome = await readEveryRecord(sink, options, (gated, guardedOptions, errors) =>
              spec.read(root, manifest, gated, guardedOptions, errors),
            );
            return {
              importNotes: outcome.importNotes ?? null,
              judgeModel: manifest.judgeModel ?? outcome.judgeModel ?? null,
            };
          },
          noSamples: () => spec.noSamples(manifest),
        },
      };
    },
  };
}

/**
 * Tallies the names a bundle's records give (e.g. each sample's judge model): the most
 * frequent one, ties to the alphabetically first; null when none was given.
 */
export class NameTally {
  private readonly counts = new Map<string, number>();

  add(name: string | null | undefined): void {
    const trimmed = name?.trim();
    if (trimmed) this.counts.set(trimmed, (this.counts.get(trimmed) ?? 0) + 1);
  }

  get mostFrequent(): string | null {
    let best: string | null = null;
    let bestCount = 0;
    for (const [name, n] of this.counts) {
      if (n > bestCount || (n === bestCount && best !== null && name < best)) {
        best = name;
        bestCount = n;
      }
    }
    return best;
  }
}

/** Runs are numbered per task in the order samples arrive: the same task again is its next run. */
export class RunCounter {
  private readonly runs = new Map<string, number>();

  next(taskKey: string): number {
    const run = this.runs.get(taskKey) ?? 0;
    this.runs.set(taskKey, run + 1);
    return run;
  }
}

/** A file named in a manifest, relative to it. */
export const relativeFile = z.string().min(1, "must name a file in the bundle");

/** Every manifest's optional `judgeModel`: the model that judged the answers, as the submitter declares it. */
export const judgeModelField = z
  .string()
  .trim()
  .min(1, "judgeModel names the judge model; leave it out when there is none")
  .optional()
  .meta({
    description:
      "The judge model that decided the verdicts. When left out, the judge model the samples name (the most frequent one) is taken.",
  });
