import "server-only";
/**
 * A bundle of Inspect logs for a Seekboard-format benchmark (docs/bundle-format.md,
 * "Inspect logs"): `{"benchmark", "format": "inspect", "logs": [...]}`. The model and the
 * dataset default to the first log header's; each sample becomes a line of the
 * benchmark's format (lib/import/inspect/convert.ts), parsed and stored as any line is.
 */
import { realpathSync, statSync } from "node:fs";
import { z } from "zod";
import { namedFiles } from "../import/bundle";
import { BundleError, detailsFromZod } from "../import/errors";
import {
  judgeModelField,
  readEveryRecord,
  relativeFile,
  RunCounter,
  type BundleContext,
  type BundleImporter,
  type ManifestBundle,
} from "../import/importer";
import { inspectSampleLine } from "../import/inspect/convert";
import { ExpansionBudget, headerScorers } from "../import/inspect/log";
import { MAX_LINE_BYTES } from "../import/lines";
import { isEvalLog, openEvalLog, openJsonLog, type InspectLog } from "../import/inspect/read";
import {
  SeekboardRowWriter,
  type SeekboardImporterSpec,
  type SeekboardManifestFields,
} from "./row-writer";
import type { SeekboardBenchmark } from "./sample";

export const INSPECT_FORMAT = "inspect" as const;

const optionalText = z.string().trim().min(1).optional();

export const inspectManifestSchema = z.strictObject({
  benchmark: z.string(),
  format: z.literal(INSPECT_FORMAT),
  logs: z
    .array(relativeFile)
    .min(1, "at least one log is required")
    .meta({ description: "Inspect logs (.eval or .json), relative to the manifest." }),
  model: optionalText.meta({ description: "The model evaluated; default: the first log's model." }),
  agent: optionalText,
  setting: optionalText,
  benchmarkVersion: optionalText,
  dataset: optionalText.meta({
    description: "For benchmarks that name a dataset (qa); default: the first log's task name.",
  }),
  scorer: optionalText.meta({
    description: "The scorer whose value is the verdict; default: each sample's first.",
  }),
  benchmarkFields: z.record(z.string(), z.unknown()).optional().meta({
    description:
      "The benchmark's own fields for every sample; a sample's metadata.benchmark adds to and overrides them.",
  }),
  judgeModel: judgeModelField,
});

/** The manifest fields a bundle of another format shares with a Seekboard-format one. */
export interface SharedManifestFields {
  benchmark: string;
  agent?: string;
  setting?: string;
  benchmarkVersion?: string;
  judgeModel?: string;
}

/**
 * The Seekboard-format manifest a bundle of another format stands for, validated by the
 * benchmark's own manifest schema (its required fields, its defaults); errors name the
 * other format's fields (`results` is `resultsField`).
 */
export function seekboardManifestOf<
  B extends SeekboardBenchmark,
  M extends SeekboardManifestFields,
>(
  spec: SeekboardImporterSpec<B, M>,
  shared: SharedManifestFields,
  derived: { model: string; dataset: string | undefined; results: string[] },
  resultsField: string,
): M {
  const takesDataset = "dataset" in spec.format.manifestSchema.shape;
  const effective = spec.manifestSchema.safeParse({
    benchmark: shared.benchmark,
    format: "seekboard-v1",
    model: derived.model,
    agent: shared.agent,
    setting: shared.setting,
    benchmarkVersion: shared.benchmarkVersion,
    judgeModel: shared.judgeModel,
    results: derived.results,
    ...(takesDataset ? { dataset: derived.dataset } : {}),
  });
  if (!effective.success) {
    const renamed = (field: string) => field.replace(/^results\b/, resultsField);
    throw new BundleError(
      detailsFromZod("manifest.json", null, effective.error, [], {
        schema: spec.manifestSchema,
        input: shared,
      }).map((d) => ({
        ...d,
        field: d.field === null ? null : renamed(d.field),
      })),
    );
  }
  return effective.data;
}

/** A converted sample parsed by the benchmark's format; errors name where the sample was read (no line: it is one JSON document). */
export function parseConverted<B extends SeekboardBenchmark, M extends SeekboardManifestFields>(
  spec: SeekboardImporterSpec<B, M>,
  line: unknown,
  where: string,
) {
  try {
    return spec.format.parse(line, where, 1);
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    throw new BundleError(error.details.map((detail) => ({ ...detail, line: null })));
  }
}

function openLog(context: BundleContext, file: { name: string; path: string }): InspectLog {
  if (!isEvalLog(file.name)) return openJsonLog(file.name, file.path);
  const folder = context.unpackedLogs.get(realpathSync(file.path));
  // An import unpacks its .eval logs first (db/ingest.ts); a caller that did not is a bug, not a bad bundle.
  if (!folder) throw new Error(`${file.name} was not unpacked before the import`);
  return openEvalLog(file.name, folder, statSync(file.path).size);
}

