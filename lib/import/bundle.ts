import "server-only";
import { createHash } from "node:crypto";
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { Decompress } from "fzstd";
import * as tar from "tar";
import yauzl from "yauzl";
import { BundleError, serverResourceCode } from "./errors";

export interface BundleLimits {
  /** Total bytes an archive may expand to, counted as they are decompressed, and the bytes an import may read. */
  maxUnpackedBytes: number;
  /** Entries (files and folders) an archive may hold. */
  maxFiles: number;
  /** Wall time unpacking an archive may take (default `DEFAULT_UNPACK_MS`). */
  maxUnpackMs?: number;
  /**
   * The folder archives unpack into (default the system's temporary folder): an upload
   * job's own, so that what a killed worker left is found from the job and removed.
   */
  unpackInto?: string;
}

/** A legitimate 1 GiB bundle unpacks in seconds; a minute is ample and bounds what a crafted one costs. */
export const DEFAULT_UNPACK_MS = 60_000;

export const DEFAULT_LIMITS: BundleLimits = {
  maxUnpackedBytes: 4 * 1024 ** 3,
  maxFiles: 10_000,
  maxUnpackMs: DEFAULT_UNPACK_MS,
};

/** A bundle laid out as a directory on disk, wherever it came from. */
export interface OpenBundle {
  root: string;
  /** Removes what opening the bundle extracted; a no-op for a directory bundle. */
  cleanup: () => void;
}

/** Archives unpack into `<tmpdir>/seekboard-bundle-*`; a crash leaves these behind (uploads wait in the worker's spool folder, swept by the worker). */
export const UNPACK_PREFIX = "seekboard-bundle-";

/** A day: no unpack lasts that long, so an older folder was left by a process that died. */
export const STALE_UNPACK_MS = 24 * 60 * 60 * 1000;

/** Removes unpack folders older than `maxAgeMs` (left by a crash); returns how many. Run at server, worker and CLI start. */
export function sweepStaleUnpackDirs(
  dir: string = tmpdir(),
  maxAgeMs: number = STALE_UNPACK_MS,
  now: number = Date.now(),
): number {
  let swept = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(UNPACK_PREFIX)) continue;
    const full = join(dir, entry.name);
    try {
      if (now - statSync(full).mtimeMs < maxAgeMs) continue;
      rmSync(full, { recursive: true, force: true });
      swept += 1;
    } catch {
      // Another process removed or is removing it: nothing left to sweep.
    }
  }
  return swept;
}

export function archiveKind(path: string): "zip" | "tar.gz" | null {
  const lower = path.toLowerCase();
  if (lower.endsWith(".zip")) return "zip";
  if (lower.endsWith(".tar.gz") || lower.endsWith(".tgz")) return "tar.gz";
  return null;
}

/** Opens a bundle directory, `.zip` or `.tar.gz`; archives are unpacked to a temporary directory within the limits. */
export async function openBundle(
  path: string,
  limits: BundleLimits = DEFAULT_LIMITS,
): Promise<OpenBundle> {
  if (!existsSync(path)) throw BundleError.at(path, null, null, "no such file or directory");
  if (statSync(path).isDirectory()) return { root: findManifestRoot(path), cleanup: () => {} };
  const kind = archiveKind(path);
  if (!kind) throw BundleError.at(path, null, null, "a bundle is a directory, a .zip or a .tar.gz");
  const target = mkdtempSync(join(limits.unpackInto ?? tmpdir(), UNPACK_PREFIX));
  const folders = [target, realpathSync(target)];
  const cleanup = () => rmSync(target, { recursive: true, force: true });
  try {
    if (kind === "zip") await unzip(path, target, limits);
    else await untar(path, target, limits);
    return { root: findManifestRoot(target), cleanup };
  } catch (error) {
    cleanup();
    throw withoutTempPath(error, path, folders);
  }
}

/**
 * Errors name paths inside the bundle only: the unpack folder and the archive's own folder
 * (the server's upload folder) never reach a submitter. A whole-archive error keeps the
 * archive as its file, for the caller to show under the name the client gave. The server's
 * own failure (a full disk) is no error of the bundle's: it is passed on as it is.
 */
