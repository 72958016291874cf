/**
 * `next start` on loopback against the bench database, and sequential timed requests.
 * The server runs in its own process group, which is killed when the bench ends, fails
 * or is interrupted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { summarise, type Timing } from "./stats";

export interface Server {
  url: string;
  pid: number;
  logPath: string;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

let handlersInstalled = false;
function installExitHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on("exit", () => {
    for (const child of live) killGroup(child, "SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      for (const child of live) killGroup(child, "SIGKILL");
      process.exit(130);
    });
  }
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolvePromise(true);
    });
    socket.once("error", () => resolvePromise(false));
  });
}

export function hasProductionBuild(cwd: string): boolean {
  return existsSync(join(cwd, ".next", "BUILD_ID"));
}

/** Starts `next start -H 127.0.0.1 -p <port>` with SEEKBOARD_DB=<db> and waits until `readyPath` answers 200. */
export async function startServer(options: { cwd: string; port: number; dbPath: string; logPath: string; readyPath: string; timeoutMs?: number }): Promise<Server> {
  if (await portInUse(options.port)) throw new Error(`port ${options.port} is already in use on 127.0.0.1; pick another with --port`);
  installExitHandlers();
  const log = openSync(options.logPath, "w");
  const child = spawn(join(options.cwd, "node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", String(options.port)], {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      SEEKBOARD_DB: options.dbPath,
      SEEKBOARD_NO_DEMO: "1",
      PORT: String(options.port),
    },
    detached: true,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  live.add(child);
  const exited = new Promise<void>((resolvePromise) => child.once("exit", () => resolvePromise()));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (!live.has(child)) return;
    killGroup(child, "SIGTERM");
    const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 5000).unref());
    if ((await Promise.race([exited, timeout])) === "timeout") {
      killGroup(child, "SIGKILL");
      await exited;
    }
    live.delete(child);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      live.delete(child);
      throw new Error(`next start exited (${child.exitCode ?? child.signalCode}) before answering:\n${readFileSync(options.logPath, "utf8").slice(-2000)}`);
    }
    try {
      const response = await fetch(`${url}${options.readyPath}`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`next start did not answer ${options.readyPath} within ${(options.timeoutMs ?? 120_000) / 1000} s:\n${readFileSync(options.logPath, "utf8").slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid!, logPath: options.logPath, stop };
}

export interface Probe {
  name: string;
  path: string;
  requests: number;
  /** The status the URL must answer (default 200). */
  status?: number;
  /** Checked on the first warm-up answer: throws when the page is not the one meant. */
  check?: (body: string, headers: Headers) => void;
  /** Request headers beyond fetch's own (e.g. a session cookie, which skips the public page cache). */
  headers?: Record<string, string>;
}

export interface ProbeResult extends Timing {
  name: string;
  path: string;
  bytes: number;
}

async function timedGet(url: string, headers: Record<string, string> = {}): Promise<{ ms: number; status: number; body: string; headers: Headers }> {
  const started = performance.now();
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body, headers: response.headers };
}

/** Untimed requests at the start of every block: they absorb what the previous URL left behind (garbage, cold caches). */
const REWARM = 2;

/**
 * Warms each URL (`warmup` requests; the last answer is checked: it is what the timed
 * requests get, e.g. a page from the page cache that the first answer filled), then times each URL in its own
 * block of consecutive requests, so the garbage a heavy page leaves behind is collected
 * on its own requests rather than the next URL's. The blocks are repeated over `passes`
 * passes (each URL's requests split among them), so a burst of load from elsewhere on
 * the machine does not fall on one URL alone. Strictly sequential: one request in flight.
 */
export async function measure(baseUrl: string, probes: readonly Probe[], options: { warmup: number; passes: number }): Promise<ProbeResult[]> {
  const bytes = new Map<string, number>();
  const get = async (probe: Probe) => {
    const answer = await timedGet(`${baseUrl}${probe.path}`, probe.headers);
    if (answer.status !== (probe.status ?? 200)) throw new Error(`${probe.name}: ${probe.path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return answer;
  };
  for (const probe of probes) {
    for (let i = 0; i < options.warmup; i++) {
      const { body, headers } = await get(probe);
      if (i === options.warmup - 1) probe.check?.(body, headers);
      bytes.set(probe.name, Buffer.byteLength(body));
    }
  }
  const samples = new Map<string, number[]>(probes.map((p) => [p.name, []]));
  for (let pass = 0; pass < options.passes; pass++) {
    for (const probe of probes) {
      const share = Math.floor(probe.requests / options.passes) + (pass < probe.requests % options.passes ? 1 : 0);
      if (share === 0) continue;
      for (let i = 0; i < REWARM; i++) await get(probe);
      for (let i = 0; i < share; i++) samples.get(probe.name)!.push((await get(probe)).ms);
    }
  }
  return probes.map((p) => ({ name: p.name, path: p.path, bytes: bytes.get(p.name) ?? 0, ...summarise(samples.get(p.name)!) }));
}
