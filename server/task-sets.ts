import "server-only";
/**
 * Registering a benchmark version's canonical task set from its official task file: an API
 * route (POST /api/admin/task-sets), not a server action, because the file can be up to
 * MAX_TASK_FILE_BYTES and every server action keeps Next's 1 MB body limit. The body is
 * counted as it streams to a temporary file and refused past the limit before it is all read.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { getDb } from "@/db/client";
import { registerCanonicalTasks } from "@/db/canonical-tasks";
import { BENCHMARK_IDS, BENCHMARKS, type BenchmarkId } from "@/lib/benchmarks/registry";
import {
  MAX_TASK_FILE_BYTES,
  parseTaskFile,
  taskFileSource,
  TaskFileError,
} from "@/lib/standing/task-file";
import {
  DEFAULT_FIELD_LIMITS,
  MalformedUploadError,
  multipartBoundary,
  receiveMultipart,
  UploadTooLargeError,
} from "@/lib/submit/multipart";
import { errorResponse, unauthorizedResponse } from "./api";
import { adminBearerRefusal, isAdminSessionRequest } from "./auth";
import { publicDataChanged } from "./public-pages";

export const taskSetSchema = z.object({
  benchmark: z.enum(BENCHMARK_IDS, { error: "choose a benchmark" }),
  version: z
    .string()
    .trim()
    .min(1, "name the benchmark version")
    .max(100, "at most 100 characters"),
});

/** What a registered task set answers (201). */
export interface TaskSetRegistered {
  benchmark: BenchmarkId;
  version: string;
  tasks: number;
  replaced: number;
  source: string;
}

/** The task file and its form's fields, with room for the multipart framing. */
const MAX_BODY_BYTES = MAX_TASK_FILE_BYTES + 64 * 1024;

export const NOT_ADMIN_MESSAGE = "your admin session has ended; log in again";

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

const badRequest = (message: string) => errorResponse(400, message);

/**
 * A request from the admin page's own origin: the session cookie is SameSite=Strict, which
 * keeps other sites out, and this keeps out other origins of the same site (as Next does for
 * server actions, by the host the browser asked for).
 */
function fromOwnOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (origin === null || host === null) return false;
  try {
    return new URL(origin).host === host.split(",")[0].trim();
  } catch {
    return false;
  }
}

/** Null when the admin asks (a Bearer admin token, or the admin page's session); else the answer. */
async function adminRefusal(request: Request): Promise<Response | null> {
  if (request.headers.has("authorization")) return adminBearerRefusal(request);
  if (fromOwnOrigin(request) && (await isAdminSessionRequest(request))) return null;
  return unauthorizedResponse(NOT_ADMIN_MESSAGE);
}

/**
 * POST /api/admin/task-sets — multipart/form-data with the fields `benchmark` and `version`
 * and the task file in `file`; the admin's session cookie (same origin) or
 * `Authorization: Bearer <SEEKBOARD_ADMIN_TOKEN>`. Replaces the version's registered set:
 *   201 {"benchmark", "version", "tasks", "replaced", "source"}
 *   400 {"error"} naming the field, or the file and line · 401 not the admin
 *   413 a body over the task file's limit · 429 too many wrong admin tokens (Retry-After)
 */
export async function registerTaskSetRoute(request: Request): Promise<Response> {
  const refused = await adminRefusal(request);
  if (refused) return refused;
  const tooLarge = () =>
    errorResponse(413, `the task file is larger than ${MAX_TASK_FILE_BYTES} bytes`);
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > MAX_BODY_BYTES) return tooLarge();
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary || !request.body)
    return badRequest('send multipart/form-data with the task file in the field "file"');
  const dir = mkdtempSync(join(tmpdir(), "seekboard-task-set-"));
  try {
    let received;
    try {
      received = await receiveMultipart(request.body, boundary, "file", join(dir, "tasks"), {
        maxBodyBytes: MAX_BODY_BYTES,
        ...DEFAULT_FIELD_LIMITS,
      });
    } catch (error) {
      if (error instanceof UploadTooLargeError) return tooLarge();
      if (error instanceof MalformedUploadError) return badRequest(error.message);
      throw error;
    }
    const parsed = taskSetSchema.safeParse({
      benchmark: received.fields.benchmark,
      version: received.fields.version ?? "",
    });
    if (!parsed.success) return badRequest(firstIssue(parsed.error));
    const { file } = received;
    // A form sent with no file chosen carries an empty, unnamed one.
    if (!file || (file.fileName === "" && file.bytes === 0))
      return badRequest("choose the task file");
    const source = taskFileSource(file.fileName);
    if (file.bytes > MAX_TASK_FILE_BYTES)
      return errorResponse(413, `${source}: the file is larger than ${MAX_TASK_FILE_BYTES} bytes`);
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(readFileSync(file.path));
    } catch {
      return badRequest(`${source}: not valid UTF-8`);
    }
    const { benchmark, version } = parsed.data;
    let tasks;
    try {
      tasks = parseTaskFile(BENCHMARKS[benchmark], text, source).tasks;
    } catch (error) {
      if (error instanceof TaskFileError) return badRequest(error.message);
      throw error;
    }
    const counts = await registerCanonicalTasks(await getDb(), benchmark, version, tasks, source);
    // Coverage, and so ranks, are measured against the set: every public board may change.
    await publicDataChanged();
    const registered: TaskSetRegistered = {
      benchmark,
      version,
      tasks: counts.tasks,
      replaced: counts.replaced,
      source,
    };
    return Response.json(registered, { status: 201 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
