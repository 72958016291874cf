/**
 * `cli submit`: uploads a bundle to a remote Seekboard through its API, streaming the
 * file from disk (a directory bundle is packed into a temporary .tar.gz first), and
 * follows a 202 (the import outlived the request) to the job's end.
 */
import { mkdtempSync, openAsBlob, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import * as tar from "tar";
import { invalidAnswerSchema, type ErrorDetail } from "../lib/submit/answer";
import {
  jobAcceptedSchema,
  jobStatusSchema,
  type JobAccepted,
  type JobStatus,
} from "../lib/submit/job-follow";

export interface SubmitRequest {
  bundle: string;
  url: string;
  token: string;
  /** Form fields that set or correct the manifest's values. */
  fields: Record<string, string | undefined>;
  /** Follow a 202 to the job's end; false answers the 202's body itself (`--no-wait`). */
  wait: boolean;
  /** Shown the job's state on each poll while following; ended before the answer. */
  progress?: JobReporter;
  follow?: Partial<FollowOptions>;
}

export interface JobReporter {
  started(job: JobAccepted, statusUrl: URL): void;
  update(job: Pick<JobStatus, "id" | "state" | "progress">): void;
  end(): void;
}

export interface FollowOptions {
  /** Between polls while the job answers. */
  intervalMs: number;
  /** The longest wait between polls after failures (5xx, 429, the connection). */
  maxBackoffMs: number;
  /** How long polls may fail in a row before giving up. */
  outageMs: number;
  /** The whole wait for the job, after which we give up (the job itself goes on). */
  timeoutMs: number;
}

export const FOLLOW_DEFAULTS: FollowOptions = {
  intervalMs: 1000,
  maxBackoffMs: 30_000,
  outageMs: 5 * 60_000,
  timeoutMs: 6 * 60 * 60_000,
};

/** The server refused the upload; `errors` (and how many more past them) when it was an invalid bundle (400). */
export class RemoteError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ErrorDetail[] | null,
    readonly moreErrors = 0,
  ) {
    super(message);
    this.name = "RemoteError";
  }
}

/** The API endpoint under a site's base URL (which may itself sit under a path). */
export function submissionsEndpoint(base: string): URL {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`--url must be an http(s) URL, got "${base}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`--url must be an http(s) URL, got "${base}"`);
  return new URL("api/submissions", url.href.endsWith("/") ? url.href : `${url.href}/`);
}

/**
 * The job's status URL on the site the upload went to. The server names it as an absolute
 * path ("/api/jobs/7") in its own terms, but the site may sit under a path prefix that a
 * proxy strips ("https://host/seekboard/"): a path that does not already start with that
 * prefix is taken as relative to it, so it goes where the upload went. It always stays on
 * the upload's origin (the schema refuses "//host"), so the token goes nowhere else.
 */
export function statusUrlOf(endpoint: URL, statusUrl: string): URL {
  const prefix = endpoint.pathname.slice(0, endpoint.pathname.length - "api/submissions".length);
  return new URL(
    statusUrl.startsWith(prefix) ? statusUrl : `${prefix}${statusUrl.slice(1)}`,
    endpoint.origin,
  );
}

function connectionMessage(error: unknown): string {
  return (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls a job until it is done (answers its result, the 201/200 body) or failed (throws
 * RemoteError with its errors). Failed polls back off, doubling up to a bound; a job gone
 * quiet or one that takes too long is given up with its status URL, where it can be found.
 */
export async function followJob(
  statusUrl: URL,
  token: string,
  reporter: JobReporter | undefined,
  options: Partial<FollowOptions> = {},
): Promise<unknown> {
  const { intervalMs, maxBackoffMs, outageMs, timeoutMs } = { ...FOLLOW_DEFAULTS, ...options };
  const started = Date.now();
  let failingSince: number | null = null;
  let backoff = intervalMs;
  for (;;) {
    let problem: string | null = null;
    let retryAfterMs = 0;
    let response: Response | null = null;
    let text = "";
    try {
      response = await fetch(statusUrl, { headers: { Authorization: `Bearer ${token}` } });
      text = await response.text();
    } catch (error) {
      problem = connectionMessage(error);
    }
    if (response && (response.status >= 500 || response.status === 429)) {
      problem = `HTTP ${response.status}`;
      retryAfterMs = Number(response.headers.get("retry-after")) * 1000 || 0;
    }
    if (problem === null && response) {
      const job = parseJob(response.status, statusUrl, text);
      reporter?.update(job);
      if (job.state === "done") return job.result;
      if (job.state === "failed") {
        if (job.errors && job.errors.length > 0)
          throw new RemoteError(
            response.status,
            `job ${job.id} failed: the bundle was refused (${statusUrl.href})`,
            job.errors,
            job.moreErrors,
          );
        throw new RemoteError(
          response.status,
          `job ${job.id} failed without saying why (${statusUrl.href})`,
          null,
        );
      }
      if (Date.now() - started >= timeoutMs)
        throw new Error(
          `gave up waiting for job ${job.id} after ${duration(timeoutMs)}, still ${job.state}; it goes on: its status is at ${statusUrl.href}`,
        );
      failingSince = null;
      backoff = intervalMs;
      await sleep(intervalMs);
      continue;
    }
    failingSince ??= Date.now();
    if (Date.now() - failingSince >= outageMs || Date.now() - started >= timeoutMs) {
      throw new Error(
        `gave up polling the job after ${duration(Date.now() - failingSince)} of failures (last: ${problem}); it may still finish: its status is at ${statusUrl.href}`,
      );
    }
    await sleep(Math.min(Math.max(backoff, retryAfterMs), maxBackoffMs));
    backoff = Math.min(backoff * 2, maxBackoffMs);
  }
}

function parseJob(status: number, statusUrl: URL, text: string): JobStatus {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RemoteError(
      status,
      `HTTP ${status} from ${statusUrl.href}, not JSON: ${text.slice(0, 200)}`,
      null,
    );
  }
  if (status !== 200)
    throw new RemoteError(
      status,
      `HTTP ${status} from ${statusUrl.href}: ${(json as { error?: string }).error ?? text.slice(0, 200)}`,
      null,
    );
  const job = jobStatusSchema.safeParse(json);
  if (!job.success)
    throw new RemoteError(
      status,
      `${statusUrl.href} answered a job this client does not understand: ${job.error.issues[0].message} at ${job.error.issues[0].path.join(".")}`,
      null,
    );
  return job.data;
}

function duration(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 2 * 3600_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3600_000)} h`;
}

