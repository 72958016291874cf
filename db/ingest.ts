/**
 * Importer, saving half: a bundle into the database in one transaction. Each
 * benchmark's importer reads its records as it writes them, so memory stays flat
 * whatever the bundle's size; any error rolls the whole bundle back.
 */
import { openBundle, DEFAULT_LIMITS, type BundleLimits } from "../lib/import/bundle";
import { readManifest } from "../lib/import/manifest";
import type { Db } from "./client";
import { ingestMpw } from "./ingest-mpw";
import type { IngestOptions, IngestResult } from "./ingest-shared";
import { ingestWideSearch } from "./ingest-widesearch";
import { ingestSeekboard } from "./ingest-seekboard";
import { ingestInfoMosaic } from "./ingest-infomosaic";

export type { IngestOptions, IngestResult } from "./ingest-shared";

export async function ingestBundle(db: Db, path: string, options: IngestOptions & { limits?: BundleLimits }): Promise<IngestResult> {
  const bundle = await openBundle(path, options.limits ?? DEFAULT_LIMITS);
  try {
    return ingestBundleDir(db, bundle.root, options);
  } finally {
    bundle.cleanup();
  }
}

export function ingestBundleDir(db: Db, root: string, options: IngestOptions): IngestResult {
  const manifest = readManifest(root);
  switch (manifest.benchmark) {
    case "mpw":
      return ingestMpw(db, root, manifest, options);
    case "widesearch":
      return ingestWideSearch(db, root, manifest, options);
    case "webdetective":
    case "evobrowsecomp":
    case "qa":
      return ingestSeekboard(db, root, manifest, options);
    case "infomosaic":
      return ingestInfoMosaic(db, root, manifest, options);
  }
}
