import "server-only";
/**
 * Who is asking: the admin (a signed session cookie, or the admin token as a Bearer
 * header on the API) and the team that uploaded (its token as a Bearer header, or
 * the cookie an upload from this browser left behind).
 */
import { cookies, headers } from "next/headers";
import { getDb } from "@/db/client";
import { findActiveUploadToken } from "@/db/queries/upload-tokens";
import { verifyAdminSession, ADMIN_SESSION_SECONDS } from "@/lib/auth/admin-session";
import { bearerToken, hashUploadToken, secretsEqual } from "@/lib/auth/tokens";
import { PUBLIC_VIEWER, type Viewer } from "@/lib/auth/visibility";

export const ADMIN_COOKIE = "sb_admin";
/**
 * Holds the SHA-256 of the team token this browser last uploaded with: it lets the
 * team see its own pending submissions, and cannot upload (that needs the token).
 */
const UPLOADER_COOKIE = "sb_uploader";
const UPLOADER_COOKIE_SECONDS = 30 * 24 * 60 * 60;

/** The admin token, or null when admin is disabled. */
export function adminToken(): string | null {
  const token = process.env.SEEKBOARD_ADMIN_TOKEN?.trim();
  return token ? token : null;
}

export function isAdminBearer(request: Request): boolean {
  const admin = adminToken();
  const token = bearerToken(request.headers.get("authorization"));
  return admin !== null && token !== null && secretsEqual(token, admin);
}

function cookieFromHeader(header: string | null, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

function viewerFrom(cookie: (name: string) => string | undefined, bearer: string | null): Viewer {
  const admin = adminToken();
  const isAdmin = admin !== null && (verifyAdminSession(admin, cookie(ADMIN_COOKIE)) || (bearer !== null && secretsEqual(bearer, admin)));
  const uploaderHash = bearer !== null ? hashUploadToken(bearer) : cookie(UPLOADER_COOKIE);
  const uploader = uploaderHash && /^[0-9a-f]{64}$/.test(uploaderHash) ? findActiveUploadToken(getDb(), uploaderHash) : undefined;
  return isAdmin || uploader ? { admin: isAdmin, uploaderTokenId: uploader?.id ?? null } : PUBLIC_VIEWER;
}

/** The viewer of an API request (route handlers). */
export function viewerOfRequest(request: Request): Viewer {
  const header = request.headers.get("cookie");
  return viewerFrom((name) => cookieFromHeader(header, name), bearerToken(request.headers.get("authorization")));
}

/** The viewer of the page being rendered (server components and actions). */
export async function currentViewer(): Promise<Viewer> {
  const store = await cookies();
  return viewerFrom((name) => store.get(name)?.value, null);
}

export async function isAdminSession(): Promise<boolean> {
  const admin = adminToken();
  return admin !== null && verifyAdminSession(admin, (await cookies()).get(ADMIN_COOKIE)?.value);
}

/** Cookies are Secure when the site is reached over https (directly or through a proxy saying so). */
function isHttps(url: string, forwardedProto: string | null): boolean {
  return url.startsWith("https:") || forwardedProto?.split(",")[0].trim() === "https";
}

export function isHttpsRequest(request: Request): boolean {
  return isHttps(request.url, request.headers.get("x-forwarded-proto"));
}

export async function isHttpsAction(): Promise<boolean> {
  return isHttps("", (await headers()).get("x-forwarded-proto"));
}

export function adminCookieOptions(secure: boolean) {
  return { httpOnly: true, sameSite: "strict", secure, path: "/", maxAge: ADMIN_SESSION_SECONDS } as const;
}

/**
 * The Set-Cookie header that lets this browser see what it uploaded with the token of
 * `tokenHash`. Lax, unlike the admin's Strict: it only grants reading, and a link to
 * the submission from elsewhere (a chat, a mail) should open it.
 */
export function uploaderCookieHeader(tokenHash: string, secure: boolean): string {
  return `${UPLOADER_COOKIE}=${tokenHash}; Path=/; Max-Age=${UPLOADER_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
