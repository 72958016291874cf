/**
 * Next's page cache (ISR), kept in memory only, bounded in bytes, least recently used
 * dropped first, and emptied whenever the app changes data (revalidatePath calls
 * `revalidateTag`; a background job, outside any request, calls the store's `empty()`
 * through `globalThis`, see app/_server/public-pages.ts). Why not the default: it also
 * writes rendered pages under .next/, where they outlive the database they were rendered
 * from (a restart on another SEEKBOARD_DB file, a fresh demo database in the e2e run).
 * Every data change can move any public page (a leaderboard rank, a verdict), so a change
 * drops every entry.
 */
const MAX_BYTES = Math.max(1, Number(process.env.SEEKBOARD_PAGE_CACHE_MB) || 64) * 2 ** 20;
const STORE = Symbol.for("seekboard.publicPageCache");

function createStore() {
  return {
    /** key → { entry: {lastModified, value, cacheControl}, bytes }, in least-recently-used order. */
    entries: new Map(),
    totalBytes: 0,
    /**
     * Bumped by every emptying. A page whose render began (its `get`) before a change must
     * not be stored after it: it may hold what the change replaced.
     */
    generation: 0,
    /** key → the generation its last `get` saw. */
    seen: new Map(),
    empty() {
      this.entries.clear();
      this.seen.clear();
      this.totalBytes = 0;
      this.generation += 1;
    },
  };
}

function store() {
  globalThis[STORE] ??= createStore();
  return globalThis[STORE];
}

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

function drop(cache, key) {
  const stored = cache.entries.get(key);
  if (!stored) return;
  cache.entries.delete(key);
  cache.totalBytes -= stored.bytes;
}

export default class PageCacheHandler {
  async get(key) {
    const cache = store();
    cache.seen.set(key, cache.generation);
    const stored = cache.entries.get(key);
    if (!stored) return null;
    cache.entries.delete(key);
    cache.entries.set(key, stored);
    return stored.entry;
  }

  async set(key, value, ctx) {
    const cache = store();
    drop(cache, key);
    const renderedSince = cache.seen.get(key);
    cache.seen.delete(key);
    if (!value || renderedSince !== cache.generation) return;
    const bytes = sizeOf(value);
    if (bytes > MAX_BYTES / 8) return;
    cache.entries.set(key, { entry: { lastModified: Date.now(), value, cacheControl: ctx?.cacheControl }, bytes });
    cache.totalBytes += bytes;
    for (const oldest of cache.entries.keys()) {
      if (cache.totalBytes <= MAX_BYTES) break;
      drop(cache, oldest);
    }
  }

  async revalidateTag() {
    store().empty();
  }

  resetRequestCache() {}
}
