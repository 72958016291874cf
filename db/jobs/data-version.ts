/**
 * A counter per kind of change, for processes that cannot call each other: the worker
 * bumps `public` when it changed what visitors see, and each server watches the value:
 * public pages are validated by it (server/public-data-version.ts).
 * On PostgreSQL a bump also notifies PUBLIC_DATA_CHANNEL, so that servers listening there
 * hear it at once (the poll of the counter stays, for SQLite and for a lost listener).
 */
import { eq, sql } from "drizzle-orm";
import { engineOf, first, rawRun, withTx, type Db } from "../client";
import { dataVersions } from "../schema";

export const PUBLIC_DATA = "public";

/** PostgreSQL's channel for bumps of PUBLIC_DATA (server/worker-process.ts listens on it). */
export const PUBLIC_DATA_CHANNEL = "seekboard_public_data";

/** In the caller's transaction, or one of its own (which waits for the lock without blocking the server). */
export async function bumpDataVersion(db: Db, name: string): Promise<void> {
  await withTx(db, async (tx) => {
    await tx
      .insert(dataVersions)
      .values({ name, version: 1 })
      .onConflictDoUpdate({
        target: dataVersions.name,
        set: { version: sql`${dataVersions.version} + 1` },
      });
    // Delivered when the transaction commits, never before the change is visible.
    if (name === PUBLIC_DATA && engineOf(tx) === "postgres")
      await rawRun(tx, sql`SELECT pg_notify(${PUBLIC_DATA_CHANNEL}, '')`);
  });
}

/** 0 until the first bump. */
export async function dataVersion(db: Db, name: string): Promise<number> {
  return (
    (
      await first(
        db
          .select({ version: dataVersions.version })
          .from(dataVersions)
          .where(eq(dataVersions.name, name))
          .limit(1),
      )
    )?.version ?? 0
  );
}
