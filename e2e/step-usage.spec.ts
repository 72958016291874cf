import { expect, test, type Page } from "@playwright/test";
import { trackErrors } from "./helpers";

async function openSample(page: Page, model: string) {
  await page.goto("/b/widesearch");
  await page.getByRole("link", { name: model }).click();
  await page.getByRole("link", { name: /demo_en_01 · run 0/ }).click();
  await expect(page.getByTestId("steps")).toBeVisible();
}

/** "55,442 → 1,397 tok" → [55442, 1397]. */
function tokensOf(text: string): [number, number] {
  const match = /(?:^|run total )([\d,]+) → ([\d,]+) tok/.exec(text);
  expect(match, `tokens in "${text}"`).not.toBeNull();
  return [Number(match![1].replaceAll(",", "")), Number(match![2].replaceAll(",", ""))];
}

test.describe("per-step tokens and time", () => {
  test("each completion of a run that records usage shows its tokens on its step, and they add up to the run's", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    // The demo's Deep Research agent keeps each completion's usage on its assistant message, as widesearch_exp does.
    await openSample(page, "Synthetic Deep Research Agent (demo)");
    const steps = page.locator("[data-step]");
    const withUsage = page.locator("[data-step]:has([data-step-usage])");
    // Every assistant message (each call, then the final table) has one; tool results, the system prompt and the question none.
    await expect(withUsage).toHaveCount(
      (await page.locator('[data-step][data-kind="tool_call"]').count()) + 1,
    );
    await expect(
      page.locator('[data-step][data-kind="tool_result"] [data-step-usage]'),
    ).toHaveCount(0);
    await expect(steps.first().locator("[data-step-usage]")).toHaveCount(0);

    const perStep = (await page.locator("[data-step-usage]").allTextContents()).map(tokensOf);
    expect(perStep.every(([prompt, completion]) => prompt > 0 && completion > 0)).toBe(true);
    const total = tokensOf(await page.locator("[data-sample-usage]").innerText());
    expect(total).toEqual([
      perStep.reduce((s, [p]) => s + p, 0),
      perStep.reduce((s, [, c]) => s + c, 0),
    ]);
    await page.screenshot({
      path: "e2e/screenshots/step-usage-header.png",
      animations: "disabled",
    });
    await withUsage.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: "e2e/screenshots/step-usage-steps.png", animations: "disabled" });
    expect(errors).toEqual([]);
  });

  test("a run whose bundle records no usage shows none, not 0", async ({ page }) => {
    const errors = trackErrors(page);
    await openSample(page, "Synthetic Single-Search Agent (demo)");
    expect(await page.locator("[data-step]").count()).toBeGreaterThan(3);
    await expect(page.locator("[data-step-usage]")).toHaveCount(0);
    await expect(page.locator("[data-sample-usage]")).toHaveCount(0);
    await expect(page.getByTestId("steps")).not.toContainText(/\b0 → |\btok\b/);
    expect(errors).toEqual([]);
  });
});
