import "server-only";
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { namedFiles } from "./bundle";
import { BundleError } from "./errors";
import { jsonNestedDeeperThan, MAX_JSON_DEPTH, valueNestedDeeperThan } from "./json-depth";

const CHUNK_BYTES = 1 << 20;
/** A single JSONL record larger than this (by default) is refused rather than buffered. */
export const MAX_LINE_BYTES = 64 << 20;

export interface LineReadOptions {
  /** Longest record line accepted (default MAX_LINE_BYTES). */
  maxLineBytes?: number;
  /** Told the bytes of each chunk read: an import's progress, for the job that runs it. */
  onBytesRead?: (bytes: number) => void;
}

/**
 * Each non-empty line of a UTF-8 file with its number, reading fixed-size chunks
 * synchronously so memory stays flat whatever the file size. A generator, so that an
 * import can await its writes between lines (the reader waits: nothing piles up).
 */
export function* linesOf(
  path: string,
  displayName: string,
  options: LineReadOptions = {},
): Generator<{ text: string; lineNumber: number }, number> {
  const { maxLineBytes = MAX_LINE_BYTES, onBytesRead } = options;
  const fd = openSync(path, "r");
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineNumber = 0;
  const tooLong = (line: number) =>
    BundleError.at(displayName, line, null, `line longer than ${maxLineBytes} bytes`);
  // `bytes` may be a view into the reused read buffer: decoding copies it into a string.
  const decode = (bytes: Uint8Array): string | null => {
    lineNumber += 1;
    if (bytes.length > maxLineBytes) throw tooLong(lineNumber);
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      throw BundleError.at(displayName, lineNumber, null, "not valid UTF-8");
    }
    return text.trim() === "" ? null : text.endsWith("\r") ? text.slice(0, -1) : text;
  };
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      onBytesRead?.(read);
      let start = 0;
      for (;;) {
        const newline = buffer.indexOf(10, start);
        if (newline === -1 || newline >= read) break;
        const piece = buffer.subarray(start, newline);
        let text: string | null;
        if (pending.length) {
          text = decode(Buffer.concat([...pending, piece]));
          pending = [];
          pendingBytes = 0;
        } else {
          text = decode(piece);
        }
        start = newline + 1;
        // The consumer runs before the next piece of the shared buffer is read: the line is already a string.
        if (text !== null) yield { text, lineNumber };
      }
      if (start < read) {
        pending.push(Buffer.from(buffer.subarray(start, read)));
        pendingBytes += read - start;
        if (pendingBytes > maxLineBytes) throw tooLong(lineNumber + 1);
      }
    }
    if (pending.length) {
      const text = decode(Buffer.concat(pending));
      if (text !== null) yield { text, lineNumber };
    }
  } finally {
    closeSync(fd);
  }
  return lineNumber;
}

/** `linesOf` with a callback; returns the number of lines (empty ones included). */
export function forEachLineSync(
  path: string,
  displayName: string,
  onLine: (line: string, lineNumber: number) => void,
  options: LineReadOptions = {},
): number {
  const lines = linesOf(path, displayName, options);
  for (;;) {
    const next = lines.next();
    if (next.done) return next.value;
    onLine(next.value.text, next.value.lineNumber);
  }
}

/** JSON.parse with the bundle's file and line in the error; refuses records nested too deep to validate safely. */
export function parseJsonLine(line: string, file: string, lineNumber: number): unknown {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw BundleError.at(file, lineNumber, null, `invalid JSON: ${(error as Error).message}`);
  }
  if (valueNestedDeeperThan(value))
    throw BundleError.at(
      file,
      lineNumber,
      null,
      `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  return value;
}

/** Files read whole (CSV, pretty-printed JSON) are refused past this size. */
export const MAX_WHOLE_FILE_BYTES = 256 << 20;

/**
 * A bundle file read whole, for formats that are not one record per line: strict UTF-8,
 * size-capped, and refused when its JSON would nest deeper than records may.
 */
export function readBundleText(
  path: string,
  displayName: string,
  options: { maxBytes?: number; json?: boolean; onBytesRead?: (bytes: number) => void } = {},
): string {
  const maxBytes = options.maxBytes ?? MAX_WHOLE_FILE_BYTES;
  if (statSync(path).size > maxBytes)
    throw BundleError.at(displayName, null, null, `file larger than ${maxBytes} bytes`);
  let text: string;
  try {
    const bytes = readFileSync(path);
    options.onBytesRead?.(bytes.length);
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw BundleError.at(displayName, null, null, "not valid UTF-8");
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (options.json && jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) {
    throw BundleError.at(
      displayName,
      null,
      null,
      `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  }
  return text;
}

/** Each non-empty line of the files a manifest names under `field` (one optional name, or a list), in order. */
export function* bundleLines(
  root: string,
  names: string | readonly string[] | undefined,
  field: string,
  options: LineReadOptions = {},
): Generator<{ text: string; file: string; lineNumber: number }> {
  for (const file of namedFiles(root, names, field)) {
    for (const { text, lineNumber } of linesOf(file.path, file.name, options))
      yield { text, file: file.name, lineNumber };
  }
}