export async function submitToRemote(request: SubmitRequest): Promise<unknown> {
  const endpoint = submissionsEndpoint(request.url);
  const packed = statSync(request.bundle).isDirectory()
    ? mkdtempSync(join(tmpdir(), "seekboard-submit-"))
    : null;
  try {
    let path = request.bundle;
    if (packed) {
      path = join(packed, `${basename(request.bundle) || "bundle"}.tar.gz`);
      await tar.c(
        { gzip: true, file: path, cwd: request.bundle, portable: true },
        readdirSync(request.bundle),
      );
    }
    const body = new FormData();
    for (const [key, value] of Object.entries(request.fields))
      if (value !== undefined) body.append(key, value);
    body.append("bundle", await openAsBlob(path), basename(path));
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${request.token}` },
        body,
      });
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      throw new Error(`could not upload to ${endpoint.href}: ${cause ?? (error as Error).message}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RemoteError(
        response.status,
        `HTTP ${response.status} from ${endpoint.href}, not JSON: ${text.slice(0, 200)}`,
        null,
      );
    }
    if (response.status === 202) {
      const accepted = jobAcceptedSchema.safeParse(json);
      if (!accepted.success)
        throw new RemoteError(
          202,
          `HTTP 202 from ${endpoint.href} without a job to follow: ${text.slice(0, 200)}`,
          null,
        );
      if (!request.wait) return json;
      const statusUrl = statusUrlOf(endpoint, accepted.data.statusUrl);
      request.progress?.started(accepted.data, statusUrl);
      try {
        return await followJob(statusUrl, request.token, request.progress, request.follow);
      } finally {
        request.progress?.end();
      }
    }
    if (response.ok) return json;
    const invalid = invalidAnswerSchema.safeParse(json);
    if (invalid.success)
      throw new RemoteError(
        response.status,
        `HTTP ${response.status}: the bundle was refused`,
        invalid.data.errors,
        invalid.data.moreErrors,
      );
    throw new RemoteError(
      response.status,
      `HTTP ${response.status}: ${(json as { error?: string }).error ?? text.slice(0, 200)}`,
      null,
    );
  } finally {
    if (packed) rmSync(packed, { recursive: true, force: true });
  }
}
