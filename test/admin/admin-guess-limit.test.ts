/**
 * Guessing the admin token: after ADMIN_FAILURES_PER_CLIENT wrong tokens in a minute, the
 * login form and the moderation API's Bearer check refuse that client even with the right
 * token, and say when to retry; another client is unaffected, however many others guess. The
 * form and the API share one count (they guard one secret). The client is the socket's peer
 * (the header the server stamps), and X-Forwarded-For only from SEEKBOARD_TRUSTED_PROXIES.
 * And the admin's session: logging out ends it on the server, for every copy of the cookie.
 */
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ADMIN_TOKEN, BASE, temporaryDatabase } from "../api/support";

const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
const cookieJar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined),
    set: (name: string, value: string) => cookieJar.set(name, value),
    delete: (name: string) => cookieJar.delete(name),
  }),
  headers: async () => requestHeaders.current,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const tmp = temporaryDatabase("admin-guess-limit");
const { login, logout } = await import("@/server/admin-actions");
const { POST: approve } = await import("@/app/api/submissions/[id]/approve/route");
const { ADMIN_FAILURES_PER_CLIENT, viewerOfRequest } = await import("@/server/auth");
const { PEER_ADDRESS_HEADER } = await import("@/lib/auth/client-address");
const { closeDb, getDb } = await import("@/db/client");

afterAll(async () => {
  await closeDb(await getDb());
  rmSync(tmp, { recursive: true, force: true });
});

function logInFrom(address: string, token: string) {
  requestHeaders.current = new Headers({ [PEER_ADDRESS_HEADER]: address });
  cookieJar.clear();
  const form = new FormData();
  form.set("token", token);
  return login(null, form);
}

const approveFrom = (address: string, token: string, forwardedFor?: string) =>
  approve(
    new Request(`${BASE}/api/submissions/999999/approve`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        [PEER_ADDRESS_HEADER]: address,
        ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
      },
    }),
    {
      params: Promise.resolve({ id: "999999" }),
    },
  );

describe("the admin login form", () => {
  it("refuses even the right token once a client has guessed wrong too often, and says when to retry", async () => {
    for (let i = 0; i < ADMIN_FAILURES_PER_CLIENT; i++)
      expect(await logInFrom("203.0.113.1", `wrong-${i}`)).toMatchObject({ ok: false });
    const refused = await logInFrom("203.0.113.1", ADMIN_TOKEN);
    expect(refused).toMatchObject({ ok: false, retryAfterSeconds: expect.any(Number) });
    expect(refused.ok ? "" : refused.error).toMatch(/too many failed attempts; try again in \d+ s/);
    expect(cookieJar.size).toBe(0);
    expect(await logInFrom("203.0.113.2", ADMIN_TOKEN)).toEqual({ ok: true });
    expect(cookieJar.size).toBe(1);
  });
});

describe("the moderation API's admin Bearer", () => {
  it("answers 429 with Retry-After once a client has sent too many wrong tokens", async () => {
    for (let i = 0; i < ADMIN_FAILURES_PER_CLIENT; i++)
      expect((await approveFrom("198.51.100.1", `wrong-${i}`)).status).toBe(401);
    const refused = await approveFrom("198.51.100.1", ADMIN_TOKEN);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // another client with the right token reaches the handler (no such submission)
    expect((await approveFrom("198.51.100.2", ADMIN_TOKEN)).status).toBe(404);
  });

  it("shares the count with the login form: the same client is refused there too", async () => {
    expect(await logInFrom("198.51.100.1", ADMIN_TOKEN)).toMatchObject({
      ok: false,
      retryAfterSeconds: expect.any(Number),
    });
  });
});

describe("the read APIs' Bearer", () => {
  const viewerFrom = (address: string, token: string) =>
    viewerOfRequest(
      new Request(`${BASE}/api/s/1/samples`, {
        headers: { authorization: `Bearer ${token}`, [PEER_ADDRESS_HEADER]: address },
      }),
    );

  it("counts a wrong token as a guess: past the limit the right one is not honoured, for that client only", async () => {
    expect(await viewerFrom("192.0.2.1", ADMIN_TOKEN)).toMatchObject({ admin: true });
    for (let i = 0; i < ADMIN_FAILURES_PER_CLIENT; i++)
      expect(await viewerFrom("192.0.2.1", `wrong-${i}`)).toMatchObject({ admin: false });
    expect(await viewerFrom("192.0.2.1", ADMIN_TOKEN)).toMatchObject({ admin: false });
    expect(await viewerFrom("192.0.2.2", ADMIN_TOKEN)).toMatchObject({ admin: true });
  });

  it("shares the count with the login form", async () => {
    expect(await logInFrom("192.0.2.1", ADMIN_TOKEN)).toMatchObject({
      ok: false,
      retryAfterSeconds: expect.any(Number),
    });
  });
});