/** The model every log names, for a manifest that names none. */
function logsModel(logs: readonly InspectLog[]): string {
  const [first, ...rest] = logs;
  rest.forEach((log, i) => {
    if (log.header.eval.model !== first.header.eval.model) {
      throw BundleError.at(
        "manifest.json",
        null,
        "model",
        `logs.${i + 1} ran ${log.header.eval.model} and logs.0 ${first.header.eval.model}: name the model in the manifest`,
      );
    }
  });
  return first.header.eval.model;
}

export function bindInspectBundle<B extends SeekboardBenchmark, M extends SeekboardManifestFields>(
  spec: SeekboardImporterSpec<B, M>,
  raw: unknown,
  context: BundleContext | undefined,
): ReturnType<BundleImporter["bind"]> {
  const parsed = inspectManifestSchema.safeParse(raw);
  if (!parsed.success)
    return { success: false, error: parsed.error, schema: inspectManifestSchema };
  const inspect = parsed.data;
  if (!context)
    throw BundleError.at(
      "manifest.json",
      null,
      "logs",
      "Inspect logs are read from a bundle folder",
    );
  const files = namedFiles(context.root, inspect.logs, "logs");
  // Logs are opened once: a .json log is parsed whole here, and its samples are read from it later.
  const logs = files.map((file) => openLog(context, file));
  const v1Scorers = logs.map((log) => headerScorers(log.header)[0] ?? null);
  const { scorer } = inspect;
  if (scorer !== undefined) {
    logs.forEach((log, i) => {
      const scorers = headerScorers(log.header);
      if (scorers.length && !scorers.includes(scorer)) {
        throw BundleError.at(
          "manifest.json",
          null,
          "scorer",
          `"${scorer}" is not a scorer of logs.${i} (${log.file}: ${scorers.join(", ")})`,
        );
      }
    });
  }
  const manifest = seekboardManifestOf(
    spec,
    inspect,
    {
      model: inspect.model ?? logsModel(logs),
      dataset: inspect.dataset ?? logs[0].header.eval.task,
      results: inspect.logs,
    },
    "logs",
  );
  const incomplete = logs
    .filter((log) => log.incomplete !== null)
    .map((log) => `${log.file}: ${log.incomplete}`);
  const bundle: ManifestBundle = {
    manifest,
    storedVersion: spec.storedVersion ? spec.storedVersion(manifest) : manifest.benchmarkVersion,
    files: () => files,
    async read(_root, sink, readOptions) {
      const runs = new RunCounter();
      // A converted sample is one record: it may expand to what a results file's line may hold.
      const budget = new ExpansionBudget(
        readOptions.maxLineBytes ?? MAX_LINE_BYTES,
        context.maxExpandedBytes,
        context.maxUnpackedBytes,
      );
      const writer = await readEveryRecord(sink, readOptions, async (gated, options, errors) => {
        const writer = new SeekboardRowWriter(spec, gated);
        for (const [i, log] of logs.entries()) {
          // A log holds each sample (id, epoch) once: a second copy under another member name
          // (`1_EPOCH_1.json` beside `1_epoch_1.json`) would be counted as another run.
          const logged = new Map<string, string>();
          for (const { where, read } of log.samples(budget, options.onBytesRead)) {
            await errors.check(() => {
              const sample = read();
              const taskId = String(sample.id);
              const key = `${taskId}\u0000${sample.epoch}`;
              const first = logged.get(key);
              if (first !== undefined)
                throw BundleError.at(
                  where,
                  null,
                  "epoch",
                  `sample ${taskId}, epoch ${sample.epoch} is logged again (first in ${first}): a log holds each sample once`,
                );
              logged.set(key, where);
              const converted = inspectSampleLine(sample, {
                taskId,
                run: runs.next(taskId),
                scorer: inspect.scorer ?? null,
                v1Scorer: v1Scorers[i],
                benchmarkFields: inspect.benchmarkFields,
                log: log.file,
                where,
                budget,
              });
              const line = parseConverted(spec, converted.line, where);
              return writer.write(line, {
                verdictSource: converted.verdictSource,
                verdictLabel: converted.verdictLabel,
                errorInfo: converted.errorInfo,
              });
            });
            // Past the logs' limit every later sample would be refused for it again.
            if (budget.exhausted) return writer;
          }
        }
        return writer;
      });
      const importNotes: Record<string, unknown> = {
        ...spec.importNotes?.(manifest),
        inspect: logs.map((log) => ({
          log: log.file,
          task: log.header.eval.task,
          model: log.header.eval.model,
          status: log.header.status,
          version: log.header.version,
          scorers: headerScorers(log.header),
        })),
      };
      if (incomplete.length) importNotes.incomplete = incomplete;
      return {
        importNotes: importNotes,
        judgeModel: manifest.judgeModel ?? writer.judges.mostFrequent,
      };
    },
    noSamples: () => ({ file: inspect.logs[0], message: "no samples in the logs" }),
  };
  return { success: true, bundle, schema: inspectManifestSchema };
}
