/**
 * Runs once when the server starts: unpack folders a crashed server left in the temporary
 * directory removed, schema migrations, re-evaluation jobs a previous server left
 * unfinished marked as interrupted, then demo data on an empty database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { sweepStaleUnpackDirs } = await import("./lib/import/bundle");
  const swept = sweepStaleUnpackDirs();
  if (swept > 0) console.warn(`seekboard: removed ${swept} stale unpack folder(s) from the temporary directory`);
  const { getDb } = await import("./db/client");
  const { failInterruptedJobs } = await import("./db/reeval/jobs");
  const { seedDemoIfEmpty } = await import("./db/seed-demo");
  const interrupted = failInterruptedJobs(getDb());
  if (interrupted > 0) console.warn(`seekboard: ${interrupted} re-evaluation job(s) interrupted by the last shutdown were marked failed`);
  seedDemoIfEmpty(getDb());
}
