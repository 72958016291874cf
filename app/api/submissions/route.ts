import { rmSync } from "node:fs";
import { join } from "node:path";
import { errorResponse, invalidResponse, unauthorizedResponse } from "@/server/api";
import {
  checkAdminToken,
  isHttpsRequest,
  requestClient,
  uploaderCookieHeader,
} from "@/server/auth";
import { getDb, withTx, type Db } from "@/db/client";
import {
  enqueueUpload,
  getUploadJob,
  isRetryLater,
  newSpoolDir,
  RETRY_LATER_SECONDS,
  SPOOLED_FILE,
  type UploadJobView,
} from "@/db/jobs/upload-jobs";
import { spoolRoot } from "@/db/jobs/worker";
import { findActiveUploadToken } from "@/db/queries/upload-tokens";
import { bearerToken, hashUploadToken } from "@/lib/auth/tokens";
import type { JobAccepted } from "@/lib/submit/job-follow";
import { submitConfigFromEnv, uploadWaitMsFromEnv } from "@/lib/submit/config";
import {
  DEFAULT_FIELD_LIMITS,
  MalformedUploadError,
  multipartBoundary,
  receiveMultipart,
  UploadTooLargeError,
} from "@/lib/submit/multipart";
import { attemptWithinLimit, limitVerdict } from "@/db/limits";

const HOUR_MS = 60 * 60 * 1000;

function tooLarge(limit: number): Response {
  return errorResponse(
    413,
    `the upload is larger than the limit of ${limit} bytes (SEEKBOARD_MAX_UPLOAD_BYTES)`,
  );
}

/** How often a waiting upload looks at its job: one indexed read. */
const POLL_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer of a job that ended: what the upload would have answered had it imported in the request. */
function endedJobResponse(job: UploadJobView, headers: Record<string, string>): Response {
  if (job.state === "done") {
    if (!job.result) throw new Error(`upload job ${job.id} is done without its answer`);
    if (job.result.duplicate) return Response.json(job.result, { status: 200, headers });
    return Response.json(job.result, {
      status: 201,
      headers: { ...headers, Location: job.result.url },
    });
  }
  const errors = job.errors ?? [];
  // The server ran out of room: the same upload may well succeed later.
  if (isRetryLater(errors))
    return errorResponse(503, errors.map((detail) => detail.message).join("; "), {
      ...headers,
      "Retry-After": String(RETRY_LATER_SECONDS),
    });
  // A failure of the server's own (the worker died, the file vanished) is no fault of the bundle's.
  if (errors.length && errors.every((detail) => detail.file === "server"))
    return errorResponse(500, errors.map((detail) => detail.message).join("; "), headers);
  return Response.json({ errors, moreErrors: job.moreErrors }, { status: 400, headers });
}

/**
 * POST /api/submissions[?wait=<ms>] — multipart/form-data with the bundle (.zip, .tar.gz or an
 * MPW .jsonl) in the field `bundle`, and optional fields benchmark, model, agent,
 * setting; `Authorization: Bearer <team token>`. The file is received to disk and queued
 * for the worker; the request waits for the import up to `wait` ms (at most, and by
 * default, SEEKBOARD_UPLOAD_WAIT_MS):
 *   201 {"id", "status": "pending", …preview}   a new submission, awaiting moderation
 *   200 {"id", "duplicate": true, …preview}     this team already sent this bundle
 *   400 {"errors": [{"file", "line", "field", "message"}], "moreErrors": n}   nothing imported (also: another team's copy); at most 100 errors, n more found past them
 *   202 {"jobId", "statusUrl", "state", "progress"}   still importing: follow GET /api/jobs/{id}
 *   503 the server ran out of room (disk, file handles) importing it: upload again after Retry-After
 *   401 no or unknown/revoked token (a guess at the admin token: counted, 429 past the limit) · 403 the admin token
 *   413 over SEEKBOARD_MAX_UPLOAD_BYTES · 429 over SEEKBOARD_UPLOADS_PER_HOUR (Retry-After)
 */
