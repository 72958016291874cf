/**
 * Next's page cache (ISR), kept in memory only, bounded in bytes, least recently used
 * dropped first, and emptied whenever the app changes data (revalidatePath calls
 * `revalidateTag`; a background job, outside any request, calls the store's `empty()`
 * through `globalThis`, see server/public-pages.ts). Why not the default: it also
 * writes rendered pages under .next/, where they outlive the database they were rendered
 * from (a restart on another SEEKBOARD_DB file, a fresh demo database in the e2e run).
 * Every data change can move any public page (a leaderboard rank, a verdict), so a change
 * drops every entry.
 *
 * The store also answers the proxy (proxy.ts) directly: a fresh cached page is sent from
 * there, encoded once, without going through Next's page handler. Pages are found by
 * their path in Next's cache key; if Next changes that key's form, the proxy simply finds
 * nothing and Next serves the page as before.
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
    /** A cached page's path (e.g. /public-cache/b/mpw/-) → its key in `entries`. */
    pages: new Map(),
    /**
     * The page cached for `path` while it is fresh (younger than its `revalidate`), with its
     * HTML encoded as UTF-8 once, on first use; null when there is none, it is stale (Next
     * then serves it and renders it again) or it is not a plain 200 page.
     */
    freshPage(path, now) {
      const key = this.pages.get(path);
      const stored = key === undefined ? undefined : this.entries.get(key);
      if (!stored) return null;
      const { value, cacheControl, lastModified } = stored.entry;
      const revalidate = cacheControl?.revalidate;
      if (
        value?.kind !== "APP_PAGE" ||
        (value.status ?? 200) !== 200 ||
        typeof value.html !== "string"
      )
        return null;
      if (
        typeof revalidate !== "number" ||
        revalidate <= 0 ||
        now >= lastModified + revalidate * 1000
      )
        return null;
      this.entries.delete(key);
      this.entries.set(key, stored);
      if (!stored.body) {
        stored.body = Buffer.from(value.html);
        stored.bytes += stored.body.byteLength;
        this.totalBytes += stored.body.byteLength;
        dropOldestOverBudget(this);
      }
      return { body: stored.body, revalidate, expire: cacheControl.expire };
    },
    empty() {
      this.pages.clear();
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
  if (value.segmentData instanceof Map)
    for (const segment of value.segmentData.values()) bytes += segment.byteLength;
  return bytes + 1024;
}

/** The page path in a key of Next's route cache: `/route-cache/APP_PAGE/<build hash>/$<path>`. */
function pagePathOf(key) {
  const match = /^\/route-cache\/APP_PAGE\/[^/]+\/\$(\/.*)$/.exec(key);
  return match ? match[1] : null;
}

function drop(cache, key) {
  const stored = cache.entries.get(key);
  if (!stored) return;
  cache.entries.delete(key);
  const path = pagePathOf(key);
  if (path !== null && cache.pages.get(path) === key) cache.pages.delete(path);
  cache.totalBytes -= stored.bytes;
}

function dropOldestOverBudget(cache) {
  for (const oldest of cache.entries.keys()) {
    if (cache.totalBytes <= MAX_BYTES) break;
    drop(cache, oldest);
  }
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
    cache.entries.set(key, {
      entry: { lastModified: Date.now(), value, cacheControl: ctx?.cacheControl },
      bytes,
      body: null,
    });
    cache.totalBytes += bytes;
    const path = pagePathOf(key);
    if (path !== null) cache.pages.set(path, key);
    dropOldestOverBudget(cache);
  }

  async revalidateTag() {
    store().empty();
  }

  resetRequestCache() {}
}
