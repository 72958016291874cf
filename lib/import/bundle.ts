import { createHash } from "node:crypto";
import { closeSync, createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, openSync, readSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import yauzl from "yauzl";
import { BundleError } from "./errors";

export interface BundleLimits {
  /** Total bytes an archive may expand to. */
  maxUnpackedBytes: number;
  /** Entries (files and folders) an archive may hold. */
  maxFiles: number;
}

export const DEFAULT_LIMITS: BundleLimits = { maxUnpackedBytes: 4 * 1024 ** 3, maxFiles: 10_000 };

/** A bundle laid out as a directory on disk, wherever it came from. */
export interface OpenBundle {
  root: string;
  /** Removes what opening the bundle extracted; a no-op for a directory bundle. */
  cleanup: () => void;
}

export function archiveKind(path: string): "zip" | "tar.gz" | null {
  const lower = path.toLowerCase();
  if (lower.endsWith(".zip")) return "zip";
  if (lower.endsWith(".tar.gz") || lower.endsWith(".tgz")) return "tar.gz";
  return null;
}

/** Opens a bundle directory, `.zip` or `.tar.gz`; archives are unpacked to a temporary directory within the limits. */
export async function openBundle(path: string, limits: BundleLimits = DEFAULT_LIMITS): Promise<OpenBundle> {
  if (!existsSync(path)) throw BundleError.at(path, null, null, "no such file or directory");
  if (statSync(path).isDirectory()) return { root: findManifestRoot(path), cleanup: () => {} };
  const kind = archiveKind(path);
  if (!kind) throw BundleError.at(path, null, null, "a bundle is a directory, a .zip or a .tar.gz");
  const target = mkdtempSync(join(tmpdir(), "seekboard-bundle-"));
  const cleanup = () => rmSync(target, { recursive: true, force: true });
  try {
    if (kind === "zip") await unzip(path, target, limits);
    else await untar(path, target, limits);
    return { root: findManifestRoot(target), cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** `manifest.json` at the top, or inside the one folder an archive tool wrapped it in. */
function findManifestRoot(dir: string): string {
  if (existsSync(join(dir, "manifest.json"))) return dir;
  const entries = readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith("."));
  if (entries.length === 1 && entries[0].isDirectory() && existsSync(join(dir, entries[0].name, "manifest.json"))) {
    return join(dir, entries[0].name);
  }
  throw BundleError.at("manifest.json", null, null, "the bundle has no manifest.json");
}

/** An archive entry's path, refused when it would land outside the bundle. */
function safeEntryPath(target: string, name: string): string {
  const cleaned = normalize(name.replace(/\\/g, "/"));
  if (isAbsolute(cleaned) || cleaned.split(/[\\/]/).includes("..")) {
    throw BundleError.at(name, null, null, "archive entry points outside the bundle");
  }
  const full = resolve(target, cleaned);
  if (full !== target && !full.startsWith(target + sep)) {
    throw BundleError.at(name, null, null, "archive entry points outside the bundle");
  }
  return full;
}

class Budget {
  private bytes = 0;
  private files = 0;
  constructor(private readonly limits: BundleLimits) {}
  /** Folders count too: a million empty folders are as much a bomb as a million files. */
  entry(name: string): void {
    this.files += 1;
    if (this.files > this.limits.maxFiles) throw BundleError.at(name, null, null, `archive holds more than ${this.limits.maxFiles} files and folders`);
  }
  add(name: string, count: number): void {
    this.bytes += count;
    if (this.bytes > this.limits.maxUnpackedBytes) {
      throw BundleError.at(name, null, null, `archive expands beyond ${this.limits.maxUnpackedBytes} bytes`);
    }
  }
}

function unzip(path: string, target: string, limits: BundleLimits): Promise<void> {
  const budget = new Budget(limits);
  return new Promise((resolvePromise, reject) => {
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) return reject(BundleError.at(path, null, null, `not a readable zip: ${openError?.message}`));
      const fail = (error: unknown) => {
        zip.close();
        reject(error instanceof BundleError ? error : BundleError.at(path, null, null, `zip: ${(error as Error).message}`));
      };
      zip.on("error", fail);
      zip.on("end", () => resolvePromise());
      zip.on("entry", (entry: yauzl.Entry) => {
        try {
          const full = safeEntryPath(target, entry.fileName);
          budget.entry(entry.fileName);
          if (entry.fileName.endsWith("/")) {
            mkdirSync(full, { recursive: true });
            zip.readEntry();
            return;
          }
          budget.add(entry.fileName, entry.uncompressedSize);
          mkdirSync(dirname(full), { recursive: true });
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return fail(streamError);
            pipeline(stream, createWriteStream(full)).then(() => zip.readEntry(), fail);
          });
        } catch (error) {
          fail(error);
        }
      });
      zip.readEntry();
    });
  });
}

