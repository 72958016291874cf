import "server-only";
/**
 * Browser sessions kept on the server (db/sessions.ts): the cookie holds a random id and
 * the database only its SHA-256, so a copied database grants no session and revoking the
 * row (logging out) ends the session wherever its cookie was copied to.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";

export const ADMIN_SESSION_SECONDS = 12 * 60 * 60;

/** 32 random bytes, base64url: what the session cookie holds. */
export function generateSessionId(): string {
  return randomBytes(32).toString("base64url");
}

/** Whether `value` can be a session id at all (garbage is refused without a database read). */
export function isSessionIdShape(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id, "utf8").digest("hex");
}

/**
 * What an admin session stores of the admin token it was opened under: an HMAC keyed by the
 * token, never the token. A session whose fingerprint is not the current token's has ended,
 * so changing SEEKBOARD_ADMIN_TOKEN ends every admin session.
 */
export function adminTokenFingerprint(adminToken: string): string {
  return createHmac("sha256", adminToken).update("seekboard admin session v2").digest("hex");
}
