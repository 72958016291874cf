import { expect, test } from "@playwright/test";
import { shot, submissionIdOf } from "./helpers";

/** Keyboard and assistive-technology basics that axe does not check (issue 16). */

test("the skip link is the first stop and moves focus to the page's main content", async ({
  page,
}) => {
  await page.goto("/b/mpw");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.screenshot({ ...shot("skip-link"), fullPage: false });
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
  // The next Tab continues inside the page, not in the nav.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
});

test("a sample's title names its task, model and benchmark", async ({ page }) => {
  const id = await submissionIdOf(page, "MindWatcher 32B", "C");
  await page.goto(`/s/${id}/t/100044`);
  await expect(page).toHaveTitle("Task 100044 · MindWatcher 32B · MPW-Bench · Seekboard");
  await page.screenshot({ ...shot("sample-contrast"), fullPage: false }); // the top: the full page is 15,000 px
  // A task the submission does not have is a 404 with no sample named in its title.
  expect((await page.goto(`/s/${id}/t/nope`))?.status()).toBe(404);
  await expect(page).not.toHaveTitle(/Task nope/);
});

test("leaderboard headers that sort say how they sort", async ({ page }) => {
  await page.goto("/b/mpw");
  await page.screenshot(shot("board-contrast"));
  // Every header that sorts is one: the sorted one says its direction, the others "none".
  const sortable = page.getByTestId("leaderboard").locator("th:has(a[data-testid^=sort-])");
  expect(await sortable.count()).toBeGreaterThan(3);
  expect(
    await sortable.evaluateAll((ths) =>
      ths.map((th) => th.getAttribute("aria-sort")).filter((s) => s === null),
    ),
  ).toEqual([]);
  await expect(page.locator("th[aria-sort=descending]")).toHaveCount(1);
  await expect(page.locator("th[aria-sort=descending]")).toContainText("Pass@1");
  await expect(page.locator("th[aria-sort=ascending]")).toHaveCount(0);
});
