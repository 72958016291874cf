/**
 * `next start` on loopback against the bench database, and sequential timed requests.
 * The server runs in its own process group, which is killed when the bench ends, fails
 * or is interrupted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { gunzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { describeTarget, isPostgresUrl } from "../../db/client";
import { seededRandom, seedFrom } from "../../lib/random";
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

/**
 * Starts `next start -H 127.0.0.1 -p <port>` on `database` (and `env`) and waits until `readyPath` answers 200.
 * A SQLite file is passed as SEEKBOARD_DB (and any SEEKBOARD_DATABASE_URL of the bench's own
 * environment dropped), a postgres:// URL as SEEKBOARD_DATABASE_URL. Uploads are spooled
 * in a folder beside the log (SEEKBOARD_SPOOL_DIR) unless `env` says otherwise.
 */
export async function startServer(options: {
  cwd: string;
  port: number;
  database: string;
  logPath: string;
  readyPath: string;
  timeoutMs?: number;
  env?: Record<string, string>;
}): Promise<Server> {
  if (await portInUse(options.port))
    throw new Error(
      `port ${options.port} is already in use on 127.0.0.1; pick another with --port`,
    );
  installExitHandlers();
  const log = openSync(options.logPath, "w");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    SEEKBOARD_NO_DEMO: "1",
    SEEKBOARD_SPOOL_DIR: join(dirname(options.logPath), "uploads"),
    PORT: String(options.port),
    ...options.env,
  };
  delete env.SEEKBOARD_DB;
  delete env.SEEKBOARD_DATABASE_URL;
  if (isPostgresUrl(options.database)) env.SEEKBOARD_DATABASE_URL = options.database;
  else env.SEEKBOARD_DB = options.database;
  const child = spawn(
    join(options.cwd, "node_modules", ".bin", "next"),
    ["start", "-H", "127.0.0.1", "-p", String(options.port)],
    {
      cwd: options.cwd,
      env,
      detached: true,
      stdio: ["ignore", log, log],
    },
  );
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
      throw new Error(
        `next start exited (${child.exitCode ?? child.signalCode}) before answering:\n${readFileSync(options.logPath, "utf8").slice(-2000)}`,
      );
    }
    try {
      const response = await fetch(`${url}${options.readyPath}`, {
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `next start did not answer ${options.readyPath} within ${(options.timeoutMs ?? 120_000) / 1000} s:\n${readFileSync(options.logPath, "utf8").slice(-2000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // The server says at start which database it opened (instrumentation.ts): a build that does not, or names another, would time the wrong database.
  // The line can land a moment after the first answer: read the log again for up to 5 s.
  let opened: string | undefined;
  for (const waitUntil = Date.now() + 5000; ;) {
    opened = /^seekboard: database (.*)$/m.exec(readFileSync(options.logPath, "utf8"))?.[1];
    if (opened !== undefined || Date.now() > waitUntil) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (opened !== describeTarget(options.database)) {
    await stop();
    throw new Error(
      opened === undefined
        ? "next start did not say which database it opened: the build in .next predates the engine switch (run `npm run build`, or pass --build)"
        : `next start opened ${opened}, not ${describeTarget(options.database)}`,
    );
  }
  return { url, pid: child.pid!, logPath: options.logPath, stop };
}

export interface Probe {
  name: string;
  path: string;
  requests: number;
  /** The status the URL must answer (default 200). */
  status?: number;
  /** Checked on the last warm-up answer: throws when the page is not the one meant. */
  check?: (body: string, headers: Headers) => void;
  /** Request headers beyond the client's own (e.g. a session cookie, which gets no public validator). */
  headers?: Record<string, string>;
  /** Rendered or computed on demand (tens of milliseconds): timed in its own blocks, not in the shuffled rounds of the light URLs. */
  heavy?: boolean;
}

export interface ProbeResult extends Timing {
  name: string;
  path: string;
  bytes: number;
}

/** One keep-alive connection, as a browser reuses one: requests are strictly sequential. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * A GET timed from sending it to its last byte arriving, as a browser would ask for it
 * (gzip accepted). The body is unzipped and decoded after the timer stops: the timing is
 * the server's work and the loopback, not this client's decompression and string building
 * (about 1.5 ms for a 450 KB page, and garbage that this process collects mid-run).
 */
function timedGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; status: number; body: string; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      url,
      { agent, headers: { "accept-encoding": "gzip", ...headers }, timeout: 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const ms = performance.now() - started;
          const raw = Buffer.concat(chunks);
          const body = (
            res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw
          ).toString("utf8");
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
              answerHeaders.append(name, one);
          }
          resolve({ ms, status: res.statusCode ?? 0, body, headers: answerHeaders });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${url}: no answer within 60 s`)));
    req.on("error", reject);
    req.end();
  });
}

