import { expect, test } from "@playwright/test";
import { trackErrors } from "./helpers";
import { ADMIN_TOKEN, issueTokenInAdmin, logInAsAdmin, writeMpwZip } from "./submit-helpers";

/**
 * The `tls` project (playwright.config.ts): the app behind Caddy, which terminates TLS and
 * forwards plain HTTP with X-Forwarded-Proto: https and X-Forwarded-Host, as docs/DEPLOY.md
 * sets it up (e2e/tls/Caddyfile). Public pages, the admin's login and an upload work through
 * it, and the session cookies are Secure.
 */
const MODEL = "E2E Behind TLS 8B";
let uploadedId: number | null = null;

test.afterAll(async ({ request }) => {
  // A pending submission is not public; rejected, it leaves the admin's queue as it was.
  if (uploadedId !== null)
    await request.post(`/api/submissions/${uploadedId}/reject`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      data: { reason: "e2e clean-up" },
    });
});

test.describe("behind a TLS-terminating reverse proxy", () => {
  test("a visitor opens a leaderboard, a submission and a trajectory over https", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    const board = await page.goto("/b/mpw");
    expect(page.url()).toMatch(/^https:\/\/localhost:\d+\/b\/mpw$/);
    expect(board?.status()).toBe(200);
    expect(board?.headers()["etag"]).toMatch(/^W\/"/);
    await page.getByTestId("leaderboard-row").first().getByRole("link").first().click();
    await page.getByTestId("sample-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/^https:\/\/localhost:\d+\/s\/\d+\/t\//);
    await expect(page.getByTestId("sample-header")).toBeVisible();
    // The same page loaded directly, as from a shared link.
    const trajectory = await page.goto(page.url());
    expect(trajectory?.status()).toBe(200);
    await expect(page.getByTestId("sample-header")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the admin logs in with a Secure session cookie and issues a token; an upload sets a Secure uploader cookie", async ({
    page,
    context,
  }, testInfo) => {
    // Log in, issue a token, log out, upload and open the submission: many page loads.
    test.setTimeout(180_000);
    const errors = trackErrors(page);
    await logInAsAdmin(page);
    const admin = (await context.cookies()).find((c) => c.name === "sb_admin");
    expect(admin).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict" });
    const token = await issueTokenInAdmin(page, "E2E Team TLS");
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByTestId("admin-login")).toBeVisible();

    await page.goto("/submit");
    await page.getByLabel("Team upload token").fill(token);
    const zip = writeMpwZip(testInfo.outputPath(), "tls", { model: MODEL, setting: "C" });
    await page.locator("input[type=file]").setInputFiles(zip);
    await expect(page.getByLabel("Model")).toHaveValue(MODEL);
    await page.getByLabel("Agent").fill("ReAct (e2e)");
    await page.getByRole("button", { name: "Submit" }).click();
    const accepted = page.getByTestId("submission-accepted");
    await expect(accepted).toContainText(/Received as submission #\d+/, { timeout: 30_000 });
    uploadedId = Number(await accepted.getAttribute("data-id"));
    const uploader = (await context.cookies()).find((c) => c.name === "sb_uploader");
    expect(uploader).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });
    // The uploader's own pending submission, over https, rendered for that session only.
    await page.getByTestId("open-submission").click();
    await expect(page).toHaveURL(new RegExp(`^https://localhost:\\d+/s/${uploadedId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MODEL);
    await expect(page.getByText("pending", { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
