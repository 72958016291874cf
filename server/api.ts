import "server-only";
import type { BundleErrorDetail } from "@/lib/import/errors";

/** A JSON error answer: `{"error": message}`. */
export function errorResponse(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: message }, { status, headers });
}

/** 400 for an invalid bundle or request: every problem, each with its file, line and field. */
export function invalidResponse(errors: BundleErrorDetail[]): Response {
  return Response.json({ errors }, { status: 400 });
}

export function unauthorizedResponse(message: string): Response {
  return errorResponse(401, message, { "WWW-Authenticate": 'Bearer realm="seekboard"' });
}

/** A positive whole-number id from a route segment, or null. */
export function routeId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}
