/**
 * The admin API's team upload tokens, called as Next calls its route handlers: issue, list
 * and revoke with the admin token as Bearer; an issued token uploads; nothing without the
 * admin token.
 */
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, BASE, temporaryDatabase } from "./support";

const tmp = temporaryDatabase("api-tokens");
const { closeDb, getDb } = await import("@/db/client");
const { findActiveUploadToken } = await import("@/db/queries/upload-tokens");
const { hashUploadToken } = await import("@/lib/auth/tokens");
const { GET: list, POST: issue } = await import("@/app/api/tokens/route");
const { POST: revoke } = await import("@/app/api/tokens/[id]/revoke/route");

afterAll(async () => {
  await closeDb(await getDb());
  rmSync(tmp, { recursive: true, force: true });
});

const headers = (token: string | null) => ({
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  "content-type": "application/json",
});
const issueAs = (token: string | null, body: unknown) =>
  issue(
    new Request(`${BASE}/api/tokens`, {
      method: "POST",
      headers: headers(token),
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
const listAs = (token: string | null) =>
  list(new Request(`${BASE}/api/tokens`, { headers: headers(token) }));
const revokeAs = (token: string | null, id: string) =>
  revoke(
    new Request(`${BASE}/api/tokens/${id}/revoke`, { method: "POST", headers: headers(token) }),
    { params: Promise.resolve({ id }) },
  );

describe("/api/tokens", () => {
  it("issues a token shown once, lists it without, revokes it once", async () => {
    const issued = await issueAs(ADMIN_TOKEN, { team: " Team Beta " });
    expect(issued.status).toBe(201);
    const body = await issued.json();
    expect(body).toEqual({
      id: expect.any(Number),
      team: "Team Beta",
      token: expect.stringMatching(/^sb_/),
    });
    expect(await findActiveUploadToken(await getDb(), hashUploadToken(body.token))).toEqual({
      id: body.id,
      team: "Team Beta",
    });

    const listed = await listAs(ADMIN_TOKEN);
    expect(listed.status).toBe(200);
    const rows = await listed.json();
    expect(rows).toEqual([
      {
        id: body.id,
        team: "Team Beta",
        createdAt: expect.any(String),
        revokedAt: null,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(body.token);

    const revoked = await revokeAs(ADMIN_TOKEN, String(body.id));
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ id: body.id, revoked: true });
    expect(await findActiveUploadToken(await getDb(), hashUploadToken(body.token))).toBeUndefined();
    expect((await revokeAs(ADMIN_TOKEN, String(body.id))).status).toBe(404);
    expect((await revokeAs(ADMIN_TOKEN, "abc")).status).toBe(404);
  });

  it("refuses a missing or empty team, and a body that is not JSON, with 400 naming the field", async () => {
    for (const body of [{}, { team: "   " }, { team: "x".repeat(81) }]) {
      const response = await issueAs(ADMIN_TOKEN, body);
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0]).toMatchObject({ file: "request", field: "team" });
    }
    expect((await issueAs(ADMIN_TOKEN, "not json")).status).toBe(400);
  });

  it("answers 401 without the admin token, or with a team's", async () => {
    const team = await (await issueAs(ADMIN_TOKEN, { team: "Team Gamma" })).json();
    for (const token of [null, team.token]) {
      expect((await listAs(token)).status).toBe(401);
      expect((await issueAs(token, { team: "Intruders" })).status).toBe(401);
      expect((await revokeAs(token, String(team.id))).status).toBe(401);
    }
  });
});
