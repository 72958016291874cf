/**
 * Next's page cache (ISR), kept in memory only, bounded in bytes, least recently used
 * dropped first, and emptied whenever the app changes data (revalidatePath calls
 * `revalidateTag`). Why not the default: it also writes rendered pages under .next/,
 * where they outlive the database they were rendered from (a restart on another
 * SEEKBOARD_DB file, a fresh demo database in the e2e run). Every data change can move
 * any public page (a leaderboard rank, a verdict), so a change drops every entry.
 */
const MAX_BYTES = Math.max(1, Number(process.env.SEEKBOARD_PAGE_CACHE_MB) || 64) * 2 ** 20;

/** key → { entry: {lastModified, value, cacheControl}, bytes }, in least-recently-used order. */
const entries = new Map();
let totalBytes = 0;

function sizeOf(value) {
  if (!value) return 0;
  let bytes = 0;
  for (const part of [value.html, value.rscData, value.body, value.postponed]) {
    if (typeof part === "string") bytes += Buffer.byteLength(part);
    else if (part instanceof Uint8Array) bytes += part.byteLength;
  }
  if (value.segmentData instanceof Map) for (const segment of value.segmentData.values()) bytes += segment.byteLength;
  return bytes + 1024;
}

function drop(key) {
  const stored = entries.get(key);
  if (!stored) return;
  entries.delete(key);
  totalBytes -= stored.bytes;
}

export default class PageCacheHandler {
  async get(key) {
    const stored = entries.get(key);
    if (!stored) return null;
    entries.delete(key);
    entries.set(key, stored);
    return stored.entry;
  }

  async set(key, value, ctx) {
    drop(key);
    if (!value) return;
    const bytes = sizeOf(value);
    if (bytes > MAX_BYTES / 8) return;
    entries.set(key, { entry: { lastModified: Date.now(), value, cacheControl: ctx?.cacheControl }, bytes });
    totalBytes += bytes;
    for (const oldest of entries.keys()) {
      if (totalBytes <= MAX_BYTES) break;
      drop(oldest);
    }
  }

  async revalidateTag() {
    entries.clear();
    totalBytes = 0;
  }

  resetRequestCache() {}
}
