import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { shot, trackErrors } from "./helpers";
import { ADMIN_TOKEN, issueTokenInAdmin, logInAsAdmin, writeMpwZip } from "./submit-helpers";

/**
 * The admin: logging in, issuing and revoking team tokens, and moderating. The
 * submission approved here is rejected again at the end, so the public leaderboards
 * and counts the other specs check are those of the demo data.
 */
const MODEL = "E2E Moderated 13B";
const SETTING = "B-guidance";
let approvedId: number | null = null;

async function uploadWithApi(request: APIRequestContext, token: string, zip: string) {
  return request.post("/api/submissions", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      bundle: { name: "bundle.zip", mimeType: "application/zip", buffer: readFileSync(zip) },
    },
  });
}

function leaderboardRow(page: Page, model: string) {
  return page.locator(`[data-testid="leaderboard-row"][data-model="${model}"]`);
}

test.afterAll(async ({ request }) => {
  // Restores the public state even when the test failed between approving and rejecting.
  if (approvedId !== null) {
    await request.post(`/api/submissions/${approvedId}/reject`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      data: { reason: "e2e clean-up" },
    });
  }
});

test.describe("/admin", () => {
  test("asks for the admin token; a wrong one is refused; the session cookie is HttpOnly and SameSite=Strict", async ({
    page,
    context,
  }) => {
    const errors = trackErrors(page);
    await page.goto("/admin");
    const form = page.getByTestId("admin-login");
    await expect(form).toBeVisible();
    await form.locator("input[name=token]").fill("not-the-admin-token");
    await form.getByRole("button", { name: "Log in" }).click();
    await expect(form.getByRole("alert")).toHaveText("that is not the admin token");
    expect((await context.cookies()).find((c) => c.name === "sb_admin")).toBeUndefined();
    await page.screenshot(shot("admin-login-refused"));

    await logInAsAdmin(page);
    const session = (await context.cookies()).find((c) => c.name === "sb_admin");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(session?.value).not.toContain(ADMIN_TOKEN);
    await expect(page.getByRole("heading", { name: /Moderation queue/ })).toBeVisible();

    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByTestId("admin-login")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("logging out ends the session on the server: a copy of the cookie no longer opens /admin", async ({
    page,
    context,
    playwright,
  }) => {
    await logInAsAdmin(page);
    const session = (await context.cookies()).find((c) => c.name === "sb_admin");
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Another client holding a copy of the cookie, as a stolen one would be.
    const thief = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
      ignoreHTTPSErrors: true,
      extraHTTPHeaders: { cookie: `sb_admin=${session?.value}` },
    });
    const before = await (await thief.get("/admin")).text();
    expect(before).toContain("Moderation queue");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByTestId("admin-login")).toBeVisible();
    const after = await (await thief.get("/admin")).text();
    expect(after).toContain('data-testid="admin-login"');
    expect(after).not.toContain("Moderation queue");
    await thief.dispose();
  });

  test("a flood of junk Bearers from many forwarded clients never makes the admin token answer 429; each client is counted as itself", async ({
    request,
  }) => {
    // The e2e server trusts 127.0.0.1 as its proxy (playwright.config.ts), as behind Caddy: the
    // client is the X-Forwarded-For hop it appended. The server's own peer header is stamped over
    // whatever a client sends in it, so a forged one changes nothing.
    const tokens = (token: string, client: string) =>
      request.get("/api/tokens", {
        headers: {
          authorization: `Bearer ${token}`,
          "x-forwarded-for": client,
          "x-seekboard-peer": "198.51.100.1",
        },
      });
    for (let i = 0; i < 100; i++)
      expect((await tokens(`junk-${i}`, `203.0.113.${i}`)).status()).toBe(401);
    expect((await tokens(ADMIN_TOKEN, "192.0.2.10")).status()).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await tokens(`junk-${i}`, "192.0.2.77")).status()).toBe(401);
    expect((await tokens(ADMIN_TOKEN, "192.0.2.77")).status()).toBe(429);
    expect((await tokens(ADMIN_TOKEN, "192.0.2.78")).status()).toBe(200);
  });

  test("a server action's body over 1 MB is refused before the rest is sent: only the task-file route takes large bodies", async ({
    request,
  }) => {
    // 1.5 MB of a multipart body sent to a page (any such POST may be a server action), and
    // the body left open: the server answers without waiting for the rest, not holding it.
    const url = new URL("/admin", test.info().project.use.baseURL);
    const status = await new Promise<number>((resolve, reject) => {
      const post = httpRequest(url, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=b" },
      });
      const timer = setTimeout(() => reject(new Error("no answer before the body ended")), 10_000);
      post.on("response", (response) => {
        clearTimeout(timer);
        response.resume();
        post.destroy();
        resolve(response.statusCode ?? 0);
      });
      post.on("error", reject);
      post.write('--b\r\ncontent-disposition: form-data; name="padding"\r\n\r\n');
      post.write(Buffer.alloc(1536 * 1024, 0x78));
    });
    expect(status).toBeGreaterThanOrEqual(400);
    // The task-file route refuses anyone but the admin before reading what it is sent.
    const anonymous = await request.post("/api/admin/task-sets", {
      multipart: { benchmark: "mpw", version: "v1", padding: "x".repeat(2 * 1024 * 1024) },
    });
    expect(anonymous.status()).toBe(401);
  });

  test("issues a team token, whose upload waits in the queue; approving puts it on the leaderboard; rejecting with a reason takes it off", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const errors = trackErrors(page);
    await logInAsAdmin(page);
    const token = await issueTokenInAdmin(page, "E2E Team Moderation");
    await expect(page.getByTestId("issued-token")).toContainText(
      "copy it now, it is not shown again",
    );
    await expect(
      page.locator('[data-testid="upload-token-row"][data-team="E2E Team Moderation"]'),
    ).toContainText("active");
    await page.screenshot(shot("admin-token-issued"));

    const zip = writeMpwZip(testInfo.outputPath(), "moderated", {
      model: MODEL,
      setting: SETTING,
      agent: "ReAct",
      runs: 4,
    });
    const uploaded = await uploadWithApi(request, token, zip);
    expect(uploaded.status()).toBe(201);
    const { id, status } = (await uploaded.json()) as { id: number; status: string };
    expect(status).toBe("pending");

    // In the queue, with its team and metrics; not public yet.
    await page.goto("/admin");
    const row = page.locator(
      `[data-testid="moderation-queue"] [data-testid="moderation-row"][data-id="${id}"]`,
    );
    await expect(row).toContainText(MODEL);
    await expect(row).toContainText("E2E Team Moderation");
    await expect(row).toContainText(`setting ${SETTING}`);
    await expect(row.locator("td").nth(3)).toHaveText("12");
    // Checked on arrival: the moderator sees the rules it fails (3 tasks, no judge declared).
    await row.getByTestId("failed-checks").locator("summary").click();
    await expect(row.getByTestId("moderation-checks")).toContainText(
      "judge-declared: no judge model declared",
    );
    await page.screenshot(shot("admin-queue"));
    const visitor = await browser.newPage();
    await visitor.goto(`/b/mpw?setting=${SETTING}`);
    await expect(leaderboardRow(visitor, MODEL)).toHaveCount(0);
    // The admin can open the pending submission; the visitor cannot.
    expect((await visitor.goto(`/s/${id}`))?.status()).toBe(404);
    await page.goto(`/s/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MODEL);

    // Approve: off the queue, into the decisions, onto the public leaderboard.
    await page.goto("/admin");
    await row.getByRole("button", { name: "Approve" }).click();
    approvedId = id;
    await expect(row).toHaveCount(0);
    const decided = page.locator(
      `[data-testid="recent-decisions"] [data-testid="moderation-row"][data-id="${id}"]`,
    );
    await expect(decided).toContainText("approved");
    await visitor.goto(`/b/mpw?setting=${SETTING}`);
    await expect(leaderboardRow(visitor, MODEL)).toHaveCount(1);
    await visitor.screenshot(shot("admin-approved-on-leaderboard"));
    expect((await visitor.goto(`/s/${id}`))?.status()).toBe(200);
    const api = await request.get(`/api/b/mpw/leaderboard?setting=${SETTING}`);
    const rows = (
      (await api.json()) as { rows: { submissionId: number; model: string; n: number }[] }
    ).rows;
    expect(rows.find((r) => r.submissionId === id)).toMatchObject({ model: MODEL, n: 12 });

    // Reject (a reason is required) withdraws it again.
    await page.goto("/admin");
    const reason = decided.getByLabel(`Reason to reject submission ${id}`);
    await reason.fill("E2E: withdrawn after the check");
    await decided.getByRole("button", { name: "Reject" }).click();
    await expect(decided).toContainText("rejected");
    await expect(decided).toContainText("E2E: withdrawn after the check");
    approvedId = null;
    await page.screenshot(shot("admin-decisions"));
    await visitor.goto(`/b/mpw?setting=${SETTING}`);
    await expect(leaderboardRow(visitor, MODEL)).toHaveCount(0);
    expect((await visitor.goto(`/s/${id}`))?.status()).toBe(404);
    await visitor.close();
    expect(errors).toEqual([]);
  });

  test("revoking a token stops its uploads at once", async ({ page, request }, testInfo) => {
    await logInAsAdmin(page);
    const token = await issueTokenInAdmin(page, "E2E Team Revoked");
    const zip = writeMpwZip(testInfo.outputPath(), "revoked", {
      model: "E2E Revoked",
      setting: "C",
    });
    expect((await uploadWithApi(request, token, zip)).status()).toBe(201);
    const tokenRow = page.locator('[data-testid="upload-token-row"][data-team="E2E Team Revoked"]');
    await tokenRow.getByRole("button", { name: "Revoke the token of E2E Team Revoked" }).click();
    await expect(tokenRow).toContainText("revoked");
    await expect(tokenRow.getByRole("button")).toHaveCount(0);
    const refused = await uploadWithApi(request, token, zip);
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toMatch(/not valid/);
  });
});