function withoutTempPath(
  error: unknown,
  archive: string,
  unpackFolders: readonly string[],
  memberOf?: string,
): Error {
  if (serverResourceCode(error)) return error as Error;
  // The file system's root (an archive at "/x.zip") is no folder to hide: every path starts there.
  const folders = [...unpackFolders, dirname(archive)].filter(
    (folder) => dirname(folder) !== folder,
  );
  const scrub = (text: string) =>
    folders.reduce(
      (out, folder) =>
        out
          .split(folder + sep)
          .join("")
          .split(folder)
          .join("."),
      text,
    );
  // A log inside a bundle names its members as `<log>: <member>`, and itself by its name in the bundle.
  const fileOf = (file: string) =>
    memberOf === undefined
      ? file === archive
        ? archive
        : scrub(file)
      : file === archive
        ? memberOf
        : `${memberOf}: ${scrub(file)}`;
  if (error instanceof BundleError) {
    return new BundleError(
      error.details.map((d) => ({ ...d, file: fileOf(d.file), message: scrub(d.message) })),
    );
  }
  return BundleError.at(
    memberOf ?? archive,
    null,
    null,
    `could not unpack: ${scrub(error instanceof Error ? error.message : String(error))}`,
  );
}

/** `manifest.json` at the top, or inside the one folder an archive tool wrapped it in. */
function findManifestRoot(dir: string): string {
  if (existsSync(join(dir, "manifest.json"))) return dir;
  const entries = readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith("."));
  if (
    entries.length === 1 &&
    entries[0].isDirectory() &&
    existsSync(join(dir, entries[0].name, "manifest.json"))
  ) {
    return join(dir, entries[0].name);
  }
  throw BundleError.at("manifest.json", null, null, "the bundle has no manifest.json");
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A zip entry's name refused for control characters in its stored bytes too: yauzl shows a
 * name without the UTF-8 flag in CP437, where a line break reads as "◙".
 */
function checkZipEntryName(entry: yauzl.Entry): void {
  const raw =
    "fileNameRaw" in entry && Buffer.isBuffer(entry.fileNameRaw) ? entry.fileNameRaw : null;
  if (raw && raw.some((byte) => byte < 0x20 || byte === 0x7f)) {
    throw BundleError.at(
      shownName(raw.toString("utf8")),
      null,
      null,
      "archive entry name contains a control character",
    );
  }
}

