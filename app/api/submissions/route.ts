import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorResponse, invalidResponse, unauthorizedResponse } from "@/server/api";
import { adminToken, isHttpsRequest, uploaderCookieHeader } from "@/server/auth";
import { getDb } from "@/db/client";
import { ingestUpload } from "@/db/ingest-upload";
import { benchmarkIdOf } from "@/db/benchmark-id";
import { submissionChecks } from "@/db/queries/standing";
import { getSubmissionPreview } from "@/db/queries/moderation";
import { findActiveUploadToken } from "@/db/queries/upload-tokens";
import { touchUploadToken } from "@/db/upload-tokens";
import { bearerToken, hashUploadToken, secretsEqual } from "@/lib/auth/tokens";
import { BundleError } from "@/lib/import/errors";
import type { SubmissionAnswer } from "@/lib/submit/answer";
import { submitConfigFromEnv } from "@/lib/submit/config";
import { DEFAULT_FIELD_LIMITS, MalformedUploadError, multipartBoundary, receiveMultipart, UploadTooLargeError } from "@/lib/submit/multipart";
import { SlidingWindowLimiter } from "@/lib/submit/rate-limit";

const HOUR_MS = 60 * 60 * 1000;
const uploadLimiter = new SlidingWindowLimiter(HOUR_MS);

function tooLarge(limit: number): Response {
  return errorResponse(413, `the upload is larger than the limit of ${limit} bytes (SEEKBOARD_MAX_UPLOAD_BYTES)`);
}

/**
 * POST /api/submissions — multipart/form-data with the bundle (.zip, .tar.gz or an
 * MPW .jsonl) in the field `bundle`, and optional fields benchmark, model, agent,
 * setting; `Authorization: Bearer <team token>`.
 *   201 {"id", "status": "pending", …preview}   a new submission, awaiting moderation
 *   200 {"id", "duplicate": true, …preview}     this bundle was already received
 *   400 {"errors": [{"file", "line", "field", "message"}]}   nothing imported
 *   401 no or unknown/revoked token · 403 the admin token (uploads belong to a team)
 *   413 over SEEKBOARD_MAX_UPLOAD_BYTES · 429 over SEEKBOARD_UPLOADS_PER_HOUR (Retry-After)
 */
export async function POST(request: Request): Promise<Response> {
  const config = submitConfigFromEnv();
  const token = bearerToken(request.headers.get("authorization"));
  if (!token) return unauthorizedResponse("an upload token is required: Authorization: Bearer <token>");
  const db = getDb();
  const tokenHash = hashUploadToken(token);
  const uploader = findActiveUploadToken(db, tokenHash);
  if (!uploader) {
    const admin = adminToken();
    if (admin !== null && secretsEqual(token, admin)) return errorResponse(403, "uploads belong to a team: issue a team upload token in /admin and upload with it");
    return unauthorizedResponse("the upload token is not valid (unknown or revoked)");
  }

  const allowed = uploadLimiter.attempt(String(uploader.id), config.uploadsPerHour);
  if (!allowed.allowed) {
    return errorResponse(429, `more than ${config.uploadsPerHour} uploads in an hour with this token; try again in ${allowed.retryAfterSeconds} s`, {
      "Retry-After": String(allowed.retryAfterSeconds),
    });
  }
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > config.maxUploadBytes) return tooLarge(config.maxUploadBytes);
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary || !request.body) {
    return invalidResponse([{ file: "request", line: null, field: null, message: 'send the bundle as multipart/form-data, in the field "bundle"' }]);
  }

  const dir = mkdtempSync(join(tmpdir(), "seekboard-upload-"));
  try {
    const received = await receiveMultipart(request.body, boundary, "bundle", join(dir, "upload"), {
      maxBodyBytes: config.maxUploadBytes,
      ...DEFAULT_FIELD_LIMITS,
    });
    if (!received.file) return invalidResponse([{ file: "request", line: null, field: "bundle", message: 'no file in the field "bundle"' }]);
    const result = await ingestUpload(
      db,
      { dir, path: received.file.path, fileName: received.file.fileName, fields: received.fields },
      { uploaderTokenId: uploader.id, limits: { maxUnpackedBytes: config.maxUnpackedBytes, maxFiles: config.maxFiles, maxUnpackMs: config.maxUnpackMs }, maxLineBytes: config.maxLineBytes },
    );
    touchUploadToken(db, uploader.id);
    const preview = getSubmissionPreview(db, result.submissionId);
    if (!preview) throw new Error(`submission ${result.submissionId} vanished after its import`);
    // The team and moderation notes stay out: a duplicate may be another team's submission.
    const { id, status, benchmark, model, agent, setting, samples, tasks, metrics } = preview;
    const url = `/s/${id}`;
    const cookie = uploaderCookieHeader(tokenHash, isHttpsRequest(request));
    const answer: SubmissionAnswer = { id, status, duplicate: result.duplicate, benchmark, model, agent, setting, samples, tasks, metrics, url, ...submissionChecks(db, benchmarkIdOf(benchmark), id) };
    if (result.duplicate) return Response.json(answer, { status: 200, headers: { "Set-Cookie": cookie } });
    return Response.json(answer, { status: 201, headers: { "Set-Cookie": cookie, Location: url } });
  } catch (error) {
    if (error instanceof UploadTooLargeError) return tooLarge(error.limit);
    if (error instanceof MalformedUploadError) return invalidResponse([{ file: "request", line: null, field: error.field, message: error.message }]);
    if (error instanceof BundleError) return invalidResponse(error.details);
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
