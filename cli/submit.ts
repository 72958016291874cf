/**
 * `cli submit`: uploads a bundle to a remote Seekboard through its API, streaming the
 * file from disk (a directory bundle is packed into a temporary .tar.gz first).
 */
import { mkdtempSync, openAsBlob, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import * as tar from "tar";
import type { ErrorDetail } from "../lib/submit/answer";

export interface SubmitRequest {
  bundle: string;
  url: string;
  token: string;
  /** Form fields that set or correct the manifest's values. */
  fields: Record<string, string | undefined>;
}

/** The server refused the upload; `errors` when it was an invalid bundle (400). */
export class RemoteError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ErrorDetail[] | null,
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
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`--url must be an http(s) URL, got "${base}"`);
  return new URL("api/submissions", url.href.endsWith("/") ? url.href : `${url.href}/`);
}

export async function submitToRemote(request: SubmitRequest): Promise<unknown> {
  const endpoint = submissionsEndpoint(request.url);
  const packed = statSync(request.bundle).isDirectory() ? mkdtempSync(join(tmpdir(), "seekboard-submit-")) : null;
  try {
    let path = request.bundle;
    if (packed) {
      path = join(packed, `${basename(request.bundle) || "bundle"}.tar.gz`);
      await tar.c({ gzip: true, file: path, cwd: request.bundle, portable: true }, readdirSync(request.bundle));
    }
    const body = new FormData();
    for (const [key, value] of Object.entries(request.fields)) if (value !== undefined) body.append(key, value);
    body.append("bundle", await openAsBlob(path), basename(path));
    let response: Response;
    try {
      response = await fetch(endpoint, { method: "POST", headers: { Authorization: `Bearer ${request.token}` }, body });
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      throw new Error(`could not upload to ${endpoint.href}: ${cause ?? (error as Error).message}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RemoteError(response.status, `HTTP ${response.status} from ${endpoint.href}, not JSON: ${text.slice(0, 200)}`, null);
    }
    if (response.ok) return json;
    const errors = (json as { errors?: ErrorDetail[] }).errors;
    if (Array.isArray(errors)) throw new RemoteError(response.status, `HTTP ${response.status}: the bundle was refused`, errors);
    throw new RemoteError(response.status, `HTTP ${response.status}: ${(json as { error?: string }).error ?? text.slice(0, 200)}`, null);
  } finally {
    if (packed) rmSync(packed, { recursive: true, force: true });
  }
}
