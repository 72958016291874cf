import { expect, test } from "@playwright/test";
import { trackErrors } from "./helpers";
import { logInAsAdmin } from "./submit-helpers";

/**
 * Public page loads of leaderboards and trajectories come from the page cache (proxy.ts,
 * app/public-cache); visitors with a session, and navigations inside the app, are
 * rendered on demand. What a visitor sees is the same either way.
 */
test.describe("public page cache", () => {
  test("a visitor's second load of a leaderboard is a cache hit, in any parameter order, with the same rows", async ({ page }) => {
    const errors = trackErrors(page);
    const first = await page.goto("/b/mpw?tier=hard&setting=B-fewshot");
    expect(first?.headers()["x-nextjs-cache"]).toMatch(/MISS|HIT|STALE/);
    const rows = await page.getByTestId("leaderboard-row").evaluateAll((r) => r.map((row) => row.getAttribute("data-model")));
    expect(rows.length).toBeGreaterThan(0);
    const second = await page.goto("/b/mpw?setting=B-fewshot&tier=hard");
    expect(second?.headers()["x-nextjs-cache"]).toBe("HIT");
    expect(await page.getByTestId("leaderboard-row").evaluateAll((r) => r.map((row) => row.getAttribute("data-model")))).toEqual(rows);
    // The cached copy knows its state: its links keep the setting and the tier.
    await expect(page.getByTestId("setting-picker").getByRole("link", { name: "B · few-shot", exact: true })).toHaveAttribute("aria-current", "page");
    expect(errors).toEqual([]);
  });

  test("a trajectory page load is cached for visitors; an address the cache cannot have made is a 404", async ({ page }) => {
    await page.goto("/b/mpw");
    await page.getByTestId("leaderboard-row").first().getByRole("link").first().click();
    await page.getByTestId("sample-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/s\/\d+\/t\//);
    const url = new URL(page.url());
    await page.goto(url.pathname + url.search);
    const again = await page.goto(url.pathname + url.search);
    expect(again?.headers()["x-nextjs-cache"]).toBe("HIT");
    await expect(page.getByTestId("sample-header")).toBeVisible();
    expect((await page.goto(`/public-cache${url.pathname}/not%20base64`))?.status()).toBe(404);
  });

  test("the admin's pages are rendered for the admin, never from the public cache", async ({ page }) => {
    await logInAsAdmin(page);
    const response = await page.goto("/b/mpw");
    expect(response?.headers()["x-nextjs-cache"]).toBeUndefined();
    expect(response?.headers()["cache-control"]).toContain("no-store");
  });
});
