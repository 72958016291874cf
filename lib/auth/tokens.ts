import "server-only";
/**
 * Per-team upload tokens: `sb_` + 32 random bytes (base64url). Only the SHA-256 hex
 * of a token is stored; the token itself is shown once, when the admin issues it.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export const UPLOAD_TOKEN_PREFIX = "sb_";

/** The team a token is issued to, as the admin page, the CLI and the API take it. */
export const teamNameSchema = z
  .string()
  .trim()
  .min(1, "name the team")
  .max(80, "at most 80 characters");

export function generateUploadToken(): string {
  return UPLOAD_TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export function hashUploadToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Constant-time equality of two secrets of any length (compared through their SHA-256). */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(
    createHash("sha256").update(a).digest(),
    createHash("sha256").update(b).digest(),
  );
}

/** Constant-time equality of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer[ \t]+([\x21-\x7e]{1,512})[ \t]*$/i.exec(header ?? "");
  return match ? match[1] : null;
}
