import { expect, test } from "@playwright/test";
import { BENCHMARK_IDS, BENCHMARK_INFO } from "../lib/benchmarks/info";
import { shot, trackErrors } from "./helpers";

/** Every benchmark's submission and sample pages render through its registered views, loaded directly by address. */
test.describe("submission and sample pages of every benchmark", () => {
  for (const id of BENCHMARK_IDS) {
    test(`${id}: a submission, then one of its samples`, async ({ page }) => {
      const errors = trackErrors(page);
      // Answer grounding: a board column and a section of the submission page, or neither (WideSearch).
      const grounded = BENCHMARK_INFO[id].board.columns.some((c) => c.key === "grounded") ? 1 : 0;
      await page.goto(`/b/${id}`);
      // Its sort link: a board may stack the column under a group's header.
      await expect(page.getByTestId("sort-grounded")).toHaveCount(grounded);
      const href = await page
        .getByTestId("leaderboard-row")
        .first()
        .locator('a[href^="/s/"]')
        .first()
        .getAttribute("href");
      expect(href, `the ${id} board links its submissions`).toMatch(/^\/s\/\d+/);

      await page.goto(href!);
      await expect(page.getByTestId("overall-metrics")).toBeVisible();
      await expect(page.getByTestId("sample-filters")).toBeVisible();
      await expect(page.getByTestId("compare-link")).toBeVisible();
      await expect(page.getByTestId("grounding")).toHaveCount(grounded);
      const rows = page.getByTestId("sample-row");
      await expect(rows.first()).toBeVisible();
      await page.screenshot(shot(`${id}-submission`));

      const sampleHref = await rows.first().locator('a[href*="/t/"]').first().getAttribute("href");
      expect(sampleHref).toMatch(/^\/s\/\d+\/t\//);
      await page.goto(sampleHref!);
      await expect(page.getByTestId("sample-header")).toBeVisible();
      await expect(page.getByTestId("sample-annotations")).toBeVisible();
      await page.screenshot(shot(`${id}-sample`));
      expect(errors).toEqual([]);
    });
  }
});
