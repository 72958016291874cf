import { expect, test } from "@playwright/test";
import { trackErrors } from "./helpers";
import { logInAsAdmin } from "./submit-helpers";
import { PAGE_CACHE_HEADER } from "../lib/url/public-cache";

/**
 * Public page loads of leaderboards and trajectories come from the page cache (proxy.ts,
 * app/public-cache); visitors with a session, and navigations inside the app, are
 * rendered on demand. What a visitor sees is the same either way. Once a page is cached,
 * the proxy sends it itself (PAGE_CACHE_HEADER) until it is `revalidate` seconds old.
 */
test.describe("public page cache", () => {
  test("a visitor's second load of a leaderboard is a cache hit, in any parameter order, with the same rows", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    // A view state no other test loads: its first load is rendered and stored.
    const first = await page.goto("/b/mpw?tier=easy&dir=asc&sort=model&setting=B-fewshot");
    expect(first?.headers()["x-nextjs-cache"]).toBe("MISS");
    expect(first?.headers()[PAGE_CACHE_HEADER]).toBeUndefined();
    const rows = await page
      .getByTestId("leaderboard-row")
      .evaluateAll((r) => r.map((row) => row.getAttribute("data-model")));
    expect(rows.length).toBeGreaterThan(0);
    const second = await page.goto("/b/mpw?setting=B-fewshot&sort=model&dir=asc&tier=easy");
    expect(second?.headers()[PAGE_CACHE_HEADER]).toBe("hit");
    expect(second?.headers()["content-encoding"]).toBe("gzip");
    expect(second?.headers()["content-security-policy"]).toContain("default-src 'self'");
    expect(second?.headers()["cache-control"]).toBe("s-maxage=60, stale-while-revalidate=3540");
    expect(second?.headers()["vary"]).toBe(first?.headers()["vary"]);
    expect(
      await page
        .getByTestId("leaderboard-row")
        .evaluateAll((r) => r.map((row) => row.getAttribute("data-model"))),
    ).toEqual(rows);
    // The cached copy knows its state: its links keep the setting and the tier.
    await expect(
      page.getByTestId("setting-picker").getByRole("link", { name: "B · few-shot", exact: true }),
    ).toHaveAttribute("aria-current", "page");
    expect(errors).toEqual([]);
  });

  test("a trajectory page load is cached for visitors; an address the cache cannot have made is a 404", async ({
    page,
  }) => {
    await page.goto("/b/mpw");
    await page.getByTestId("leaderboard-row").first().getByRole("link").first().click();
    await page.getByTestId("sample-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/s\/\d+\/t\//);
    const url = new URL(page.url());
    await page.goto(url.pathname + url.search);
    const again = await page.goto(url.pathname + url.search);
    expect(again?.headers()[PAGE_CACHE_HEADER]).toBe("hit");
    await expect(page.getByTestId("sample-header")).toBeVisible();
    expect((await page.goto(`/public-cache${url.pathname}/not%20base64`))?.status()).toBe(404);
  });

  test("the admin's pages are rendered for the admin, never from the public cache", async ({
    page,
  }) => {
    await logInAsAdmin(page);
    const response = await page.goto("/b/mpw");
    expect(response?.headers()["x-nextjs-cache"]).toBeUndefined();
    expect(response?.headers()[PAGE_CACHE_HEADER]).toBeUndefined();
    expect(response?.headers()["cache-control"]).toContain("no-store");
  });
});