/** A name as errors show it: control characters escaped, so the message itself stays one clean line. */
function shownName(name: string): string {
  return name.replace(
    new RegExp(CONTROL_CHARACTER.source, "g"),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** An archive entry's path, refused when it would land outside the bundle or its name holds control characters. */
function safeEntryPath(target: string, name: string): string {
  if (CONTROL_CHARACTER.test(name))
    throw BundleError.at(
      shownName(name),
      null,
      null,
      "archive entry name contains a control character",
    );
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

/**
 * The names an archive has used: each once, and a name is either a file or a folder
 * (a file `a` and an entry `a/b` cannot both be unpacked). Checked before an entry is written.
 */
class EntryNames {
  private readonly files = new Set<string>();
  /** Folders an entry stands for itself; a second such entry is a duplicate. */
  private readonly folderEntries = new Set<string>();
  /** Every folder a name needs, its own or a parent. */
  private readonly folders = new Set<string>();

  /** Returns the name's key; `repeated: "replace"` lets a file name come again (the caller keeps the last). */
  add(name: string, isFolder: boolean, repeated: "refuse" | "replace" = "refuse"): string {
    const parts = normalize(name.replace(/\\/g, "/"))
      .split("/")
      .filter((p) => p !== "" && p !== ".");
    const key = parts.join("/");
    if (!isFolder && repeated === "replace" && this.files.has(key)) return key;
    if (this.files.has(key) || (isFolder && this.folderEntries.has(key)))
      throw BundleError.at(name, null, null, "archive holds this name twice");
    if (!isFolder && this.folders.has(key))
      throw BundleError.at(
        name,
        null,
        null,
        "archive holds this name both as a file and as a folder",
      );
    for (let i = 1; i < parts.length; i += 1) {
      const parent = parts.slice(0, i).join("/");
      if (this.files.has(parent))
        throw BundleError.at(
          name,
          null,
          null,
          `archive holds ${parent} both as a file and as a folder`,
        );
      this.folders.add(parent);
    }
    if (isFolder) {
      this.folderEntries.add(key);
      this.folders.add(key);
    } else {
      this.files.add(key);
    }
    return key;
  }
}

class Budget {
  private bytes = 0;
  private files = 0;
  private readonly deadline: number;
  constructor(private readonly limits: BundleLimits) {
    this.deadline = Date.now() + (limits.maxUnpackMs ?? DEFAULT_UNPACK_MS);
  }
  /** Folders count too: a million empty folders are as much a bomb as a million files. */
  entry(name: string): void {
    this.files += 1;
    if (this.files > this.limits.maxFiles)
      throw BundleError.at(
        name,
        null,
        null,
        `archive holds more than ${this.limits.maxFiles} files and folders`,
      );
  }
  add(name: string, count: number): void {
    this.bytes += count;
    if (this.bytes > this.limits.maxUnpackedBytes) {
      throw BundleError.at(
        name,
        null,
        null,
        `archive expands beyond ${this.limits.maxUnpackedBytes} bytes`,
      );
    }
    this.checkTime(name);
  }
  checkTime(name: string): void {
    if (Date.now() > this.deadline) throw this.overTime(name);
  }
  overTime(name: string): BundleError {
    return BundleError.at(
      name,
      null,
      null,
      `archive took longer than ${this.limits.maxUnpackMs ?? DEFAULT_UNPACK_MS} ms to unpack`,
    );
  }
  /** Runs `onExpiry` at the deadline even if no byte arrives (a stalled or slow stream). */
  timer(onExpiry: () => void): () => void {
    const handle = setTimeout(onExpiry, Math.max(0, this.deadline - Date.now()));
    return () => clearTimeout(handle);
  }
}

/** Counts the bytes that really pass (after decompression) against the budget, stopping the stream when over. */
function meter(budget: Budget, name: () => string): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        budget.add(name(), chunk.length);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/** A frame refused for its window, before it was decoded. */
class ZstdWindowError extends Error {}

/** ZIP compression method 93: Zstandard (APPNOTE 4.4.5), Inspect's default for `.eval` members since 0.3.206. */
const ZIP_ZSTD = 93;

/**
 * The largest window a zstd frame may declare (RFC 8878 §3.1.1.1.2): the decoder allocates
 * it before reading a byte. 32 MiB holds every level up to 19 (8 MiB) with room; libzstd
 * itself refuses more than 128 MiB unless told otherwise.
 */
export const MAX_ZSTD_WINDOW_BYTES = 32 * 1024 ** 2;

/**
 * The decoder's work a member may cost: each block costs its frame's window (fzstd moves the
 * window along each block), allowed up to this many times the bytes decoded so far plus a
 * fixed allowance. A compressor's blocks hold up to 128 KiB, so real data costs at most
 * window ÷ 128 KiB per byte (256 at the largest window); a stream of one-byte blocks in a
 * 32 MiB window would cost 32 Mi per byte (measured: 64 KiB of them took 19 s).
 */
const ZSTD_WORK_PER_BYTE = 256;
const ZSTD_WORK_ALLOWANCE = 16 * 1024 ** 3;

const ZSTD_MAGIC = 0xfd2fb528;
/** Skippable frames: magic 0x184D2A50–0x184D2A5F, then a 4-byte size. */
const ZSTD_SKIPPABLE = 0x184d2a50;

/**
 * Walks a zstd stream's frame and block headers as the bytes arrive (no decoding), so each
 * frame's declared window is checked before the decoder sees the frame: `check` gets the
 * window a frame needs (its Window_Descriptor, or its Frame_Content_Size for a single
 * segment). Only up to a frame header's 18 bytes are held.
 */
class ZstdFrameHeaders {
  private held: Buffer = Buffer.alloc(0);
  /** Bytes to pass over before the next header: a block's content, a checksum, a skippable frame. */
  private skip = 0;
  private state: "frame" | "block" = "frame";
  private checksum = false;
  /** The window of the frame being read. */
  window = 0;
  constructor(private readonly check: (windowBytes: number, singleSegment: boolean) => void) {}

  /** `onBlock` is told, at the offset in `chunk` just past each block header, that a block of the current window begins. */
  scan(chunk: Buffer, onBlock: (end: number) => void = () => undefined): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.skip > 0) {
        const passed = Math.min(this.skip, chunk.length - at);
        this.skip -= passed;
        at += passed;
        continue;
      }
      const need = this.headerLength();
      const take = Math.min(need - this.held.length, chunk.length - at);
      this.held = Buffer.concat([this.held, chunk.subarray(at, at + take)]);
      at += take;
      // A frame header's length shows only once its first bytes are in: look again.
      if (this.held.length === need && this.headerLength() === need) {
        const block = this.state === "block";
        this.header();
        if (block) onBlock(at);
      }
    }
  }

  /** Bytes the header being read takes, as far as the bytes held tell. */
  private headerLength(): number {
    if (this.state === "block") return 3;
    if (this.held.length < 5) return 5;
    const magic = this.held.readUInt32LE(0);
    if ((magic & 0xfffffff0) === ZSTD_SKIPPABLE) return 8;
    if (magic !== ZSTD_MAGIC) return 5;
    const descriptor = this.held[4];
    const singleSegment = (descriptor >> 5) & 1;
    const dictionary = [0, 1, 2, 4][descriptor & 3];
    const contentSizeFlag = descriptor >> 6;
    const contentSize = contentSizeFlag === 0 ? singleSegment : 1 << contentSizeFlag;
    return 5 + (singleSegment ? 0 : 1) + dictionary + contentSize;
  }

  private header(): void {
    const held = this.held;
    this.held = Buffer.alloc(0);
    if (this.state === "block") {
      const header = held[0] | (held[1] << 8) | (held[2] << 16);
      const last = header & 1;
      const type = (header >> 1) & 3;
      const size = header >>> 3;
      // An RLE block stores one byte, whatever size it stands for.
      this.skip = type === 1 ? 1 : size;
      if (last) {
        this.state = "frame";
        this.skip += this.checksum ? 4 : 0;
      }
      return;
    }
    const magic = held.readUInt32LE(0);
    if ((magic & 0xfffffff0) === ZSTD_SKIPPABLE) {
      this.skip = held.readUInt32LE(4);
      return;
    }
    // Not a frame: the decoder reports it.
    if (magic !== ZSTD_MAGIC) return;
    const descriptor = held[4];
    const singleSegment = (descriptor >> 5) & 1;
    this.checksum = ((descriptor >> 2) & 1) === 1;
    const contentSizeFlag = descriptor >> 6;
    const dictionary = [0, 1, 2, 4][descriptor & 3];
    let window = 0;
    if (singleSegment) {
      const at = 5 + dictionary;
      const bytes = held.length - at;
      // Frame_Content_Size, little-endian; its 2-byte form is offset by 256.
      let size = 0;
      for (let i = bytes - 1; i >= 0; i -= 1) size = size * 256 + held[at + i];
      window = size + (contentSizeFlag === 1 ? 256 : 0);
    } else {
      const exponent = held[5] >> 3;
      const mantissa = held[5] & 7;
      const base = 2 ** (10 + exponent);
      window = base + (base / 8) * mantissa;
    }
    this.check(window, singleSegment === 1);
    this.window = window;
    this.state = "block";
  }
}

