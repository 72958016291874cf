import "server-only";
import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { bumpDataVersion, dataVersion, PUBLIC_DATA } from "@/db/jobs/data-version";
import { notePublicDataVersion } from "./public-data-version";

/**
 * Whatever changes what the public sees (a moderation decision, a verdict, a tag) calls
 * this. It bumps the public data version, which changes the validator of every public page
 * (server/public-data-version.ts) in this process at once and, through the database, in
 * every other server process (server/worker-process.ts watches it), so no browser or shared
 * cache is told its copy is still good. revalidatePath drops the client router's copies of
 * the pages the admin has seen, so the admin's next navigation shows the change too.
 */
export async function publicDataChanged(): Promise<void> {
  revalidatePath("/", "layout");
  const db = await getDb();
  await bumpDataVersion(db, PUBLIC_DATA);
  notePublicDataVersion(await dataVersion(db, PUBLIC_DATA));
}
