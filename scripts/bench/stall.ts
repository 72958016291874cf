/**
 * The stall probe (issue 17): while a large MPW bundle uploads through
 * `POST /api/submissions` and ingests, a visitor's pages must keep answering. A fresh
 * `next start` over the bench database (upload limits raised for the bundle) is timed
 * every 50 ms — public leaderboard, leaderboard rendered for a session, trajectory API —
 * first with nothing running (the idle baseline), then from the upload's first byte until
 * its ingest ends; meanwhile the server's and the worker's RSS are polled from /proc. The
 * uploaded submission, its job row, the tasks it added and the bench's token are deleted
 * afterwards, so the database is as it was (a re-run with `--db` uploads afresh). Beside
 * the ticking URLs, a second team uploads a one-sample results file every second during the
 * import (issue 28: its upload must not wait for the import's write lock).
 */
import { execFileSync } from "node:child_process";
import {
  createReadStream,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { join } from "node:path";
import { and, eq, gt, max, notInArray } from "drizzle-orm";
import { z } from "zod";
import { closeDb, first, openDb, sqliteClientOf, withTx } from "../../db/client";
import { samples, submissions, tasks, uploadJobs, uploadTokens } from "../../db/schema";
import { issueUploadToken } from "../../db/upload-tokens";
import { benchTasks, ingestSubmission, writeBenchBundle } from "./generate";
import { startServer } from "./server";
import { summarise, type Timing } from "./stats";

/** Each URL is timed every TICK_MS (see startTicker). */
export const TICK_MS = 50;
/** How often the server's and the worker's memory is read from /proc. */
const RSS_POLL_MS = 250;
const TEAM = "seekboard-bench-stall";
const SECOND_TEAM = "seekboard-bench-stall-second";
/** How often the second team uploads during the import (each upload waits for the one before). */
const SECOND_UPLOAD_MS = 1000;
/** The one MPW record the second team uploads, under a new model name each time (so each is new). */
const SECOND_RECORD = readFileSync(
  join(process.cwd(), "test", "fixtures", "mpw", "result-record.json"),
  "utf8",
);
/** Untimed requests of each URL on the fresh server before the idle baseline: its first answers compile and fill caches. */
const WARMUP = 10;

export interface StallUrl {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Checked on the last warm-up answer: throws when the page is not the one meant. */
  check: (body: string) => void;
}

export interface StallUrlResult {
  name: string;
  path: string;
  /** One latency per 50 ms tick answered (see startTicker). */
  idle: Timing;
  upload: Timing;
  /** Requests sent in each phase. */
  sent: { idle: number; upload: number };
  /** Ticks whose request got another status or no answer (e.g. a reset connection): each misses the target. */
  errors: { idle: number; upload: number; first: string | null };
}

export interface StallResults {
  samples: number;
  zipMiB: number;
  unpackedMiB: number;
  idleSeconds: number;
  /** From the upload's first byte to the job's `done`. */
  uploadSeconds: number;
  urls: StallUrlResult[];
  /** From the job's row: the import (`import_started_at` → `finished_at`: records read, written, aggregates, the answer) and the whole job (from `started_at`: the unzip too). */
  ingest: {
    samplesPerSecond: number;
    seconds: number;
    jobSeconds: number;
    jobSamplesPerSecond: number;
  };
  /** A second team's one-sample uploads (`?wait=0`) during the import: each answer's latency (absent from runs before issue 28). */
  secondTeam?: { timing: Timing; sent: number; errors: number; firstError: string | null };
  /** Peak of VmHWM and VmRSS read every RSS_POLL_MS, in MiB; worker null when no worker process was seen. */
  rss: { serverMiB: number; workerMiB: number | null; workerPids: number };
}

/** Answers of the upload and the job API, as the contract states them (fields the probe reads). */
const submissionAnswer = z.object({ samples: z.number() });
const queuedAnswer = z.object({ jobId: z.number(), statusUrl: z.string() });
const jobAnswer = z.object({
  state: z.enum(["queued", "running", "done", "failed"]),
  result: submissionAnswer.nullable(),
  errors: z.array(z.unknown()).nullable(),
});

interface Answer {
  status: number;
  body: string;
}

/** A GET; the caller times it (from its scheduled moment) when the promise settles, at its last byte. */
function get(url: string, agent: Agent | false, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(url, { agent, headers, timeout: 120_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () =>
        resolvePromise({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    req.on("timeout", () => req.destroy(new Error(`${url}: no answer within 120 s`)));
    req.on("error", reject);
    req.end();
  });
}

/** What the ticker saw of one URL. */
interface Ticked {
  /** One latency per tick answered 200: the tick's own request, or the one it waited behind. */
  ms: number[];
  /** Requests sent (ticks that found their URL's request still in flight send none). */
  sent: number;
  /** Ticks whose request (or the one they waited behind) got another status or no answer. */
  errors: number;
  firstError: string | null;
}

/**
 * Times each URL every TICK_MS, on schedule, until stopped; the URLs are independent, so
 * a slow answer of one never delays another's ticks. A URL's request is a visitor's: while
 * it is in flight, that URL's next ticks send nothing and wait for it, each recorded as the
 * time from its own scheduled moment to that answer (what a request sent then would at
 * least have waited), so a stall counts once per tick it covers, not once. Requests piling
 * up instead would be load of the probe's own making: the rendered leaderboard alone takes
 * tens of milliseconds of the server's one event loop. Each request has a fresh connection
 * (a keep-alive pool can reuse a socket the server is closing, and the reset would be the
 * client's own); latency runs from the scheduled moment to the last byte.
 */
function startTicker(baseUrl: string, urls: readonly StallUrl[]): { stop(): Promise<Ticked[]> } {
  const ticked = urls.map((): Ticked => ({ ms: [], sent: 0, errors: 0, firstError: null }));
  const waiting = urls.map((): number[] => []);
  const inFlight: (Promise<void> | null)[] = urls.map(() => null);
  const started = performance.now();
  let tick = 0;
  let timer: NodeJS.Timeout | null = null;
  const fire = () => {
    const scheduled = started + tick * TICK_MS;
    urls.forEach((url, i) => {
      if (inFlight[i]) {
        waiting[i].push(scheduled);
        return;
      }
      const t = ticked[i];
      t.sent += 1;
      const settle = (error: string | null) => {
        const answered = performance.now();
        for (const s of [scheduled, ...waiting[i]]) {
          if (error === null) t.ms.push(answered - s);
          else t.errors += 1;
        }
        if (error !== null) t.firstError ??= error;
        waiting[i] = [];
        inFlight[i] = null;
      };
      inFlight[i] = get(`${baseUrl}${url.path}`, false, url.headers ?? {}).then(
        (answer) =>
          settle(answer.status === 200 ? null : `${answer.status}: ${answer.body.slice(0, 200)}`),
        (error: unknown) => settle(error instanceof Error ? error.message : String(error)),
      );
    });
    tick += 1;
    timer = setTimeout(fire, Math.max(0, started + tick * TICK_MS - performance.now()));
  };
  fire();
  return {
    async stop() {
      if (timer) clearTimeout(timer);
      await Promise.all(inFlight.filter((request) => request !== null));
      return ticked;
    },
  };
}

/** Direct children of every process: the server's process tree is read from /proc/<pid>/stat. */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces: the parent pid is the second field after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // Exited while being read.
    }
  }
  return children;
}