/**
 * A zstd member's raw bytes decompressed as they stream (fzstd: Node 20's zlib has no
 * zstd); the output must come to the size the central directory states, as yauzl checks
 * for DEFLATE members. Each frame's window is checked before it is decoded.
 */
function zstdMember(entry: yauzl.Entry): Transform {
  let produced = 0;
  /** What the blocks begun so far cost the decoder: fzstd moves its window along each block. */
  let work = 0;
  const headers = new ZstdFrameHeaders((window, singleSegment) => {
    if (window > MAX_ZSTD_WINDOW_BYTES)
      throw new ZstdWindowError(
        `a zstd frame declares a ${window}-byte window, more than the ${MAX_ZSTD_WINDOW_BYTES} bytes this server decodes with (compress at a level up to 19)`,
      );
    // A single-segment frame's window is its content, which the member's stated size bounds.
    if (singleSegment && produced + window > entry.uncompressedSize)
      throw new ZstdWindowError(
        `a zstd frame declares ${window} bytes of content, past the ${entry.uncompressedSize} bytes the archive states`,
      );
  });
  let pending: Buffer[] = [];
  const decoder = new Decompress((chunk) => {
    produced += chunk.length;
    // Stopped as soon as it passes the stated size (already within the budget), while one
    // compressed chunk is still being decoded: a bomb never reaches memory.
    if (produced > entry.uncompressedSize)
      throw new Error(
        `it decompresses past the ${entry.uncompressedSize} bytes the archive states`,
      );
    pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
  });
  const flush = (stream: Transform) => {
    for (const chunk of pending) stream.push(chunk);
    pending = [];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        // Fed to the decoder a block at a time, each block's cost checked before its content
        // is decoded: a few bytes of tiny blocks in a large window cost seconds of CPU each.
        let fed = 0;
        headers.scan(chunk, (end) => {
          decoder.push(chunk.subarray(fed, end));
          fed = end;
          flush(this);
          work += headers.window;
          if (work > ZSTD_WORK_PER_BYTE * produced + ZSTD_WORK_ALLOWANCE)
            throw new ZstdWindowError(
              `its zstd blocks are too small for their ${headers.window}-byte window (blocks that decode to a few bytes each, in a large window, cost the server seconds apiece): refused before decoding them`,
            );
        });
        decoder.push(chunk.subarray(fed));
        flush(this);
        callback();
      } catch (error) {
        if (error instanceof ZstdWindowError)
          return callback(BundleError.at(entry.fileName, null, null, error.message));
        callback(
          BundleError.at(
            entry.fileName,
            null,
            null,
            `corrupt zstd data: ${(error as Error).message}`,
          ),
        );
      }
    },
    flush(callback) {
      try {
        decoder.push(new Uint8Array(0), true);
        flush(this);
      } catch (error) {
        return callback(
          BundleError.at(
            entry.fileName,
            null,
            null,
            `corrupt zstd data: ${(error as Error).message}`,
          ),
        );
      }
      if (produced !== entry.uncompressedSize) {
        return callback(
          BundleError.at(
            entry.fileName,
            null,
            null,
            `corrupt zstd data: it decompresses to ${produced} bytes, the archive states ${entry.uncompressedSize}`,
          ),
        );
      }
      callback();
    },
  });
}