describe("a flood of junk Bearers", () => {
  const readFrom = (peer: string, token: string, forwardedFor: string) =>
    viewerOfRequest(
      new Request(`${BASE}/api/s/1/samples`, {
        headers: {
          authorization: `Bearer ${token}`,
          [PEER_ADDRESS_HEADER]: peer,
          "x-forwarded-for": forwardedFor,
        },
      }),
    );

  it("with forged X-Forwarded-For, locks out only the flooder: the admin token from elsewhere never answers 429", async () => {
    for (let i = 0; i < 100; i++) {
      const forged = `10.${i >> 8}.${i & 255}.1`;
      await readFrom("203.0.113.66", `junk-${i}`, forged);
      expect((await approveFrom("203.0.113.66", `junk-${i}`, forged)).status).toBeGreaterThan(400);
    }
    // The forged addresses were not believed: the flooder is one client, at its limit.
    expect((await approveFrom("203.0.113.66", ADMIN_TOKEN, "10.0.0.1")).status).toBe(429);
    expect((await approveFrom("198.51.100.77", ADMIN_TOKEN)).status).toBe(404);
    expect(await readFrom("198.51.100.78", ADMIN_TOKEN, "10.0.0.1")).toMatchObject({ admin: true });
    expect(await logInFrom("198.51.100.79", ADMIN_TOKEN)).toEqual({ ok: true });
  });

  it("behind a trusted proxy, counts each client by the address the proxy appended", async () => {
    process.env.SEEKBOARD_TRUSTED_PROXIES = "127.0.0.1";
    try {
      for (let i = 0; i < ADMIN_FAILURES_PER_CLIENT; i++)
        expect((await approveFrom("127.0.0.1", `junk-${i}`, "6.6.6.6, 192.0.2.50")).status).toBe(
          401,
        );
      // The same client through the proxy, whatever it writes itself, is at its limit...
      expect((await approveFrom("127.0.0.1", ADMIN_TOKEN, "7.7.7.7, 192.0.2.50")).status).toBe(429);
      // ...and another client through the same proxy is not.
      expect((await approveFrom("127.0.0.1", ADMIN_TOKEN, "192.0.2.51")).status).toBe(404);
    } finally {
      delete process.env.SEEKBOARD_TRUSTED_PROXIES;
    }
  });
});

describe("the admin session", () => {
  const readWithCookie = (value: string) =>
    viewerOfRequest(
      new Request(`${BASE}/api/s/1/samples`, { headers: { cookie: `sb_admin=${value}` } }),
    );

  it("holds only a random id; logging out revokes it, so a copy of the cookie stops working", async () => {
    expect(await logInFrom("192.0.2.200", ADMIN_TOKEN)).toEqual({ ok: true });
    const copied = cookieJar.get("sb_admin") ?? "";
    expect(copied).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await readWithCookie(copied)).toMatchObject({ admin: true });
    await logout();
    expect(cookieJar.has("sb_admin")).toBe(false);
    expect(await readWithCookie(copied)).toMatchObject({ admin: false });
  });

  it("ends when SEEKBOARD_ADMIN_TOKEN changes", async () => {
    expect(await logInFrom("192.0.2.201", ADMIN_TOKEN)).toEqual({ ok: true });
    const value = cookieJar.get("sb_admin") ?? "";
    expect(await readWithCookie(value)).toMatchObject({ admin: true });
    process.env.SEEKBOARD_ADMIN_TOKEN = "a-new-admin-token";
    try {
      expect(await readWithCookie(value)).toMatchObject({ admin: false });
    } finally {
      process.env.SEEKBOARD_ADMIN_TOKEN = ADMIN_TOKEN;
    }
    expect(await readWithCookie(value)).toMatchObject({ admin: true });
  });
});
