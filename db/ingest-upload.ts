/**
 * An uploaded file (from the browser or the API) into the database as a pending
 * submission, run by the worker for each upload job: an archive is unpacked within the
 * upload limits, the form's model, agent and setting are written into its manifest, and
 * a bare `.jsonl` of MPW results gets a manifest built from the form. Then the normal
 * importer runs: one transaction, nothing written on any error.
 */
import { existsSync, linkSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { openBundle, type BundleLimits } from "../lib/import/bundle";
import { BundleError, detailsFromZod } from "../lib/import/errors";
import { BENCHMARKS } from "../lib/benchmarks/registry";
import { applyManifestOverrides } from "../lib/import/manifest";
import { uploadKind } from "../lib/submit/manifest-peek";
import type { Db } from "./client";
import {
  ingestBundleDir,
  ingestOpenedBundle,
  type IngestOptions,
  type IngestResult,
} from "./ingest";

/** Where upload-form problems are reported, in place of a file of the bundle. */
const FORM_FILE = "form";

const formText = z
  .string()
  .trim()
  .max(200, "at most 200 characters")
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** The form fields beside the file; an empty field means "as the manifest says". */
const uploadFormSchema = z.strictObject({
  benchmark: formText,
  model: formText,
  agent: formText,
  setting: formText,
});

export interface UploadedFile {
  /** A private temporary folder the caller removes afterwards. */
  dir: string;
  /** The received bytes, inside `dir`. */
  path: string;
  /** The name the client gave; only its extension and base name are used. */
  fileName: string;
  fields: Record<string, string>;
}

export interface UploadOptions {
  uploaderTokenId: number;
  limits: BundleLimits;
  maxLineBytes: number;
  onProgress?: IngestOptions["onProgress"];
  /** Told when the file is unpacked and its records are about to be read. */
  onUnpacked?: () => void;
  /** The job runs again because its worker died mid-import (see IngestOptions.afterDeadImport). */
  afterDeadImport?: boolean;
}

/** The client's file name without any folders, as errors show it. */
export function displayName(fileName: string): string {
  return fileName.split(/[\\/]/).pop() || "bundle";
}

/** The client's file name reduced to a safe base name for a results file (it names the file in errors). */
function resultsFileName(fileName: string): string {
  const safe = displayName(fileName)
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^\.+/, "")
    .slice(-100);
  return /\.jsonl$/i.test(safe) && safe.length > ".jsonl".length ? safe : "results.jsonl";
}

/** The client's `.eval` / `.json` name reduced to a safe base name (it names the log in errors). */
function logFileName(fileName: string): string {
  const safe = displayName(fileName)
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^\.+/, "")
    .slice(-100);
  const extension = /\.eval$/i.test(fileName) ? ".eval" : ".json";
  return safe.toLowerCase().endsWith(extension) && safe.length > extension.length
    ? safe
    : `log${extension}`;
}

/** A bundle folder around a lone uploaded file: the file under `name`, and the manifest built for it. */
function linkedBundle(
  upload: UploadedFile,
  name: string,
  manifest: Record<string, unknown>,
): string {
  // Linked, not moved: a job interrupted by a crash runs again from the received file.
  const root = join(upload.dir, "bundle");
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root);
  linkSync(upload.path, join(root, name));
  writeFileSync(join(root, "manifest.json"), JSON.stringify(manifest));
  return root;
}

export async function ingestUpload(
  db: Db,
  upload: UploadedFile,
  options: UploadOptions,
): Promise<IngestResult> {
  const kind = uploadKind(upload.fileName);
  if (!kind)
    throw BundleError.at(
      displayName(upload.fileName),
      null,
      null,
      "a bundle is a .zip, a .tar.gz, a .jsonl results file or an Inspect log (.eval, .json)",
    );
  const form = uploadFormSchema.safeParse(upload.fields);
  if (!form.success)
    throw new BundleError(
      detailsFromZod(FORM_FILE, null, form.error, [], {
        schema: uploadFormSchema,
        input: upload.fields,
      }),
    );
  const overrides = form.data;
  const ingestOptions: IngestOptions = {
    source: "upload",
    status: "pending",
    uploaderTokenId: options.uploaderTokenId,
    maxLineBytes: options.maxLineBytes,
    maxReadBytes: options.limits.maxUnpackedBytes,
    onProgress: options.onProgress,
    afterDeadImport: options.afterDeadImport,
  };

  if (kind === "inspect-log") {
    if (overrides.benchmark === undefined)
      throw BundleError.at(
        FORM_FILE,
        null,
        "benchmark",
        "choose the benchmark the Inspect log ran",
      );
    const name = logFileName(upload.fileName);
    const { benchmark, ...named } = overrides;
    const root = linkedBundle(upload, name, {
      benchmark,
      format: "inspect",
      logs: [name],
      ...named,
    });
    options.onUnpacked?.();
    return ingestOpenedBundle(db, root, { ...ingestOptions, limits: options.limits });
  }

  if (kind === "jsonl") {
    if (overrides.benchmark !== undefined && overrides.benchmark !== "mpw") {
      throw BundleError.at(
        FORM_FILE,
        null,
        "benchmark",
        `a .jsonl upload is an MPW results file; upload a "${overrides.benchmark}" bundle as a .zip or .tar.gz`,
      );
    }
    const name = resultsFileName(upload.fileName);
    const manifest = { ...overrides, benchmark: "mpw", results: [name] };
    // Validated as MPW's importer validates a manifest, so a form field it refuses is named.
    const checked = BENCHMARKS.mpw.importer.bind(manifest);
    if (!checked.success)
      throw new BundleError(
        detailsFromZod(FORM_FILE, null, checked.error, [], {
          schema: checked.schema,
          input: manifest,
        }),
      );
    const root = linkedBundle(upload, name, manifest);
    options.onUnpacked?.();
    return ingestBundleDir(db, root, ingestOptions);
  }

  const archive = join(upload.dir, kind === "zip" ? "bundle.zip" : "bundle.tar.gz");
  if (!existsSync(archive)) linkSync(upload.path, archive);
  let bundle;
  try {
    bundle = await openBundle(archive, options.limits);
  } catch (error) {
    // Errors about the archive as a whole name the uploaded file, never the server's temporary path.
    if (!(error instanceof BundleError)) throw error;
    throw new BundleError(
      error.details.map((detail) =>
        detail.file === archive ? { ...detail, file: displayName(upload.fileName) } : detail,
      ),
    );
  }
  try {
    applyManifestOverrides(bundle.root, overrides);
    options.onUnpacked?.();
    return await ingestOpenedBundle(db, bundle.root, { ...ingestOptions, limits: options.limits });
  } finally {
    bundle.cleanup();
  }
}