/** The larger of VmHWM and VmRSS in MiB, or null when the process is gone. */
function peakMiB(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    return Math.max(kib("VmHWM"), kib("VmRSS")) / 1024;
  } catch {
    return null;
  }
}

/**
 * Polls the memory of the server's process tree: the worker is any descendant whose
 * command line names `cli/main.ts` and `worker` (tsx's launcher and the Node process it
 * starts both do; the larger counts); the server is the largest other process of the tree
 * (`next start`, or the server process it runs).
 */
class RssPoller {
  serverMiB = 0;
  workerMiB: number | null = null;
  private readonly workerPids = new Set<number>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly rootPid: number) {
    this.poll();
    this.timer = setInterval(() => this.poll(), RSS_POLL_MS).unref();
  }

  poll(): void {
    const children = childrenByParent();
    const tree: number[] = [];
    for (let queue = [this.rootPid]; queue.length;) {
      const pid = queue.shift()!;
      tree.push(pid);
      queue = [...queue, ...(children.get(pid) ?? [])];
    }
    for (const pid of tree) {
      let cmdline: string;
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      } catch {
        continue;
      }
      const mib = peakMiB(pid);
      if (mib === null) continue;
      if (cmdline.includes("cli/main.ts") && /\bworker\b/.test(cmdline)) {
        this.workerPids.add(pid);
        this.workerMiB = Math.max(this.workerMiB ?? 0, mib);
      } else {
        this.serverMiB = Math.max(this.serverMiB, mib);
      }
    }
  }

  stop(): { serverMiB: number; workerMiB: number | null; workerPids: number } {
    clearInterval(this.timer);
    return {
      serverMiB: this.serverMiB,
      workerMiB: this.workerMiB,
      workerPids: this.workerPids.size,
    };
  }
}

