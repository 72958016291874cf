/**
 * Guessing the admin token: after ADMIN_FAILURES_PER_CLIENT wrong tokens in a minute, the
 * login form and the moderation API's Bearer check refuse that client even with the right
 * token, and say when to retry; another client is unaffected. The form and the API share one
 * count (they guard one secret).
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
  }),
  headers: async () => requestHeaders.current,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const tmp = temporaryDatabase("admin-guess-limit");
const { login } = await import("@/server/admin-actions");
const { POST: approve } = await import("@/app/api/submissions/[id]/approve/route");
const { ADMIN_FAILURES_PER_CLIENT, viewerOfRequest } = await import("@/server/auth");
const { closeDb, getDb } = await import("@/db/client");

afterAll(async () => {
  await closeDb(await getDb());
  rmSync(tmp, { recursive: true, force: true });
});

function logInFrom(address: string, token: string) {
  requestHeaders.current = new Headers({ "x-forwarded-for": address });
  cookieJar.clear();
  const form = new FormData();
  form.set("token", token);
  return login(null, form);
}

const approveFrom = (address: string, token: string) =>
  approve(
    new Request(`${BASE}/api/submissions/999999/approve`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": address },
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
        headers: { authorization: `Bearer ${token}`, "x-forwarded-for": address },
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
