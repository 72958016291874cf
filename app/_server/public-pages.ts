import "server-only";
import { revalidatePath } from "next/cache";

/**
 * Public pages are served from the page cache (proxy.ts, cache-handler.mjs). Whatever
 * changes what the public sees (a moderation decision, a verdict, a tag) calls this:
 * it empties that cache, so the next public request renders afresh.
 */
export function publicDataChanged(): void {
  revalidatePath("/", "layout");
}

const PAGE_CACHE = Symbol.for("seekboard.publicPageCache");

/**
 * The same for work that runs outside any request (a re-evaluation job after its action
 * has answered), where revalidatePath cannot be called: empties the cache's store directly.
 */
export function emptyPublicPageCache(): void {
  (globalThis as { [PAGE_CACHE]?: { empty(): void } })[PAGE_CACHE]?.empty();
}