/** A copy of `items` in random order (Fisher–Yates). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Untimed requests (of each URL) opening every pass and block: they absorb what came before (garbage, cold caches). */
const REWARM = 2;

/**
 * The validator a visitor without a session gets with a public page (proxy.ts): what a
 * browser or a shared cache holding the page sends back in If-None-Match. The server gives
 * none until it has read the public data version, just after it starts: asked again meanwhile.
 */
export async function publicETag(baseUrl: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const etag = (await timedGet(`${baseUrl}${path}`)).headers.get("etag");
    if (etag !== null) return etag;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} answered without an ETag: the public page validator is missing`);
}

/**
 * Warms each URL (`warmup` requests; the last answer is checked: it is what the timed
 * requests get, e.g. a 304 to a revalidation), then times
 * them over `passes` passes (each URL's requests split among them), so a burst of load
 * from elsewhere on the machine does not fall on one URL alone. In each pass the light
 * URLs (the static file, cached pages, APIs) are timed in rounds, one request each in an
 * order shuffled every round (seeded), so a pause of the server (a garbage collection,
 * another process) falls on them alike, wherever it comes from, and their ratios to the
 * static file compare like with like; then each heavy URL
 * (`heavy`: rendered on demand) is timed in its own block of consecutive requests, so the
 * garbage it leaves is collected on its own requests. Strictly sequential: one request in
 * flight.
 */
export async function measure(
  baseUrl: string,
  probes: readonly Probe[],
  options: { warmup: number; passes: number },
): Promise<ProbeResult[]> {
  const bytes = new Map<string, number>();
  const get = async (probe: Probe) => {
    const answer = await timedGet(`${baseUrl}${probe.path}`, probe.headers);
    if (answer.status !== (probe.status ?? 200))
      throw new Error(
        `${probe.name}: ${probe.path} answered ${answer.status}: ${answer.body.slice(0, 300)}`,
      );
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
  const shareOf = (probe: Probe, pass: number) =>
    Math.floor(probe.requests / options.passes) + (pass < probe.requests % options.passes ? 1 : 0);
  const light = probes.filter((p) => !p.heavy);
  const random = seededRandom(seedFrom(probes.map((p) => p.name).join("|")));
  const heavy = probes.filter((p) => p.heavy);
  for (let pass = 0; pass < options.passes; pass++) {
    for (let i = 0; i < REWARM; i++) for (const probe of light) await get(probe);
    const rounds = Math.max(0, ...light.map((p) => shareOf(p, pass)));
    for (let round = 0; round < rounds; round++) {
      for (const probe of shuffled(light, random))
        if (round < shareOf(probe, pass)) samples.get(probe.name)!.push((await get(probe)).ms);
    }
    for (const probe of heavy) {
      const share = shareOf(probe, pass);
      if (share === 0) continue;
      for (let i = 0; i < REWARM; i++) await get(probe);
      for (let i = 0; i < share; i++) samples.get(probe.name)!.push((await get(probe)).ms);
    }
  }
  return probes.map((p) => ({
    name: p.name,
    path: p.path,
    bytes: bytes.get(p.name) ?? 0,
    ...summarise(samples.get(p.name)!),
  }));
}
