import "server-only";
import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { bumpDataVersion, PUBLIC_DATA } from "@/db/jobs/data-version";
import { publicPageStore } from "./page-cache-store";

/**
 * Public pages are served from the page cache (proxy.ts, cache-handler.mjs). Whatever
 * changes what the public sees (a moderation decision, a verdict, a tag) calls this:
 * it empties this process's cache, so the next public request renders afresh, and bumps
 * the public data version, which every other server process on the database watches
 * (server/worker-process.ts) to empty its own.
 */
export async function publicDataChanged(): Promise<void> {
  revalidatePath("/", "layout");
  await bumpDataVersion(await getDb(), PUBLIC_DATA);
}

/**
 * The same for work that runs outside any request (a re-evaluation job after its action
 * has answered), where revalidatePath cannot be called: empties the cache's store directly.
 */
export function emptyPublicPageCache(): void {
  publicPageStore()?.empty();
}
