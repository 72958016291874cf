/**
 * Runs once when the server starts: every request from now on stamped with its socket's
 * address (server/peer-address.ts; SEEKBOARD_TRUSTED_PROXIES read, so a bad value stops the
 * start), unpack folders a crashed server left in the temporary
 * directory removed, schema migrations (SEEKBOARD_MIGRATIONS=external: waiting for `cli
 * migrate` instead), demo data on an empty database (not with SEEKBOARD_NO_DEMO=1), then the
 * job worker (which recovers jobs a previous worker left unfinished; SEEKBOARD_WORKER=external:
 * none, `cli worker` runs apart). docs/DEPLOY.md says which a deploy sets.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampPeerAddresses } = await import("./server/peer-address");
  stampPeerAddresses();
  const { trustedProxies } = await import("./server/auth");
  trustedProxies();
  const { sweepStaleUnpackDirs } = await import("./lib/import/bundle");
  const swept = sweepStaleUnpackDirs();
  if (swept > 0)
    console.warn(`seekboard: removed ${swept} stale unpack folder(s) from the temporary directory`);
  const { dbTargetFromEnv, describeTarget, getDb } = await import("./db/client");
  if (process.env.NEXT_PHASE !== "phase-production-build")
    console.warn(`seekboard: database ${describeTarget(dbTargetFromEnv())}`);
  const { seedDemoIfEmpty } = await import("./db/seed-demo");
  await seedDemoIfEmpty(await getDb());
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startJobWorker } = await import("./server/worker-process");
  startJobWorker();
}