/** POSTs the zip as multipart/form-data (field `bundle`), streamed from disk, on its own connection. */
function upload(
  url: string,
  zipPath: string,
  token: string,
): Promise<{ status: number; body: string }> {
  const boundary = `----seekboard-bench-${Date.now().toString(36)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="bundle"; filename="stall.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(zipPath).size + tail.length;
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(length),
        },
        timeout: 30 * 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer within 30 min")));
    req.on("error", (error) => reject(new Error(`the stall upload: ${error.message}`)));
    req.write(head);
    const file = createReadStream(zipPath);
    file.on("error", (error) => req.destroy(error));
    file.on("end", () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

async function getJson(url: string, token: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/**
 * A second team's uploads, one after another every SECOND_UPLOAD_MS until stopped: a one-record
 * MPW results file with the form's model, setting and benchmark, `?wait=0` (answered once the
 * job is queued: the per-token limit counted, the file spooled, the job row written).
 */
function startSecondTeam(baseUrl: string, token: string) {
  const ms: number[] = [];
  let sent = 0;
  let errors = 0;
  let firstError: string | null = null;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const scheduled = performance.now();
      const form = new FormData();
      form.set("benchmark", "mpw");
      form.set("model", `Seekboard bench second team ${sent} ${Date.now()}`);
      form.set("setting", "C");
      form.set("bundle", new Blob([SECOND_RECORD.replaceAll("\n", " ")]), "one.jsonl");
      sent += 1;
      try {
        const response = await fetch(`${baseUrl}/api/submissions?wait=0`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
          signal: AbortSignal.timeout(60_000),
        });
        const body = await response.text();
        if (response.status >= 200 && response.status < 300) ms.push(performance.now() - scheduled);
        else {
          errors += 1;
          firstError ??= `${response.status}: ${body.slice(0, 200)}`;
        }
      } catch (error) {
        errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
      const next = scheduled + SECOND_UPLOAD_MS - performance.now();
      if (next > 0 && !stopped) await new Promise((r) => setTimeout(r, next));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { timing: summarise(ms), sent, errors, firstError };
    },
  };
}

function dirBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
}

export async function measureStall(options: {
  cwd: string;
  port: number;
  /** The bench database: a SQLite file or a postgres:// URL. */
  database: string;
  workDir: string;
  samples: number;
  idleSeconds: number;
  urls: readonly StallUrl[];
  readyPath: string;
  log: (line: string) => void;
}): Promise<StallResults> {
  const { workDir, log } = options;
  // The bundle: the 10× ingest bundle's generator, under a model name of this run, so its hash is new and the upload a real ingest.
  const bundleDir = join(workDir, "stall-bundle");
  const zipPath = join(workDir, "stall.zip");
  const model = `Seekboard bench stall ${new Date().toISOString()}`;
  log(`stall: writing and zipping a ${options.samples.toLocaleString("en-US")}-sample bundle`);
  writeBenchBundle(bundleDir, benchTasks(options.samples), ingestSubmission());
  const manifestPath = join(bundleDir, "manifest.json");
  writeFileSync(
    manifestPath,
    `${JSON.stringify({ ...(JSON.parse(readFileSync(manifestPath, "utf8")) as object), model }, null, 2)}\n`,
  );
  const unpackedMiB = dirBytes(bundleDir) / 2 ** 20;
  execFileSync("zip", ["-q", "-X", zipPath, "manifest.json", "tasks.jsonl", "results.jsonl"], {
    cwd: bundleDir,
  });
  rmSync(bundleDir, { recursive: true, force: true });
  const zipMiB = statSync(zipPath).size / 2 ** 20;

  const before = await openDb(options.database);
  let token: { id: number; token: string };
  let second: { id: number; token: string };
  let maxTaskId: number;
  try {
    token = await issueUploadToken(before, TEAM);
    second = await issueUploadToken(before, SECOND_TEAM);
    maxTaskId = (await first(before.select({ n: max(tasks.id) }).from(tasks)))?.n ?? 0;
  } finally {
    await closeDb(before);
  }

  const MiB = 2 ** 20;
  const server = await startServer({
    cwd: options.cwd,
    port: options.port,
    database: options.database,
    logPath: join(workDir, "next-start-stall.log"),
    readyPath: options.readyPath,
    env: {
      SEEKBOARD_MAX_UPLOAD_BYTES: String(Math.max(200 * MiB, Math.ceil(zipMiB * 2) * MiB)),
      SEEKBOARD_MAX_UNPACKED_BYTES: String(Math.max(1024 * MiB, Math.ceil(unpackedMiB * 2) * MiB)),
      SEEKBOARD_MAX_FILES: "10000",
      SEEKBOARD_UPLOADS_PER_HOUR: "1000",
      SEEKBOARD_MAX_UNPACK_MS: String(30 * 60_000),
    },
  });
  const made: { jobId: number | null } = { jobId: null };
  let during: Ticked[] = [];
  const rss = new RssPoller(server.pid);
  try {
    for (const url of options.urls) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      let last: Answer | null = null;
      for (let i = 0; i < WARMUP; i++)
        last = await get(`${server.url}${url.path}`, agent, url.headers ?? {});
      agent.destroy();
      if (last!.status !== 200)
        throw new Error(`${url.name}: ${url.path} answered ${last!.status}`);
      url.check(last!.body);
    }
    log(`stall: idle baseline, ${options.idleSeconds} s`);
    const idleTicker = startTicker(server.url, options.urls);
    await new Promise((r) => setTimeout(r, options.idleSeconds * 1000));
    const idle = await idleTicker.stop();

    log(
      `stall: uploading ${zipMiB.toFixed(1)} MiB (${options.samples.toLocaleString("en-US")} samples), timing every ${TICK_MS} ms until the ingest ends`,
    );
    const ticker = startTicker(server.url, options.urls);
    const secondTeam = startSecondTeam(server.url, second.token);
    const uploadStarted = performance.now();
    let secondUploads: StallResults["secondTeam"] | null = null;
    const ingested = await uploadAndWait(server.url, zipPath, token.token, made).finally(() =>
      Promise.all([
        ticker.stop().then((t) => (during = t)),
        secondTeam.stop().then((t) => (secondUploads = t)),
      ]),
    );
    const memory = rss.stop();
    const { samples } = ingested;
    const uploadSeconds = (ingested.ended - uploadStarted) / 1000;
    if (samples !== options.samples)
      throw new Error(`the stall upload stored ${samples} samples, not ${options.samples}`);
    await server.stop();

    const db = await openDb(options.database);
    try {
      const job = z
        .object({ startedAt: z.string(), importStartedAt: z.string(), finishedAt: z.string() })
        .parse(
          await first(
            db
              .select({
                startedAt: uploadJobs.startedAt,
                importStartedAt: uploadJobs.importStartedAt,
                finishedAt: uploadJobs.finishedAt,
              })
              .from(uploadJobs)
              .where(eq(uploadJobs.id, made.jobId!))
              .limit(1),
          ),
        );
      const seconds = (Date.parse(job.finishedAt) - Date.parse(job.importStartedAt)) / 1000;
      const jobSeconds = (Date.parse(job.finishedAt) - Date.parse(job.startedAt)) / 1000;
      return {
        samples,
        zipMiB,
        unpackedMiB,
        idleSeconds: options.idleSeconds,
        uploadSeconds,
        urls: options.urls.map((url, i) => ({
          name: url.name,
          path: url.path,
          idle: summarise(idle[i].ms),
          upload: summarise(during[i].ms),
          sent: { idle: idle[i].sent, upload: during[i].sent },
          errors: {
            idle: idle[i].errors,
            upload: during[i].errors,
            first: idle[i].firstError ?? during[i].firstError,
          },
        })),
        secondTeam: secondUploads!,
        ingest: {
          seconds,
          samplesPerSecond: samples / seconds,
          jobSeconds,
          jobSamplesPerSecond: samples / jobSeconds,
        },
        rss: memory,
      };
    } finally {
      await closeDb(db);
    }
  } finally {
    rss.stop();
    await server.stop();
    rmSync(zipPath, { force: true });
    await removeUpload(options.database, { jobId: made.jobId, tokenId: token.id, maxTaskId });
    await removeUpload(options.database, { jobId: null, tokenId: second.id, maxTaskId });
  }
}

/** Leaves the bench database as it was: the probe's submission (its samples cascade), its job, the tasks it added, the bench's token. */
async function removeUpload(
  database: string,
  made: { jobId: number | null; tokenId: number; maxTaskId: number },
): Promise<void> {
  const db = await openDb(database);
  try {
    await withTx(db, async (tx) => {
      if (made.jobId !== null) await tx.delete(uploadJobs).where(eq(uploadJobs.id, made.jobId));
      await tx.delete(uploadJobs).where(eq(uploadJobs.uploaderTokenId, made.tokenId));
      // By its token: also a submission whose upload the probe did not see to its end.
      await tx.delete(submissions).where(eq(submissions.uploaderTokenId, made.tokenId));
      await tx
        .delete(tasks)
        .where(
          and(
            gt(tasks.id, made.maxTaskId),
            notInArray(tasks.id, tx.select({ id: samples.taskId }).from(samples)),
          ),
        );
    });
    // Outside the transaction: on PostgreSQL a failed statement would abort it.
    try {
      await db.delete(uploadTokens).where(eq(uploadTokens.id, made.tokenId));
    } catch {
      // Still named by a row the probe does not know (e.g. a job of a failed upload): revoked instead, so it opens nothing.
      await db
        .update(uploadTokens)
        .set({ revokedAt: new Date().toISOString() })
        .where(eq(uploadTokens.id, made.tokenId));
    }
    // SQLite's WAL folded back into the file; PostgreSQL's dead rows are autovacuum's.
    sqliteClientOf(db)?.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    await closeDb(db);
  }
}

/** Uploads with `?wait=0` and follows the job to its end. `made.jobId` is set as soon as it is known, for the clean-up. */
async function uploadAndWait(
  baseUrl: string,
  zipPath: string,
  token: string,
  made: { jobId: number | null },
): Promise<{ ended: number; samples: number }> {
  const answer = await upload(`${baseUrl}/api/submissions?wait=0`, zipPath, token);
  if (answer.status !== 202)
    throw new Error(
      `the stall upload answered ${answer.status}, not 202 (a 200 is a duplicate, which would not ingest): ${answer.body.slice(0, 500)}`,
    );
  const queued = queuedAnswer.parse(JSON.parse(answer.body));
  made.jobId = queued.jobId;
  for (;;) {
    await new Promise((r) => setTimeout(r, RSS_POLL_MS));
    const job = jobAnswer.parse(await getJson(`${baseUrl}${queued.statusUrl}`, token));
    if (job.state === "failed")
      throw new Error(
        `the stall upload's job ${queued.jobId} failed: ${JSON.stringify(job.errors).slice(0, 500)}`,
      );
    if (job.state === "done") {
      const ended = performance.now();
      if (!job.result) throw new Error(`job ${queued.jobId} is done without a result`);
      return { ended, samples: job.result.samples };
    }
  }
}
