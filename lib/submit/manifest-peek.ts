/**
 * Reads `manifest.json` out of a `.zip` or `.tar.gz` in the browser, before the
 * upload, so the form can show (and let the uploader correct) model, agent and
 * setting. Web APIs only (Blob, DecompressionStream): it runs in the page and in Node.
 * A convenience, not a check — the server validates the bundle whatever this finds.
 */

export interface ManifestPreview {
  benchmark: string | null;
  model: string | null;
  agent: string | null;
  setting: string | null;
}

const MAX_MANIFEST_BYTES = 1 << 20;
/** How far into a tarball to look for the manifest before giving up. */
const MAX_TAR_SCAN_BYTES = 256 << 20;

/** What a file is by its name: a bundle archive, an MPW results file, or an Inspect log (`.eval`, `.json`) on its own. */
export type UploadKind = "zip" | "tar.gz" | "jsonl" | "inspect-log";

export function uploadKind(fileName: string): UploadKind | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".zip")) return "zip";
  if (lower.endsWith(".tar.gz") || lower.endsWith(".tgz")) return "tar.gz";
  if (lower.endsWith(".jsonl")) return "jsonl";
  if (lower.endsWith(".eval") || lower.endsWith(".json")) return "inspect-log";
  return null;
}

/** The manifest's own path, or one folder deep (an archive tool's wrapper folder). */
function isManifestPath(path: string): boolean {
  const parts = path.replace(/^\.\//, "").split("/").filter(Boolean);
  return parts[parts.length - 1] === "manifest.json" && parts.length <= 2;
}

function preview(bytes: Uint8Array): ManifestPreview {
  const raw: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new Error("manifest.json is not a JSON object");
  const text = (key: string) => {
    const value = (raw as Record<string, unknown>)[key];
    return typeof value === "string" ? value : null;
  };
  return {
    benchmark: text("benchmark"),
    model: text("model"),
    agent: text("agent"),
    setting: text("setting"),
  };
}

async function inflate(bytes: Uint8Array, format: "deflate-raw" | "gzip"): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new DecompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function slice(file: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await file.slice(start, end).arrayBuffer());
}

/** Finds the manifest through the zip's central directory; reads only what it needs. */
async function peekZip(file: Blob): Promise<ManifestPreview | null> {
  const tailStart = Math.max(0, file.size - (0xffff + 22));
  const tail = await slice(file, tailStart, file.size);
  let eocd = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (tail.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) throw new Error("not a readable zip");
  const entries = tail.getUint16(eocd + 10, true);
  const dirSize = tail.getUint32(eocd + 12, true);
  const dirOffset = tail.getUint32(eocd + 16, true);
  if (dirOffset === 0xffffffff) return null; // zip64: leave it to the server
  const dir = await slice(file, dirOffset, dirOffset + dirSize);
  const decoder = new TextDecoder();
  for (let i = 0, at = 0; i < entries && at + 46 <= dir.byteLength; i++) {
    if (dir.getUint32(at, true) !== 0x02014b50) throw new Error("damaged zip directory");
    const method = dir.getUint16(at + 10, true);
    const compressed = dir.getUint32(at + 20, true);
    const size = dir.getUint32(at + 24, true);
    const nameLength = dir.getUint16(at + 28, true);
    const extraLength = dir.getUint16(at + 30, true);
    const commentLength = dir.getUint16(at + 32, true);
    const local = dir.getUint32(at + 42, true);
    const name = decoder.decode(new Uint8Array(dir.buffer, dir.byteOffset + at + 46, nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (!isManifestPath(name)) continue;
    if (size > MAX_MANIFEST_BYTES || compressed > MAX_MANIFEST_BYTES)
      throw new Error("manifest.json is larger than 1 MiB");
    const header = await slice(file, local, local + 30);
    const dataStart = local + 30 + header.getUint16(26, true) + header.getUint16(28, true);
    const data = new Uint8Array(await file.slice(dataStart, dataStart + compressed).arrayBuffer());
    if (method === 0) return preview(data);
    if (method === 8) return preview(await inflate(data, "deflate-raw"));
    throw new Error(`manifest.json uses an unsupported zip compression (${method})`);
  }
  return null;
}

function tarString(block: Uint8Array, start: number, length: number): string {
  const bytes = block.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

/** Walks the tar headers as the gzip stream decompresses, stopping at the manifest. */
async function peekTarGz(file: Blob): Promise<ManifestPreview | null> {
  const reader = file.stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  let buffer = new Uint8Array(0);
  let scanned = 0;
  const need = async (bytes: number): Promise<boolean> => {
    while (buffer.length < bytes) {
      const { done, value } = await reader.read();
      if (done) return false;
      const next = new Uint8Array(buffer.length + value.length);
      next.set(buffer);
      next.set(value, buffer.length);
      buffer = next;
    }
    return true;
  };
  const take = (bytes: number) => {
    const head = buffer.subarray(0, bytes);
    buffer = buffer.subarray(bytes);
    scanned += bytes;
    return head;
  };
  /** Skips an entry's padded body without holding it. */
  const skip = async (bytes: number) => {
    let left = bytes;
    while (left > 0) {
      if (buffer.length === 0 && !(await need(1))) return;
      const step = Math.min(left, buffer.length);
      take(step);
      left -= step;
    }
  };
  try {
    let longName: string | null = null;
    while (scanned < MAX_TAR_SCAN_BYTES && (await need(512))) {
      const block = take(512);
      if (block.every((b) => b === 0)) return null;
      const size = parseInt(tarString(block, 124, 12).trim() || "0", 8);
      const padded = Math.ceil(size / 512) * 512;
      const type = String.fromCharCode(block[156] || 48);
      const prefix = tarString(block, 257, 6) === "ustar" ? tarString(block, 345, 155) : "";
      const name =
        longName ?? (prefix ? `${prefix}/${tarString(block, 0, 100)}` : tarString(block, 0, 100));
      longName = null;
      if (type === "L" || type === "x") {
        if (size > MAX_MANIFEST_BYTES || !(await need(padded))) return null;
        const data = new TextDecoder().decode(take(padded).subarray(0, size));
        longName =
          type === "L"
            ? data.replace(/\0+$/, "")
            : (/(?:^|\n)\d+ path=([^\n]*)\n/.exec(data)?.[1] ?? null);
        continue;
      }
      if (type === "0" && isManifestPath(name)) {
        if (size > MAX_MANIFEST_BYTES) throw new Error("manifest.json is larger than 1 MiB");
        if (!(await need(size))) throw new Error("the archive ends inside manifest.json");
        return preview(take(size));
      }
      await skip(padded);
    }
    return null;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** The manifest's fields, or null when the file has no manifest this can find (a `.jsonl`, or a zip64). */
export async function peekManifest(file: Blob, fileName: string): Promise<ManifestPreview | null> {
  const kind = uploadKind(fileName);
  if (kind === "zip") return peekZip(file);
  if (kind === "tar.gz") return peekTarGz(file);
  return null;
}
