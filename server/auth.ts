import "server-only";
/**
 * Who is asking: the admin (a session cookie naming a live server-side session, or the admin
 * token as a Bearer header on the API) and the team that uploaded (its token as a Bearer
 * header, or the cookie an upload from this browser left behind).
 */
import type { BlockList } from "node:net";
import { cookies, headers } from "next/headers";
import { getDb } from "@/db/client";
import { findActiveUploadToken } from "@/db/queries/upload-tokens";
import { findLiveSession, openSession, revokeSession } from "@/db/sessions";
import { adminTokenFingerprint, ADMIN_SESSION_SECONDS } from "@/lib/auth/sessions";
import { bearerToken, digestsEqual, hashUploadToken, secretsEqual } from "@/lib/auth/tokens";
import {
  clientAddress,
  limitKeyOf,
  parseTrustedProxies,
  PEER_ADDRESS_HEADER,
} from "@/lib/auth/client-address";
import { adminTokenAttempt } from "@/db/limits";
import { errorResponse, unauthorizedResponse } from "./api";
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

/** Wrong admin tokens one client may send in a minute (login form and Bearer together). */
export const ADMIN_FAILURES_PER_CLIENT = 10;

/** Wrong admin tokens are counted over a minute, in the database: every process and instance counts the same ones. */
const ADMIN_FAILURE_LIMITS = { windowMs: 60_000, perClient: ADMIN_FAILURES_PER_CLIENT };

let trusted: { text: string | undefined; list: BlockList } | null = null;

/** SEEKBOARD_TRUSTED_PROXIES, parsed (throws on an entry that is not an address or range). */
export function trustedProxies(): BlockList {
  const text = process.env.SEEKBOARD_TRUSTED_PROXIES;
  if (trusted === null || trusted.text !== text)
    trusted = { text, list: parseTrustedProxies(text) };
  return trusted.list;
}

/** The client a request came from, as its guesses are counted: see lib/auth/client-address.ts. */
export function requestClient(requestHeaders: Headers): string {
  return limitKeyOf(
    clientAddress(
      requestHeaders.get(PEER_ADDRESS_HEADER),
      requestHeaders.get("x-forwarded-for"),
      trustedProxies(),
    ),
  );
}

/** Refused with `retryAfterSeconds` while too many wrong tokens came in the last minute; null: this token was wrong. */
export type AdminTokenCheck = { ok: true } | { ok: false; retryAfterSeconds: number | null };

/**
 * Checks an admin token offered by `client` (requestClient): refused unchecked while the client
 * has failed too often in the last minute; a wrong token is counted, a right one not.
 */
export async function checkAdminToken(
  client: string,
  offered: string | null,
): Promise<AdminTokenCheck> {
  const admin = adminToken();
  const db = await getDb();
  const correct = admin !== null && offered !== null && secretsEqual(offered, admin);
  const verdict = await adminTokenAttempt(db, client, ADMIN_FAILURE_LIMITS, correct);
  if (!verdict.allowed) return { ok: false, retryAfterSeconds: verdict.retryAfterSeconds };
  return correct ? { ok: true } : { ok: false, retryAfterSeconds: null };
}

/**
 * Null when the request carries the admin token as Bearer; otherwise 401 (also when admin is
 * disabled), or 429 with Retry-After while its client has sent too many wrong tokens.
 */
export async function adminBearerRefusal(request: Request): Promise<Response | null> {
  if (adminToken() === null)
    return unauthorizedResponse(
      "admin is disabled on this instance (SEEKBOARD_ADMIN_TOKEN is not set)",
    );
  const checked = await checkAdminToken(
    requestClient(request.headers),
    bearerToken(request.headers.get("authorization")),
  );
  if (checked.ok) return null;
  const { retryAfterSeconds } = checked;
  if (retryAfterSeconds === null)
    return unauthorizedResponse(
      "the admin token is required: Authorization: Bearer <SEEKBOARD_ADMIN_TOKEN>",
    );
  return errorResponse(429, `too many wrong admin tokens; try again in ${retryAfterSeconds} s`, {
    "Retry-After": String(retryAfterSeconds),
  });
}

