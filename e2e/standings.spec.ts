/**
 * Honest leaderboards as a visitor sees them: partial rows below the ranked ones, tied
 * rows sharing a rank that re-sorting keeps, the checks on each row, the verified filter,
 * and the cost–accuracy plot with its frontier.
 */
import { expect, test, type Page } from "@playwright/test";
import { shot, trackErrors } from "./helpers";

async function rowsOf(page: Page) {
  return page.getByTestId("leaderboard-row").evaluateAll((rows) =>
    rows.map((row) => ({
      model: row.getAttribute("data-model") ?? "",
      ranked: row.getAttribute("data-ranked") === "true",
      verified: row.getAttribute("data-verified") === "true",
      rank: row.querySelector("[data-testid=rank]")?.getAttribute("data-rank") ?? "",
    })),
  );
}

test.describe("standings on the boards", () => {
  test("WideSearch: the demo agent (7 tasks of its own) is listed below the ranked rows as partial, never above them", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto("/b/widesearch");
    const rows = await rowsOf(page);
    const firstPartial = rows.findIndex((r) => !r.ranked);
    expect(firstPartial).toBeGreaterThan(0);
    expect(rows.slice(0, firstPartial).every((r) => r.ranked && /^\d+$/.test(r.rank))).toBe(true);
    expect(rows.slice(firstPartial).every((r) => !r.ranked && r.rank === "—")).toBe(true);
    expect(rows.slice(firstPartial).map((r) => r.model)).toContain(
      "Synthetic Deep Research Agent (demo)",
    );
    await expect(page.getByTestId("unranked-divider")).toBeVisible();
    const synthetic = page
      .getByTestId("leaderboard-row")
      .filter({ hasText: "Synthetic Deep Research Agent" });
    await expect(synthetic.getByTestId("partial")).toHaveText("partial (0 / 100 tasks)");
    await expect(synthetic.getByTestId("preliminary")).toBeVisible();
    // The failed rules open on a click and name what was found.
    const real = page.getByTestId("leaderboard-row").filter({ hasText: "gpt-5.2" });
    await real.getByTestId("failed-checks").locator("summary").click();
    await expect(real.getByTestId("failed-checks")).toContainText(
      "1 run per task; the protocol asks for 4",
    );
    await page.screenshot(shot("standings-widesearch"));

    // All languages: 200 tasks, which no submission covers.
    await page.goto("/b/widesearch?lang=all");
    const all = await rowsOf(page);
    expect(all.every((r) => !r.ranked)).toBe(true);
    await expect(
      page
        .getByTestId("leaderboard-row")
        .filter({ hasText: "Synthetic Deep Research Agent" })
        .getByTestId("partial"),
    ).toHaveText("partial (0 / 200 tasks)");
    expect(errors).toEqual([]);
  });

  test("MPW: tied rows share a rank, and sorting by FCR keeps every row's '#'", async ({
    page,
  }) => {
    await page.goto("/b/mpw");
    const rows = await rowsOf(page);
    const rankOf = new Map(rows.map((r) => [r.model, r.rank]));
    // Qwen3-30B-A3B and Qwen3-32B both have Pass@1 15.4%.
    expect(rankOf.get("Qwen3-30B-A3B")).toBe(rankOf.get("Qwen3-32B"));
    expect(new Set(rows.map((r) => r.rank)).size).toBeLessThan(rows.length);
    await page.getByTestId("sort-fcr").click();
    await expect(page).toHaveURL(/sort=fcr/);
    const resorted = await rowsOf(page);
    expect(resorted.map((r) => r.model)).not.toEqual(rows.map((r) => r.model));
    for (const r of resorted) expect(r.rank, r.model).toBe(rankOf.get(r.model));
  });

  test("the verified filter keeps the verified rows only, and says so when there are none", async ({
    page,
  }) => {
    await page.goto("/b/evobrowsecomp");
    const all = await rowsOf(page);
    await page.getByTestId("verified-filter").getByRole("link", { name: "Verified only" }).click();
    await expect(page).toHaveURL(/verified=1/);
    const verified = all.filter((r) => r.verified).map((r) => r.model);
    if (verified.length) {
      expect((await rowsOf(page)).map((r) => r.model)).toEqual(verified);
    } else {
      await expect(page.getByTestId("leaderboard-empty")).toContainText(
        "No submission in this view passes every rule",
      );
    }
  });

  test("the cost–accuracy plot draws its frontier, and a point opens its submission", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto("/b/mpw");
    const plot = page.getByTestId("cost-accuracy-plot");
    await plot.scrollIntoViewIfNeeded();
    await expect(plot.getByTestId("cost-frontier")).toBeVisible();
    // No MPW demo submission reports dollars or tokens: the plot says what it falls back to.
    await expect(page.getByTestId("cost-fallback-note")).toContainText("tool calls per task");
    const onFrontier = plot.locator('[data-testid=cost-point][data-frontier="true"]');
    expect(await onFrontier.count()).toBeGreaterThanOrEqual(2);
    await page.screenshot(shot("standings-mpw-cost-plot"));
    const id = await onFrontier.first().getAttribute("data-submission-id");
    await plot.locator(`[data-testid=cost-dot][data-submission-id="${id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/s/${id}$`));
    expect(errors).toEqual([]);
  });
});
