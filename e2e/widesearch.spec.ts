import { expect, test } from "@playwright/test";
import { expectRankOrder, shot, trackErrors } from "./helpers";

test.describe("WideSearch", () => {
  test("the leaderboard lists the real runs and the demo agents, sorts, and splits by language", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto("/b/widesearch");
    const rows = page.getByTestId("leaderboard-row");
    await expect(rows).toHaveCount(14);
    // The ranked rows by "#", then SR Avg@N; the partial rows below them by SR Avg@N.
    await expectRankOrder(page, "data-success-avg", "SR Avg@N");
    await expect(page.getByTestId("precision-recall-chart")).toBeVisible();
    await expect(page.getByTestId("scaling-chart")).toBeVisible();
    await page.screenshot(shot("widesearch-leaderboard"));

    await page.getByTestId("sort-model").click();
    await expect(page).toHaveURL(/sort=model/);
    for (const ranked of ["true", "false"]) {
      const models = await page
        .locator(`[data-testid=leaderboard-row][data-ranked=${ranked}]`)
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-model") ?? ""));
      expect(models).toEqual([...models].sort((a, b) => a.localeCompare(b)));
    }

    await page.getByTestId("language-picker").getByRole("link", { name: "Chinese" }).click();
    await expect(page).toHaveURL(/lang=zh/);
    // The real runs are English-only; only the synthetic native bundles hold Chinese tasks.
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(2);
    expect(errors).toEqual([]);
  });

  test("a results-only run shows that it reproduces the producer's summary", async ({ page }) => {
    await page.goto("/b/widesearch");
    await page.getByRole("link", { name: "deepseek-reasoner" }).click();
    await expect(page.getByTestId("summary-checks").locator("li")).toHaveCount(2);
    await expect(page.getByTestId("summary-checks")).toContainText("reproduces the producer");
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "200");
    await page
      .getByRole("link", { name: /ws_en_006/ })
      .first()
      .click();
    await expect(page.getByTestId("results-only")).toBeVisible();
  });

  test("a results-only run's sample shows no other submission's question", async ({ page }) => {
    await page.goto("/b/widesearch");
    await page.getByRole("link", { name: "gpt-5.2" }).click();
    await page
      .getByRole("link", { name: /ws_en_001/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/s\/\d+\/t\/ws_en_001/);
    await expect(page.getByTestId("question-not-included")).toHaveText(
      "question not included in this submission",
    );
    await expect(page.getByTestId("question")).toHaveCount(0);
    // Not the synthetic demo's text, which once shared this id.
    const body = await page.locator("main").innerText();
    expect(body).not.toContain("national parks of Utah");
  });

  test("the table diff aligns predicted and gold rows and colours each cell", async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto("/b/widesearch");
    await page.getByRole("link", { name: "Synthetic Deep Research Agent (demo)" }).click();
    await page.getByRole("link", { name: /demo_en_01 · run 0/ }).click();
    // Its own bundle's query, under its own id.
    await expect(page.getByTestId("question")).toContainText("national parks of Utah");
    const diff = page.getByTestId("table-diff");
    await expect(diff).toBeVisible();
    const matched = Number(await diff.getAttribute("data-rows"));
    await expect(page.getByTestId("diff-row")).toHaveCount(matched);
    const missing = Number(await page.getByTestId("missing-rows").getAttribute("data-count"));
    // demo_en_01's gold table has five parks: every one is either aligned or listed missing.
    expect(matched + missing).toBe(5);
    const scores = await page
      .getByTestId("diff-cell")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-score")));
    expect(scores.length).toBe(matched * 3);
    await expect(page.getByTestId("steps")).toBeVisible();
    await page.screenshot(shot("widesearch-table-diff"));
    expect(errors).toEqual([]);
  });

  test("unscored llm_judge cells are shown as unscored, not as zero", async ({ page }) => {
    await page.goto("/b/widesearch");
    await page.getByRole("link", { name: "Synthetic Deep Research Agent (demo)" }).click();
    await expect(page.getByTestId("unscored-note")).toBeVisible();
    await page.getByRole("link", { name: /demo_en_03 · run 0/ }).click();
    await expect(page.getByTestId("sample-header")).toContainText("unscored");
    await expect(
      page.locator('[data-testid="diff-cell"][data-score="unscored"]').first(),
    ).toBeVisible();
  });

  test("a search's result list shows as SERP cards with their URLs, and a page call as the URL it opens", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto("/b/widesearch");
    await page.getByRole("link", { name: "Synthetic Deep Research Agent (demo)" }).click();
    await page.getByRole("link", { name: /demo_en_01 · run 0/ }).click();
    // The demo's search_global replies with a JSON list of {title, url, snippet}: one result each.
    const result = page.locator('li[data-kind="tool_result"]').first();
    await expect(result.getByTestId("serp-titles")).toContainText("1 result:");
    await result.getByRole("button", { name: "Show the result" }).click();
    const entryUrl = result.getByTestId("serp-entry").getByTestId("page-url");
    await expect(entryUrl).toHaveAttribute("href", /^https:\/\/en\.wikipedia\.org\/wiki\//);
    // Its text_browser_view calls read as opening their URL, shown as a link that opens elsewhere.
    const url = page
      .locator('li[data-kind="tool_call"]')
      .getByTestId("opens")
      .first()
      .getByTestId("page-url");
    await expect(url).toHaveText(/^https:\/\/en\.wikipedia\.org\/wiki\//);
    await expect(url).toHaveAttribute("href", /^https:\/\/en\.wikipedia\.org\/wiki\//);
    await expect(url).toHaveAttribute("rel", /noopener/);
    expect(errors).toEqual([]);
  });
});
