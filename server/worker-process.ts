import "server-only";
/**
 * The server's side of the job worker: forks `cli worker` at start and forks it again if
 * it dies (a job it held is then recovered by the new one), and keeps this server's copy of
 * the public data version current when the worker (or another server) changes public data,
 * so public pages stop validating at once (server/public-data-version.ts): through the
 * database, so a worker run by hand or another instance is heard too. Every engine: the
 * data version is polled every WATCH_EVERY_MS. PostgreSQL: the bump's NOTIFY is also
 * listened for, which reads the version at once; the poll stays, for a lost listener.
 */
import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import pg from "pg";
import { dbTargetFromEnv, describeTarget, getDb, isPostgresUrl } from "@/db/client";
import { dataVersion, PUBLIC_DATA, PUBLIC_DATA_CHANNEL } from "@/db/jobs/data-version";
import { notePublicDataVersion } from "./public-data-version";

/** Backoff between restarts of a worker that keeps dying: from 1 s, doubling, to 30 s. */
const RESTART_MIN_MS = 1000;
const RESTART_MAX_MS = 30_000;
/** A worker that ran this long before dying was not crash-looping: the backoff starts again. */
const HEALTHY_RUN_MS = 60_000;
const WATCH_EVERY_MS = 500;
/** Backoff between reconnections of the PostgreSQL listener: from 1 s, doubling, to 30 s. */
const LISTEN_RETRY_MIN_MS = 1000;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * The worker's heap limit, in MiB (SEEKBOARD_WORKER_HEAP_MB): imports stream and count what
 * a bundle becomes against its budgets (a 1 GiB `.eval` peaks near 370 MiB), so a worker
 * past this is a bug or a bundle no budget foresaw; it dies alone, not with the machine.
 */
export const DEFAULT_WORKER_HEAP_MB = 1024;

/** Node's flags for the worker: tsx, the server's conditions and the bounded heap. */
export function workerExecArgv(env: Record<string, string | undefined> = process.env): string[] {
  const configured = env.SEEKBOARD_WORKER_HEAP_MB?.trim();
  const heap =
    configured && /^\d{1,6}$/.test(configured) && Number(configured) >= 64
      ? Number(configured)
      : DEFAULT_WORKER_HEAP_MB;
  return ["--conditions=react-server", "--import", "tsx", `--max-old-space-size=${heap}`];
}

interface WorkerState {
  child: ChildProcess | null;
  stopping: boolean;
}

declare global {
  // One worker per server process, even if this module is loaded again.
  var seekboardWorker: WorkerState | undefined;
}

function forkWorker(state: WorkerState, backoffMs: number): void {
  const startedAt = Date.now();
  const target = dbTargetFromEnv();
  // A PostgreSQL URL may hold a password: it goes through the environment, never the command line (ps shows that).
  const where = isPostgresUrl(target)
    ? { args: [], env: { ...process.env, SEEKBOARD_DATABASE_URL: target } }
    : { args: ["--db", target], env: process.env };
  const child = fork(
    join(/*turbopackIgnore: true*/ process.cwd(), "cli", "main.ts"),
    ["worker", ...where.args],
    {
      execArgv: workerExecArgv(),
      env: where.env,
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    },
  );
  state.child = child;
  child.on("exit", (code, signal) => {
    state.child = null;
    if (state.stopping) return;
    const wait = Date.now() - startedAt > HEALTHY_RUN_MS ? RESTART_MIN_MS : backoffMs;
    console.error(
      `seekboard: the job worker stopped (${signal ?? `exit ${code}`}); starting another in ${wait / 1000} s`,
    );
    setTimeout(() => {
      if (!state.stopping) forkWorker(state, Math.min(wait * 2, RESTART_MAX_MS));
    }, wait).unref();
  });
}

/**
 * Polls the public data version; a failed read (the database away a moment) is tried again
 * at the next tick. Returns the read, for the PostgreSQL listener to call at once.
 */
function watchDataVersion(): () => Promise<void> {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      notePublicDataVersion(await dataVersion(await getDb(), PUBLIC_DATA));
    } catch (error) {
      console.error(
        `seekboard: could not read the public data version: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      busy = false;
    }
  };
  void tick();
  setInterval(() => void tick(), WATCH_EVERY_MS).unref();
  return tick;
}

/**
 * LISTENs for PUBLIC_DATA_CHANNEL on a connection of its own (a pooled one would go back
 * to the pool), reading the public data version (`read`) on each notification. A dropped connection is
 * opened again with backoff; nothing here ever throws into the server.
 */
function listenForPublicData(url: string, read: () => Promise<void>): void {
  let wait = LISTEN_RETRY_MIN_MS;
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    let retried = false;
    const retry = (why: string) => {
      if (retried) return;
      retried = true;
      client.removeAllListeners("notification");
      client.end().catch(() => undefined);
      console.error(
        `seekboard: the PostgreSQL listener for public data changes stopped (${why}); reconnecting in ${wait / 1000} s (the poll goes on meanwhile)`,
      );
      setTimeout(() => void connect(), wait).unref();
      wait = Math.min(wait * 2, LISTEN_RETRY_MAX_MS);
    };
    client.on("error", (error) => retry(error.message));
    client.on("end", () => retry("the connection ended"));
    client.on("notification", (message) => {
      if (message.channel === PUBLIC_DATA_CHANNEL) void read();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${PUBLIC_DATA_CHANNEL}`);
      wait = LISTEN_RETRY_MIN_MS;
      // Changes made while no one listened: the poll has them, but at once is better.
      void read();
    } catch (error) {
      retry(error instanceof Error ? error.message : String(error));
    }
  };
  void connect();
}

/** Starts the worker unless one runs already or SEEKBOARD_WORKER=external says the operator runs it. */
export function startJobWorker(): void {
  if (globalThis.seekboardWorker) return;
  const state: WorkerState = { child: null, stopping: false };
  globalThis.seekboardWorker = state;
  const target = dbTargetFromEnv();
  if (process.env.SEEKBOARD_WORKER?.trim() === "external") {
    console.warn(
      `seekboard: SEEKBOARD_WORKER=external: uploads and re-evaluations wait for a worker started with \`npm run cli -- worker\` on ${describeTarget(target)}`,
    );
  } else {
    forkWorker(state, RESTART_MIN_MS);
    process.once("exit", () => {
      state.stopping = true;
      state.child?.kill("SIGTERM");
    });
  }
  const read = watchDataVersion();
  if (isPostgresUrl(target)) listenForPublicData(target, read);
}
