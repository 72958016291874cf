/**
 * The atomic-facts panel: never-covered facts first, each covered one linking to its call;
 * it scrolls on its own beside the trajectory, and on a phone it is a closed drawer above it.
 */
import { expect, test, type Page } from "@playwright/test";
import { shot } from "./helpers";

/** A failed MPW sample with both covered and never-covered facts, opened from its submission's list. */
async function openSampleWithMissingFacts(page: Page) {
  await page.goto("/b/mpw");
  await page.getByTestId("leaderboard-row").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/s\/\d+$/);
  await page.goto(`${page.url()}?verdict=incorrect&fcrMin=0.3&fcrMax=0.7`);
  await page.getByTestId("sample-row").first().getByRole("link").first().click();
  await expect(page.getByTestId("facts-panel")).toBeVisible();
}

test("never-covered facts come first; the panel scrolls on its own beside the trajectory", async ({
  page,
}) => {
  await openSampleWithMissingFacts(page);
  const covered = await page
    .getByTestId("fact")
    .evaluateAll((facts) => facts.map((f) => f.getAttribute("data-covered")));
  expect(covered).toContain("false");
  expect(covered).toContain("true");
  expect(covered.indexOf("true")).toBeGreaterThan(covered.lastIndexOf("false"));
  const scroll = page.getByTestId("facts-scroll");
  expect(await scroll.evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");
  const box = await scroll.boundingBox();
  expect(box?.height ?? 0).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the facts are a closed drawer above the trajectory, and open on a tap", async ({
    page,
  }) => {
    await openSampleWithMissingFacts(page);
    const drawer = page.getByTestId("facts-drawer");
    await expect(drawer).not.toHaveAttribute("open", "");
    const drawerBox = await drawer.boundingBox();
    const trajectoryBox = await page.getByRole("region", { name: "Trajectory" }).boundingBox();
    expect(drawerBox?.y ?? 1e9).toBeLessThan(trajectoryBox?.y ?? 0);
    await drawer.locator("summary").click();
    await expect(page.getByTestId("fact").first()).toBeVisible();
    await expect(page.getByTestId("fact").first()).toHaveAttribute("data-covered", "false");
    await page.screenshot(shot("mobile-facts-drawer"));
  });
});
