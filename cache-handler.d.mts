/** Types of cache-handler.mjs (plain JavaScript: Next loads it at run time without compiling it). */
export interface CachedEntry {
  lastModified: number;
  value: unknown;
  cacheControl?: unknown;
}

export default class PageCacheHandler {
  get(key: string): Promise<CachedEntry | null>;
  set(key: string, value: unknown, ctx?: { cacheControl?: unknown }): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
