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