export async function POST(request: Request): Promise<Response> {
  const config = submitConfigFromEnv();
  const token = bearerToken(request.headers.get("authorization"));
  if (!token)
    return unauthorizedResponse("an upload token is required: Authorization: Bearer <token>");
  const db = await getDb();
  const tokenHash = hashUploadToken(token);
  const uploader = await findActiveUploadToken(db, tokenHash);
  if (!uploader) {
    // No team's token: a guess at the admin token, counted as the login form's are (else this
    // answer's 403 / 401 would test guesses without limit).
    const checked = await checkAdminToken(requestClient(request.headers), token);
    if (checked.ok)
      return errorResponse(
        403,
        "uploads belong to a team: issue a team upload token in /admin and upload with it",
      );
    if (checked.retryAfterSeconds !== null)
      return errorResponse(
        429,
        `too many wrong tokens; try again in ${checked.retryAfterSeconds} s`,
        { "Retry-After": String(checked.retryAfterSeconds) },
      );
    return unauthorizedResponse("the upload token is not valid (unknown or revoked)");
  }
  const waitParam = new URL(request.url).searchParams.get("wait");
  if (waitParam !== null && !/^\d{1,9}$/.test(waitParam)) {
    return invalidResponse(
      [
        {
          file: "request",
          line: null,
          field: "wait",
          message: "wait is a whole number of milliseconds",
        },
      ],
      0,
    );
  }
  const waitMs = Math.min(waitParam === null ? Infinity : Number(waitParam), uploadWaitMsFromEnv());

  // Each upload counts against its token's hourly limit. Checked first by a read, so that an
  // upload over the limit is refused before its body is received; counted with the job's
  // queuing, in its one transaction: a request waits for the write lock once.
  const overLimit = (verdict: { retryAfterSeconds: number }) =>
    errorResponse(
      429,
      `more than ${config.uploadsPerHour} uploads in an hour with this token; try again in ${verdict.retryAfterSeconds} s`,
      { "Retry-After": String(verdict.retryAfterSeconds) },
    );
  const countUpload = (tx: Db) =>
    attemptWithinLimit(tx, "upload", String(uploader.id), config.uploadsPerHour, HOUR_MS);
  const early = await limitVerdict(
    db,
    "upload",
    String(uploader.id),
    config.uploadsPerHour,
    HOUR_MS,
  );
  if (!early.allowed) return overLimit(early);
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > config.maxUploadBytes)
    return tooLarge(config.maxUploadBytes);
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary || !request.body) {
    return invalidResponse(
      [
        {
          file: "request",
          line: null,
          field: null,
          message: 'send the bundle as multipart/form-data, in the field "bundle"',
        },
      ],
      0,
    );
  }

  // Named after this host: with several instances, the worker that can see the file takes the job.
  const dir = newSpoolDir(spoolRoot());
  let queued: { jobId: number } | { allowed: false; retryAfterSeconds: number };
  try {
    const received = await receiveMultipart(
      request.body,
      boundary,
      "bundle",
      join(dir, SPOOLED_FILE),
      {
        maxBodyBytes: config.maxUploadBytes,
        ...DEFAULT_FIELD_LIMITS,
      },
    ).catch(async (error: unknown) => {
      // A body received and refused counts as an upload all the same.
      await withTx(db, countUpload);
      throw error;
    });
    if (!received.file) {
      rmSync(dir, { recursive: true, force: true });
      await withTx(db, countUpload);
      return invalidResponse(
        [
          {
            file: "request",
            line: null,
            field: "bundle",
            message: 'no file in the field "bundle"',
          },
        ],
        0,
      );
    }
    const { maxUnpackedBytes, maxFiles, maxUnpackMs, maxImportMs, maxLineBytes } = config;
    const upload = {
      uploaderTokenId: uploader.id,
      spoolDir: dir,
      fileName: received.file.fileName,
      fields: received.fields,
      limits: { maxUnpackedBytes, maxFiles, maxUnpackMs, maxImportMs, maxLineBytes },
    };
    queued = await withTx(db, async (tx) => {
      const verdict = await countUpload(tx);
      return verdict.allowed ? { jobId: await enqueueUpload(tx, upload) } : verdict;
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    if (error instanceof UploadTooLargeError) return tooLarge(error.limit);
    if (error instanceof MalformedUploadError)
      return invalidResponse(
        [{ file: "request", line: null, field: error.field, message: error.message }],
        0,
      );
    throw error;
  }
  // Another upload with the token took the hour's last one while this one was received.
  if (!("jobId" in queued)) {
    rmSync(dir, { recursive: true, force: true });
    return overLimit(queued);
  }
  const { jobId } = queued;

  const headers = { "Set-Cookie": uploaderCookieHeader(tokenHash, isHttpsRequest(request)) };
  const deadline = Date.now() + waitMs;
  for (;;) {
    const job = await getUploadJob(db, jobId);
    if (!job) throw new Error(`upload job ${jobId} vanished`);
    if (job.state !== "queued" && job.state !== "running") return endedJobResponse(job, headers);
    if (Date.now() >= deadline) {
      const statusUrl = `/api/jobs/${jobId}`;
      const accepted: JobAccepted = { jobId, statusUrl, state: job.state, progress: job.progress };
      return Response.json(accepted, { status: 202, headers: { ...headers, Location: statusUrl } });
    }
    await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
  }
}
