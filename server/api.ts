import "server-only";
import type { z } from "zod";
import { detailsFromZod, type BundleErrorDetail } from "@/lib/import/errors";

/** A JSON error answer: `{"error": message}`. */
export function errorResponse(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ error: message }, { status, headers });
}

/**
 * 400 for an invalid bundle or request: every problem, each with its file, line and field;
 * an upload's answer also says how many more were found past the listed ones.
 */
export function invalidResponse(errors: BundleErrorDetail[], moreErrors?: number): Response {
  return Response.json(moreErrors === undefined ? { errors } : { errors, moreErrors }, {
    status: 400,
  });
}

export function unauthorizedResponse(message: string): Response {
  return errorResponse(401, message, { "WWW-Authenticate": 'Bearer realm="seekboard"' });
}

/** A positive whole-number id from a route segment, or null. */
export function routeId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

/** The admin API's small JSON bodies ({"reason"}, {"team"}) are refused past this. */
const MAX_JSON_BODY_BYTES = 16 * 1024;

/**
 * A small JSON request body validated with `schema` (an empty body reads as `{}`): its data,
 * or the answer to send — 413 past 16 KiB, 400 naming the field. `example` shows the
 * expected body in the error for one that is not JSON.
 */
export async function jsonBody<T>(
  request: Request,
  schema: z.ZodType<T>,
  example: string,
): Promise<{ data: T } | Response> {
  const tooLarge = () => errorResponse(413, `the body is larger than ${MAX_JSON_BODY_BYTES} bytes`);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_JSON_BODY_BYTES) return tooLarge();
  const text = await request.text();
  if (text.length > MAX_JSON_BODY_BYTES) return tooLarge();
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      return invalidResponse([
        {
          file: "request",
          line: null,
          field: null,
          message: `the body is not JSON; send ${example}`,
        },
      ]);
    }
  }
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { data: parsed.data }
    : invalidResponse(detailsFromZod("request", null, parsed.error, [], { schema, input: body }));
}
