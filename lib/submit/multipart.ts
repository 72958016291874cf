import "server-only";
/**
 * A streaming reader for `multipart/form-data` uploads: the file part goes straight
 * to disk chunk by chunk, small text fields are kept, and the whole body is counted
 * so an upload stops at the size limit instead of being buffered in memory (which
 * `Request.formData()` would do).
 */
import { open, type FileHandle } from "node:fs/promises";

export interface MultipartLimits {
  /** Largest body, in bytes, counted as it arrives. */
  maxBodyBytes: number;
  maxFieldBytes: number;
  maxFields: number;
}

export const DEFAULT_FIELD_LIMITS = { maxFieldBytes: 16 * 1024, maxFields: 20 } as const;
const MAX_PART_HEADER_BYTES = 16 * 1024;

/** The body is larger than `maxBodyBytes`. */
export class UploadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the upload is larger than the limit of ${limit} bytes`);
    this.name = "UploadTooLargeError";
  }
}

/** The body is not well-formed multipart, or breaks a field rule. */
export class MalformedUploadError extends Error {
  constructor(
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = "MalformedUploadError";
  }
}

export interface ReceivedFile {
  /** Where the part's bytes were written. */
  path: string;
  /** The file name the client gave (untrusted: used only for its extension and as a label). */
  fileName: string;
  bytes: number;
}

export interface ReceivedUpload {
  file: ReceivedFile | null;
  fields: Record<string, string>;
}

/** The boundary of a `multipart/form-data` content type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  const match =
    /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))(?=$|[\s;])/i.exec(
      contentType ?? "",
    );
  return match ? (match[1] ?? match[2]) : null;
}

/** `name` and `filename` of a Content-Disposition header (RFC 7578; `filename*` preferred). */
function disposition(header: string): { name: string | null; fileName: string | null } {
  const param = (key: string) => {
    const match =
      new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(header) ??
      new RegExp(`;\\s*${key}=([^;\\s]+)`, "i").exec(header);
    return match ? match[1].replace(/\\(.)/g, "$1") : null;
  };
  const extended = /;\s*filename\*=(?:UTF-8|utf-8)''([^;\s]+)/.exec(header);
  let fileName = param("filename");
  if (extended) {
    try {
      fileName = decodeURIComponent(extended[1]);
    } catch {
      // a malformed filename* falls back to the plain filename
    }
  }
  return { name: param("name"), fileName };
}

interface Part {
  name: string;
  file: { handle: FileHandle; info: ReceivedFile } | null;
  chunks: Buffer[];
  bytes: number;
}

/**
 * Reads a multipart body, writing the part named `fileField` to `filePath`. Throws
 * UploadTooLargeError past `maxBodyBytes` and MalformedUploadError on a broken body, a
 * second file, an unexpected file field, or too many or too large text fields. The
 * caller owns `filePath` and removes it whatever happens.
 */
export async function receiveMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  fileField: string,
  filePath: string,
  limits: MultipartLimits,
): Promise<ReceivedUpload> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const headerEnd = Buffer.from("\r\n\r\n");
  // Keyed by the form's field names: no prototype, so any name is an ordinary field.
  const fields: Record<string, string> = Object.create(null);
  let file: ReceivedFile | null = null;
  let part: Part | null = null;
  // Typed wide on purpose: the closures below move it on, which TS cannot see at the loop.
  let state = "preamble" as "preamble" | "headers" | "body" | "epilogue";
  // A leading CRLF lets the first boundary match the same delimiter as the others.
  let buffer: Buffer = Buffer.from("\r\n");
  let total = 0;

  const write = async (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    if (part.file) {
      await part.file.handle.write(bytes);
      part.file.info.bytes += bytes.length;
      return;
    }
    part.bytes += bytes.length;
    if (part.bytes > limits.maxFieldBytes)
      throw new MalformedUploadError(
        `field "${part.name}" is longer than ${limits.maxFieldBytes} bytes`,
        part.name,
      );
    part.chunks.push(Buffer.from(bytes));
  };

  const endPart = async () => {
    if (!part) return;
    if (part.file) {
      await part.file.handle.close();
      file = part.file.info;
    } else {
      try {
        fields[part.name] = new TextDecoder("utf-8", { fatal: true }).decode(
          Buffer.concat(part.chunks),
        );
      } catch {
        throw new MalformedUploadError(`field "${part.name}" is not valid UTF-8`, part.name);
      }
    }
    part = null;
  };

  const startPart = async (headerText: string) => {
    const header = /^content-disposition:(.*)$/im.exec(headerText)?.[1] ?? "";
    const { name, fileName } = disposition(header);
    if (!name) throw new MalformedUploadError("a form part has no name");
    if (fileName !== null || name === fileField) {
      if (name !== fileField)
        throw new MalformedUploadError(
          `unexpected file field "${name}"; the bundle goes in "${fileField}"`,
          name,
        );
      if (file) throw new MalformedUploadError(`more than one "${fileField}" file`, name);
      const handle = await open(filePath, "wx");
      part = {
        name,
        file: { handle, info: { path: filePath, fileName: fileName ?? "", bytes: 0 } },
        chunks: [],
        bytes: 0,
      };
      return;
    }
    if (Object.keys(fields).length >= limits.maxFields)
      throw new MalformedUploadError(`more than ${limits.maxFields} form fields`);
    part = { name, file: null, chunks: [], bytes: 0 };
  };

  /** Consumes as much of the buffer as can be decided; keeps a tail that may be the start of a delimiter. */
  const drain = async () => {
    for (;;) {
      if (state === "epilogue") {
        buffer = Buffer.alloc(0);
        return;
      }
      if (state === "headers") {
        const end = buffer.indexOf(headerEnd);
        if (end === -1) {
          if (buffer.length > MAX_PART_HEADER_BYTES)
            throw new MalformedUploadError("a form part's headers are too long");
          return;
        }
        await startPart(buffer.subarray(2, end).toString("utf8"));
        buffer = buffer.subarray(end + headerEnd.length);
        state = "body";
        continue;
      }
      const at = buffer.indexOf(delimiter);
      if (at === -1) {
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          if (state === "body") await write(buffer.subarray(0, safe));
          buffer = buffer.subarray(safe);
        }
        return;
      }
      if (state === "body") await write(buffer.subarray(0, at));
      buffer = buffer.subarray(at);
      if (buffer.length < delimiter.length + 2) return;
      const after = buffer.subarray(delimiter.length, delimiter.length + 2).toString("latin1");
      await endPart();
      if (after === "--") {
        state = "epilogue";
      } else if (after === "\r\n") {
        // Keep the CRLF: a part with no headers at all then ends at offset 0.
        buffer = buffer.subarray(delimiter.length);
        state = "headers";
      } else {
        throw new MalformedUploadError("malformed multipart boundary");
      }
    }
  };

  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limits.maxBodyBytes) throw new UploadTooLargeError(limits.maxBodyBytes);
      buffer = buffer.length ? Buffer.concat([buffer, value]) : Buffer.from(value);
      await drain();
    }
    if (state !== "epilogue")
      throw new MalformedUploadError("the upload ended before its closing boundary");
    return { file, fields };
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    const open = part as Part | null;
    if (open?.file) await open.file.handle.close().catch(() => {});
  }
}