// @types/yauzl describes yauzl 2's options; yauzl 3 adds `decodeFileData`.
declare module "yauzl" {
  interface ZipFileOptions {
    decodeFileData?: boolean;
  }
}

/** A member's stored bytes, undecoded (yauzl refuses methods it cannot decode otherwise). */
const STORED_BYTES: yauzl.ZipFileOptions = {
  decodeFileData: false,
  decompress: null,
  decrypt: null,
  start: null,
  end: null,
};

/** A member's bytes as they are stored: DEFLATE and stored members through yauzl, zstd through `zstdMember`. */
function openMember(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  callback: (error: Error | null, stream?: NodeJS.ReadableStream) => void,
): void {
  if (entry.compressionMethod !== ZIP_ZSTD)
    return zip.openReadStream(entry, (error, stream) => callback(error, stream));
  zip.openReadStream(entry, STORED_BYTES, (error, stream) => {
    if (error || !stream) return callback(error ?? new Error("no stream"));
    const decoded = zstdMember(entry);
    // pipe() forwards no errors: a failed read ends the decoding with it, a failed decoding stops the read.
    stream.on("error", (readError) => decoded.destroy(readError));
    decoded.on("error", () => stream.destroy());
    callback(null, stream.pipe(decoded));
  });
}

export interface UnzipOptions {
  /**
   * A file name the archive holds twice: refused (a bundle), or the later entry kept (an
   * Inspect `.eval`, where a sample logged again is appended under its name).
   */
  repeatedNames?: "refuse" | "last";
}

