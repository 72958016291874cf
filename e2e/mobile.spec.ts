/**
 * A phone (390 px): every board keeps its "#" and model columns in view and shows the
 * primary metric without scrolling sideways; scrolling the table sideways keeps the model.
 */
import { expect, test } from "@playwright/test";
import { shot } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

for (const [path, primary] of [
  ["/b/mpw", "pass1"],
  ["/b/widesearch", "successAvg"],
  ["/b/evobrowsecomp", "accuracy"],
] as const) {
  test(`${path}: the model and the primary metric are in view on a phone, and the model stays when the table scrolls`, async ({
    page,
  }) => {
    await page.goto(path);
    const row = page.getByTestId("leaderboard-row").first();
    const model = row.locator("td").nth(1);
    const header = page.getByTestId(`sort-${primary}`);
    await header.scrollIntoViewIfNeeded();
    const primaryBox = await header.boundingBox();
    expect(primaryBox, "the primary metric's header").not.toBeNull();
    expect((primaryBox?.x ?? 0) + (primaryBox?.width ?? 0)).toBeLessThanOrEqual(390);
    const before = await model.boundingBox();
    await page.getByTestId("leaderboard").evaluate((table) => {
      if (table.parentElement) table.parentElement.scrollLeft = 600;
    });
    const after = await model.boundingBox();
    expect(after?.x).toBeCloseTo(before?.x ?? -1, 0);
    await page.screenshot(shot(`mobile${path.replace(/\//g, "-")}`));
  });
}

test("the navigation fits one line on a phone; its menu opens the benchmarks", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const box = await nav.boundingBox();
  expect(box?.height ?? 999).toBeLessThan(64);
  await page.getByTestId("nav-menu").locator("summary").click();
  await page.getByTestId("nav-menu").getByRole("link", { name: "WideSearch" }).click();
  await expect(page).toHaveURL(/\/b\/widesearch$/);
  // The menu closes once it has navigated.
  await expect(page.getByTestId("nav-menu").getByRole("link", { name: "WideSearch" })).toBeHidden();
  await page.screenshot(shot("mobile-widesearch-board"));
});
