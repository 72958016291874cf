import { expect, test } from "@playwright/test";

test("a search from the board lists hits by run and opens the step with the term highlighted", async ({
  page,
}) => {
  await page.goto("/b/qa");
  await page.getByTestId("search-link").click();
  await expect(page).toHaveURL(/\/b\/qa\/search$/);
  await page.getByTestId("step-search-input").fill('result:"WITHOUT the answer" verdict:incorrect');
  await page.getByTestId("step-search-input").press("Enter");
  await expect(page.getByTestId("step-search-total")).toContainText("found");
  const hit = page.getByTestId("step-search-hit").first();
  // The snippet's match is marked as text (the case the step has), not written as HTML.
  await expect(page.locator("[data-search-run] mark[data-search-match]").first()).toHaveText(
    "without the answer",
  );
  await hit.click();
  await expect(page).toHaveURL(/\/s\/\d+\/t\/[^?]+\?(run=\d+&)?find=.+#(call|step)-\d+$/);
  await expect(page.getByTestId("find-status")).toHaveAttribute("data-find-current", /\d+/);
  await expect
    .poll(() => page.evaluate(() => CSS.highlights.get("transcript-find-current")?.size ?? 0))
    .toBeGreaterThan(0);
});