/** Lists a zip's entries from its central directory (nothing decompressed, nothing written), then extracts them. */
function unzip(
  path: string,
  target: string,
  limits: BundleLimits,
  options: UnzipOptions = {},
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, validateEntrySizes: true, autoClose: false },
      (openError, zip) => {
        if (openError || !zip)
          return reject(
            BundleError.at(path, null, null, `not a readable zip: ${openError?.message}`),
          );
        const claimed = new Budget(limits);
        const written = new Budget(limits);
        const names = new EntryNames();
        const entries: { entry: yauzl.Entry; full: string }[] = [];
        /** Position in `entries` of each file name, for a repeated name to replace. */
        const positions = new Map<string, number>();
        let settled = false;
        const stopTimer = written.timer(() => fail(written.overTime(path)));
        const fail = (error: unknown) => {
          if (settled) return;
          settled = true;
          stopTimer();
          zip.close();
          reject(
            error instanceof BundleError || serverResourceCode(error)
              ? error
              : BundleError.at(path, null, null, `zip: ${(error as Error).message}`),
          );
        };
        const extract = (i: number) => {
          if (settled) return;
          if (i === entries.length) {
            settled = true;
            stopTimer();
            zip.close();
            return resolvePromise();
          }
          const { entry, full } = entries[i];
          try {
            if (entry.fileName.endsWith("/")) {
              mkdirSync(full, { recursive: true });
              return extract(i + 1);
            }
            mkdirSync(dirname(full), { recursive: true });
          } catch (error) {
            return fail(error);
          }
          openMember(zip, entry, (streamError, stream) => {
            if (streamError || !stream) return fail(streamError);
            try {
              pipeline(
                stream,
                meter(written, () => entry.fileName),
                createWriteStream(full, { flags: "wx" }),
              ).then(() => extract(i + 1), fail);
            } catch (error) {
              fail(error);
            }
          });
        };
        zip.on("error", fail);
        zip.on("end", () => extract(0));
        zip.on("entry", (entry: yauzl.Entry) => {
          try {
            checkZipEntryName(entry);
            const full = safeEntryPath(target, entry.fileName);
            const isFolder = entry.fileName.endsWith("/");
            const key = names.add(
              entry.fileName,
              isFolder,
              options.repeatedNames === "last" ? "replace" : "refuse",
            );
            claimed.entry(entry.fileName);
            if (!isFolder) claimed.add(entry.fileName, entry.uncompressedSize);
            const earlier = isFolder ? undefined : positions.get(key);
            if (earlier === undefined) {
              if (!isFolder) positions.set(key, entries.length);
              entries.push({ entry, full });
            } else {
              entries[earlier] = { entry, full };
            }
            zip.readEntry();
          } catch (error) {
            fail(error);
          }
        });
        zip.readEntry();
      },
    );
  });
}

/**
 * An Inspect `.eval` log (a zip) unpacked into `target` within the limits: DEFLATE and
 * zstd members, a sample logged twice kept as last written. Errors name the log's members
 * under `displayName`.
 */
export async function unpackEvalLog(
  path: string,
  displayName: string,
  target: string,
  limits: BundleLimits,
): Promise<void> {
  try {
    await unzip(path, target, limits, { repeatedNames: "last" });
  } catch (error) {
    throw withoutTempPath(error, path, [target, realpathSync(target)], displayName);
  }
}

/**
 * Extracts a .tar.gz, checking each entry before it is written and counting every
 * decompressed byte (headers, padding and zero blocks too) as it streams; it stops at
 * the archive's end marker rather than decompressing whatever follows it.
 */
