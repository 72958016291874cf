import "server-only";
/**
 * The admin's browser session: a cookie holding an expiry and an HMAC over it, keyed
 * by a key derived from SEEKBOARD_ADMIN_TOKEN. No secret sits in the cookie, and
 * changing the admin token ends every session.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const ADMIN_SESSION_SECONDS = 12 * 60 * 60;

function sessionKey(adminToken: string): Buffer {
  return createHmac("sha256", adminToken).update("seekboard admin session v1").digest();
}

function mac(adminToken: string, payload: string): Buffer {
  return createHmac("sha256", sessionKey(adminToken)).update(payload).digest();
}

/** A session value `admin.<expiresAtSeconds>.<mac>` valid for ADMIN_SESSION_SECONDS from `now`. */
export function signAdminSession(adminToken: string, now: Date = new Date()): string {
  const payload = `admin.${Math.floor(now.getTime() / 1000) + ADMIN_SESSION_SECONDS}`;
  return `${payload}.${mac(adminToken, payload).toString("base64url")}`;
}

export function verifyAdminSession(
  adminToken: string,
  value: string | undefined,
  now: Date = new Date(),
): boolean {
  const match = /^(admin\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(value ?? "");
  if (!match) return false;
  const [, payload, expires, signature] = match;
  if (Number(expires) * 1000 <= now.getTime()) return false;
  return timingSafeEqual(Buffer.from(signature, "base64url"), mac(adminToken, payload));
}
