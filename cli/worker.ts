/**
 * `cli worker`: the job worker as a process. The server forks one (server/worker-process.ts)
 * with an IPC channel, and the worker stops when that channel closes, so it never outlives
 * its server; run by hand, it stops on SIGTERM or SIGINT. Either way the job in hand is
 * finished first (an import is one transaction: stopping in the middle would only waste it).
 */
import { closeDb, describeTarget, openDb } from "../db/client";
import { runWorker, spoolRoot, workerId } from "../db/jobs/worker";
import { sweepStaleUnpackDirs } from "../lib/import/bundle";
import { llmJudgeSettingFromEnv } from "../lib/judges/chat";

/** Runs the worker on `target` (a SQLite file or a postgres:// URL) until told to stop. */
export async function runWorkerProcess(target: string): Promise<{ worker: string; stopped: true }> {
  const stop = new AbortController();
  let opened = false;
  const end = () => {
    stop.abort();
    // Still waiting for an unreachable PostgreSQL server: there is no job in hand to finish.
    if (!opened) process.exit(0);
  };
  process.once("SIGTERM", end);
  process.once("SIGINT", end);
  process.once("disconnect", end);
  // Waits while PostgreSQL is unreachable, as the server does.
  const db = await openDb(target);
  opened = true;
  const root = spoolRoot(process.env, target);
  sweepStaleUnpackDirs();
  console.error(
    `seekboard worker ${workerId()}: jobs of ${describeTarget(target)}, uploads in ${root}`,
  );
  try {
    await runWorker({
      db,
      spoolRoot: root,
      llm: llmJudgeSettingFromEnv(process.env),
      signal: stop.signal,
      log: (message) => console.error(`seekboard worker: ${message}`),
    });
  } finally {
    await closeDb(db);
  }
  return { worker: workerId(), stopped: true };
}