function untar(path: string, target: string, limits: BundleLimits): Promise<void> {
  const claimed = new Budget(limits);
  const streamed = new Budget(limits);
  const names = new EntryNames();
  let current = path;
  let refused: unknown = null;
  return new Promise((resolvePromise, reject) => {
    const input = createReadStream(path);
    const gunzip = createGunzip();
    const counted = meter(streamed, () => current);
    let settled = false;
    const unpack = tar.x({
      cwd: target,
      strict: true,
      filter: (entryPath, entry) => {
        if (refused) return false;
        try {
          safeEntryPath(target, entryPath);
          const type = "type" in entry ? entry.type : "File";
          if (type === "SymbolicLink" || type === "Link")
            throw BundleError.at(entryPath, null, null, "links are not allowed in a bundle");
          names.add(entryPath, type === "Directory");
          claimed.entry(entryPath);
          claimed.add(entryPath, entry.size ?? 0);
          current = entryPath;
          return true;
        } catch (error) {
          stop(error);
          return false;
        }
      },
    });
    const stopTimer = streamed.timer(() => stop(streamed.overTime(current)));
    const finish = () => {
      if (settled) return;
      settled = true;
      stopTimer();
      if (refused) reject(refused);
      else resolvePromise();
    };
    function stop(error: unknown) {
      refused ??= error;
      input.destroy();
      gunzip.destroy();
      counted.destroy();
      unpack.abort(error as Error);
      finish();
    }
    const fail = (error: Error) => {
      if (refused) return finish();
      refused =
        error instanceof BundleError || serverResourceCode(error)
          ? error
          : BundleError.at(path, null, null, `not a readable .tar.gz: ${error.message}`);
      stop(refused);
    };
    // Whatever follows the end marker is not part of the archive; tar would keep buffering it.
    unpack.on("eof", () => {
      input.unpipe();
      gunzip.unpipe();
      counted.unpipe();
      input.destroy();
      gunzip.destroy();
      counted.destroy();
      unpack.end();
    });
    input.on("error", fail);
    gunzip.on("error", fail);
    counted.on("error", fail);
    unpack.on("error", fail);
    unpack.on("close", finish);
    input.pipe(gunzip).pipe(counted).pipe(unpack);
  });
}

/** Bytes of every file under a folder. */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** A file named in the manifest, resolved inside the bundle. */
export function bundleFile(root: string, name: string, field: string): string {
  const full = resolve(root, name);
  const inside = relative(root, full);
  if (inside.startsWith("..") || isAbsolute(inside))
    throw BundleError.at("manifest.json", null, field, `${name} is outside the bundle`);
  if (!existsSync(full) || !statSync(full).isFile())
    throw BundleError.at("manifest.json", null, field, `${name} is not in the bundle`);
  return full;
}

/** The files a manifest names under `field`: one optional name, or a list (`field.<i>`). */
export function namedFiles(
  root: string,
  names: string | readonly string[] | undefined,
  field: string,
): { name: string; path: string }[] {
  if (names === undefined) return [];
  if (typeof names === "string") return [{ name: names, path: bundleFile(root, names, field) }];
  const seen = new Set<string>();
  return names.map((name, i) => {
    const path = bundleFile(root, name, `${field}.${i}`);
    if (seen.has(path))
      throw BundleError.at("manifest.json", null, `${field}.${i}`, `${name} is named twice`);
    seen.add(path);
    return { name, path };
  });
}

/**
 * What an import will read: every file once (a manifest naming a file again, under any
 * field or spelling, would have it read again), within `maxBytes` in all. Returns their bytes.
 */
export function checkReadBudget(
  files: readonly { name: string; path: string }[],
  maxBytes: number,
): number {
  const seen = new Set<string>();
  let total = 0;
  for (const file of files) {
    const real = realpathSync(file.path);
    if (seen.has(real))
      throw BundleError.at("manifest.json", null, null, `${file.name} is named twice`);
    seen.add(real);
    total += statSync(real).size;
    if (total > maxBytes)
      throw BundleError.at(
        file.name,
        null,
        null,
        `the files the manifest names come to more than ${maxBytes} bytes`,
      );
  }
  return total;
}

/** A folder named in the manifest, resolved inside the bundle. */
export function bundleDir(root: string, name: string, field: string): string {
  const full = resolve(root, name);
  const inside = relative(root, full);
  if (inside.startsWith("..") || isAbsolute(inside))
    throw BundleError.at("manifest.json", null, field, `${name} is outside the bundle`);
  if (!existsSync(full) || !statSync(full).isDirectory())
    throw BundleError.at("manifest.json", null, field, `${name} is not a folder in the bundle`);
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