/** Extracts a .tar.gz, aborting at the first refused entry rather than decompressing the rest of a bomb. */
function untar(path: string, target: string, limits: BundleLimits): Promise<void> {
  const budget = new Budget(limits);
  let refused: unknown = null;
  return new Promise((resolvePromise, reject) => {
    const input = createReadStream(path);
    const unpack = tar.x({
      cwd: target,
      strict: true,
      filter: (entryPath, entry) => {
        if (refused) return false;
        try {
          safeEntryPath(target, entryPath);
          const type = "type" in entry ? entry.type : "File";
          if (type === "SymbolicLink" || type === "Link") throw BundleError.at(entryPath, null, null, "links are not allowed in a bundle");
          budget.entry(entryPath);
          if (type === "File" || type === "OldFile") budget.add(entryPath, entry.size ?? 0);
          return true;
        } catch (error) {
          refused = error;
          input.destroy();
          unpack.abort(error as Error);
          return false;
        }
      },
    });
    const fail = (error: Error) => {
      input.destroy();
      reject(refused ?? BundleError.at(path, null, null, `not a readable .tar.gz: ${error.message}`));
    };
    input.on("error", fail);
    unpack.on("error", fail);
    unpack.on("close", () => (refused ? reject(refused) : resolvePromise()));
    input.pipe(unpack);
  });
}

/** A file named in the manifest, resolved inside the bundle. */
export function bundleFile(root: string, name: string, field: string): string {
  const full = resolve(root, name);
  const inside = relative(root, full);
  if (inside.startsWith("..") || isAbsolute(inside)) throw BundleError.at("manifest.json", null, field, `${name} is outside the bundle`);
  if (!existsSync(full) || !statSync(full).isFile()) throw BundleError.at("manifest.json", null, field, `${name} is not in the bundle`);
  return full;
}

/** The files a manifest names under `field`: one optional name, or a list (`field.<i>`). */
export function namedFiles(root: string, names: string | readonly string[] | undefined, field: string): { name: string; path: string }[] {
  if (names === undefined) return [];
  if (typeof names === "string") return [{ name: names, path: bundleFile(root, names, field) }];
  return names.map((name, i) => ({ name, path: bundleFile(root, name, `${field}.${i}`) }));
}

/** A folder named in the manifest, resolved inside the bundle. */
export function bundleDir(root: string, name: string, field: string): string {
  const full = resolve(root, name);
  const inside = relative(root, full);
  if (inside.startsWith("..") || isAbsolute(inside)) throw BundleError.at("manifest.json", null, field, `${name} is outside the bundle`);
  if (!existsSync(full) || !statSync(full).isDirectory()) throw BundleError.at("manifest.json", null, field, `${name} is not a folder in the bundle`);
  return full;
}

/**
 * Content hash of a bundle: the manifest and every file it names, in order. The same
 * bundle gives the same hash whether it arrives as a directory, a zip or a tarball.
 */
export function hashBundleFiles(files: readonly { name: string; path: string }[]): string {
  const hash = createHash("sha256");
  const buffer = Buffer.allocUnsafe(1 << 20);
  for (const file of files) {
    hash.update(`${file.name}\0`);
    const fd = openSync(file.path, "r");
    try {
      for (;;) {
        const read = readSync(fd, buffer, 0, buffer.length, null);
        if (read === 0) break;
        hash.update(buffer.subarray(0, read));
      }
    } finally {
      closeSync(fd);
    }
    hash.update("\0");
  }
  return hash.digest("hex");
}
