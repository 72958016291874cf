import "server-only";
/**
 * Reading an Inspect log named by a bundle's manifest: a `.json` log, or a `.eval` log
 * already unpacked (`unpackEvalLog`, before the import's transaction, since a zip is read
 * asynchronously). Samples are read one member at a time, so a large `.eval` never sits
 * in memory whole.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { folderBytes } from "../bundle";
import { BundleError, detailsFromZod } from "../errors";
import { readBundleText } from "../lines";
import {
  INSPECT_LOG_VERSIONS,
  inspectHeaderSchema,
  inspectSampleSchema,
  parseInspectJson,
  resolveAttachments,
  type ExpansionBudget,
  type InspectHeader,
  type InspectSample,
} from "./log";

export function isEvalLog(name: string): boolean {
  return name.toLowerCase().endsWith(".eval");
}

export interface InspectLog {
  /** The log's name in the bundle. */
  file: string;
  header: InspectHeader;
  /** Why the run is not a finished one (no header, cancelled, stopped by an error); null when it finished. */
  incomplete: string | null;
  /**
   * Each sample's place (a `.eval` member, or the `.json` log's `samples.<i>`) and its
   * reading, its attachments resolved within `budget`: a sample that cannot be read throws
   * when it is read, so the samples after it are still read.
   */
  samples(
    budget: ExpansionBudget,
    onBytesRead?: (bytes: number) => void,
  ): Iterable<{ where: string; read: () => InspectSample }>;
}

function parsed<T>(
  schema: z.ZodType<T>,
  value: unknown,
  file: string,
  prefix: readonly string[] = [],
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BundleError(detailsFromZod(file, null, result.error, prefix));
  return result.data;
}

function checkedHeader(
  value: unknown,
  file: string,
  prefix: readonly string[] = [],
): InspectHeader {
  const header = parsed(inspectHeaderSchema, value, file, prefix);
  if (!(INSPECT_LOG_VERSIONS as readonly number[]).includes(header.version)) {
    throw BundleError.at(
      file,
      null,
      [...prefix, "version"].join("."),
      `log format version ${header.version} is not read; versions read: ${INSPECT_LOG_VERSIONS.join(", ")}`,
    );
  }
  return header;
}

function incompleteReason(header: InspectHeader, fromJournal: boolean): string | null {
  switch (header.status) {
    case "success":
      return null;
    case "started":
      return fromJournal
        ? "the run did not finish: the log has no header.json (read from _journal/start.json and the samples present)"
        : 'the run did not finish (log status "started")';
    case "cancelled":
      return "the run was cancelled";
    case "error":
      return `the run stopped with an error${header.error ? `: ${header.error.message}` : ""}`;
  }
}

const attachmentsSchema = z.object({ attachments: z.record(z.string(), z.string()).nullish() });

/** A sample's JSON, its attachments resolved within `budget`, checked. */
function sampleOf(
  value: unknown,
  where: string,
  budget: ExpansionBudget,
  prefix: readonly string[] = [],
): InspectSample {
  // An attachments table of the wrong shape is reported by the sample's schema below.
  const attachments = attachmentsSchema.safeParse(value);
  const table = attachments.success ? (attachments.data.attachments ?? {}) : {};
  let resolved: unknown;
  try {
    budget.nextSample();
    resolved = resolveAttachments(value, table, where, budget);
  } catch (error) {
    if (!(error instanceof BundleError) || prefix.length === 0) throw error;
    throw new BundleError(
      error.details.map((d) => ({ ...d, field: [...prefix, d.field].filter(Boolean).join(".") })),
    );
  }
  return parsed(inspectSampleSchema, resolved, where, prefix);
}

/** `samples/<id>_epoch_<n>.json`, ordered by id (numerically when both are numbers) then epoch. */
function sampleMembers(dir: string): string[] {
  const folder = join(dir, "samples");
  if (!existsSync(folder)) return [];
  const key = (name: string) => {
    const match = /^(.*)_epoch_(\d+)\.json$/.exec(name);
    return { id: match ? match[1] : name, epoch: match ? Number(match[2]) : 0 };
  };
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort((a, b) => {
      const x = key(a);
      const y = key(b);
      if (x.id !== y.id) {
        const nx = Number(x.id);
        const ny = Number(y.id);
        if (x.id !== "" && y.id !== "" && Number.isFinite(nx) && Number.isFinite(ny))
          return nx - ny;
        return x.id < y.id ? -1 : 1;
      }
      return x.epoch - y.epoch;
    });
}

/**
 * An unpacked `.eval` log: the header (or the journal's start when the run did not finish)
 * and its sample members. Progress is told in the log's own (compressed) bytes, the size
 * the import's total counts: each member's bytes scaled by the log's compression.
 */
export function openEvalLog(file: string, dir: string, logBytes: number): InspectLog {
  const scale = logBytes / Math.max(1, folderBytes(dir));
  const member = (name: string) => `${file}: ${name}`;
  const readJson = (name: string, onBytesRead?: (bytes: number) => void) =>
    parseInspectJson(readBundleText(join(dir, name), member(name), { onBytesRead }), member(name));
  let header: InspectHeader;
  let fromJournal = false;
  if (existsSync(join(dir, "header.json"))) {
    header = checkedHeader(readJson("header.json"), member("header.json"));
  } else if (existsSync(join(dir, "_journal", "start.json"))) {
    header = checkedHeader(readJson("_journal/start.json"), member("_journal/start.json"));
    fromJournal = true;
  } else {
    throw BundleError.at(
      file,
      null,
      null,
      "neither header.json nor _journal/start.json: not an Inspect .eval log",
    );
  }
  return {
    file,
    header,
    incomplete: incompleteReason(header, fromJournal),
    *samples(budget, onBytesRead) {
      for (const name of sampleMembers(dir)) {
        const where = member(`samples/${name}`);
        yield {
          where,
          read: () =>
            sampleOf(
              readJson(`samples/${name}`, onBytesRead && ((bytes) => onBytesRead(bytes * scale))),
              where,
              budget,
            ),
        };
      }
    },
  };
}

/** A `.json` log: header fields and every sample in one document. */
export function openJsonLog(
  file: string,
  path: string,
  onBytesRead?: (bytes: number) => void,
): InspectLog {
  const value = parseInspectJson(readBundleText(path, file, { onBytesRead }), file);
  const header = checkedHeader(value, file);
  const samples = parsed(
    z.object({ samples: z.array(z.unknown()).nullish() }),
    value,
    file,
  ).samples;
  return {
    file,
    header,
    incomplete: incompleteReason(header, false),
    *samples(budget) {
      for (const [i, sample] of (samples ?? []).entries())
        yield {
          where: `${file}: samples.${i}`,
          read: () => sampleOf(sample, file, budget, ["samples", String(i)]),
        };
    },
  };
}
