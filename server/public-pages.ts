import "server-only";
import { revalidatePath } from "next/cache";
import { publicPageStore } from "./page-cache-store";

/**
 * Public pages are served from the page cache (proxy.ts, cache-handler.mjs). Whatever
 * changes what the public sees (a moderation decision, a verdict, a tag) calls this:
 * it empties that cache, so the next public request renders afresh.
 */
export function publicDataChanged(): void {
  revalidatePath("/", "layout");
}

/**
 * The same for work that runs outside any request (a re-evaluation job after its action
 * has answered), where revalidatePath cannot be called: empties the cache's store directly.
 */
export function emptyPublicPageCache(): void {
  publicPageStore()?.empty();
}