function cookieFromHeader(header: string | null, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** Whether `value` (the admin cookie) names a live admin session opened under the current admin token. */
async function isLiveAdminSession(value: string | undefined): Promise<boolean> {
  const admin = adminToken();
  if (admin === null) return false;
  const session = await findLiveSession(await getDb(), value);
  return (
    session?.kind === "admin" &&
    session.adminFingerprint !== null &&
    digestsEqual(session.adminFingerprint, adminTokenFingerprint(admin))
  );
}

/**
 * `bearer` comes with the `client` that sent it. A Bearer that is no team's token is a guess
 * at the admin token, counted like the login form's: while the client has guessed too often,
 * even the right one is not honoured, so the read APIs cannot be used to test guesses either.
 */
async function viewerFrom(
  cookie: (name: string) => string | undefined,
  bearer: { token: string; client: string } | null,
): Promise<Viewer> {
  const admin = adminToken();
  const uploaderHash = bearer !== null ? hashUploadToken(bearer.token) : cookie(UPLOADER_COOKIE);
  const uploader =
    uploaderHash && /^[0-9a-f]{64}$/.test(uploaderHash)
      ? await findActiveUploadToken(await getDb(), uploaderHash)
      : undefined;
  const isAdmin =
    admin !== null &&
    ((await isLiveAdminSession(cookie(ADMIN_COOKIE))) ||
      (bearer !== null && !uploader && (await checkAdminToken(bearer.client, bearer.token)).ok));
  return isAdmin || uploader
    ? { admin: isAdmin, uploaderTokenId: uploader?.id ?? null }
    : PUBLIC_VIEWER;
}

/** The viewer of an API request (route handlers). */
export async function viewerOfRequest(request: Request): Promise<Viewer> {
  const header = request.headers.get("cookie");
  const token = bearerToken(request.headers.get("authorization"));
  return viewerFrom(
    (name) => cookieFromHeader(header, name),
    token === null ? null : { token, client: requestClient(request.headers) },
  );
}

/** The viewer of the page being rendered (server components and actions). */
export async function currentViewer(): Promise<Viewer> {
  const store = await cookies();
  return viewerFrom((name) => store.get(name)?.value, null);
}

export async function isAdminSession(): Promise<boolean> {
  return isLiveAdminSession((await cookies()).get(ADMIN_COOKIE)?.value);
}

/** Whether an API request carries a live admin session cookie. */
export async function isAdminSessionRequest(request: Request): Promise<boolean> {
  return isLiveAdminSession(cookieFromHeader(request.headers.get("cookie"), ADMIN_COOKIE));
}

/** Opens an admin session under the current admin token: the value for the admin cookie. */
export async function openAdminSession(): Promise<string> {
  const admin = adminToken();
  if (admin === null) throw new Error("admin is disabled (SEEKBOARD_ADMIN_TOKEN is not set)");
  const grant = { kind: "admin", adminFingerprint: adminTokenFingerprint(admin) } as const;
  return (await openSession(await getDb(), grant, ADMIN_SESSION_SECONDS)).id;
}

/** Ends the session the admin cookie names, wherever that cookie has been copied to. */
export async function endAdminSession(value: string | undefined): Promise<void> {
  await revokeSession(await getDb(), value);
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
  return {
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: "/",
    maxAge: ADMIN_SESSION_SECONDS,
  } as const;
}

/**
 * The Set-Cookie header that lets this browser see what it uploaded with the token of
 * `tokenHash`. Lax, unlike the admin's Strict: it only grants reading, and a link to
 * the submission from elsewhere (a chat, a mail) should open it.
 */
export function uploaderCookieHeader(tokenHash: string, secure: boolean): string {
  return `${UPLOADER_COOKIE}=${tokenHash}; Path=/; Max-Age=${UPLOADER_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
