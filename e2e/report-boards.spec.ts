import { expect, test } from "@playwright/test";
import { expectRankOrder, shot, trackErrors } from "./helpers";

const primaries = (page: import("@playwright/test").Page) =>
  page
    .getByTestId("leaderboard-row")
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-primary"))));

test.describe("WebDetective, EvoBrowseComp, InfoMosaic, QA", () => {
  test("WebDetective: leaderboard, region table, profile map, evidence chain", async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto("/b/webdetective");
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(3);
    await expectRankOrder(page, "data-primary", "Pass@1");
    await expect(page.getByTestId("region-table")).toHaveAttribute("data-points", "18");
    await expect(page.getByTestId("profile-map")).toHaveAttribute("data-points", "3");
    await page.screenshot(shot("webdetective-leaderboard"));
    await page.getByTestId("sort-knowledgeScore").click();
    await expect(page).toHaveURL(/sort=knowledgeScore/);

    await page.getByRole("link", { name: "Beacon-32B (demo)" }).click();
    await expect(page.getByTestId("overall-metrics")).toBeVisible();
    await page.getByRole("link", { name: "wd-0001" }).click();
    const chain = page.getByTestId("evidence-chain");
    await expect(chain).toBeVisible();
    const links = Number(await chain.getAttribute("data-points"));
    expect(links).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId("evidence-link")).toHaveCount(links);
    // The demo's e2 was found at call 2: the link opens that call, whose row names it.
    await page.getByTestId("evidence-link").nth(1).getByTestId("evidence-call").click();
    await expect(page).toHaveURL(/#call-2$/);
    await expect(page.locator("#call-2").getByTestId("call-note")).toHaveText("found evidence e2");
    await expect(page.getByTestId("wd-hops")).toContainText("/");
    await expect(page.getByTestId("steps")).toBeVisible();
    await page.screenshot(shot("webdetective-sample"));
    expect(errors).toEqual([]);
  });

  test("EvoBrowseComp: the version selector changes the board, which never mixes versions", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto("/b/evobrowsecomp");
    const board = page.getByTestId("leaderboard");
    await expect(board).toHaveAttribute("data-version", "2026-01");
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(3);
    await expectRankOrder(page, "data-primary", "accuracy");
    const newest = await primaries(page);
    await expect(page.getByTestId("evo-setting-chart")).toHaveAttribute("data-points", "6");
    await page.screenshot(shot("evobrowsecomp-leaderboard"));

    await page.getByTestId("version-picker").getByRole("link", { name: "2025-10" }).click();
    await expect(page).toHaveURL(/version=2025-10/);
    await expect(page.getByTestId("leaderboard")).toHaveAttribute("data-version", "2025-10");
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(3);
    expect(await primaries(page)).not.toEqual(newest);

    const api = await page.request.get("/api/b/evobrowsecomp/leaderboard?version=2025-10");
    const body = (await api.json()) as {
      version: string;
      rows: { benchmarkVersion: string; accuracy: number }[];
    };
    expect(body.version).toBe("2025-10");
    expect(body.rows.every((r) => r.benchmarkVersion === "2025-10")).toBe(true);
    expect((await page.request.get("/api/b/evobrowsecomp/leaderboard?version=1999")).status()).toBe(
      400,
    );

    await page.getByRole("link", { name: "Atlas-Pro (demo)" }).click();
    await page.getByRole("link", { name: /evo-2025-10-en-001 · run 0/ }).click();
    await expect(page.getByTestId("stated-confidence")).toContainText("%");
    await expect(page.getByTestId("tool-calls")).toContainText("/ 40");
    await expect(page.getByTestId("judge-output")).toContainText("correct:");
    await expect(page.getByTestId("run-selector").getByRole("link")).toHaveCount(3);
    await page.screenshot(shot("evobrowsecomp-sample"));
    // A task id holding "/" (the demo's tool-free variants) still opens its sample.
    await page.getByRole("link", { name: "Atlas-Pro (demo)" }).click();
    await page
      .getByTestId("sample-filters")
      .locator("input[name=q]")
      .fill("evo-2025-10-zh-002/tool-free");
    await page.getByTestId("sample-filters").getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "3");
    await page.getByRole("link", { name: /evo-2025-10-zh-002\/tool-free · run 1/ }).click();
    await expect(page.getByTestId("tool-calls")).toContainText("0 / 40");
    expect(errors).toEqual([]);
  });

  test("InfoMosaic: per-domain plots, outcome mix, heatmap; a sample's testcases with verdicts and score", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto("/b/infomosaic");
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(4);
    await expect(page.getByTestId("domain-accuracy-chart")).toHaveAttribute("data-points", "24");
    await expect(page.getByTestId("tool-outcome-chart")).toHaveAttribute("data-points", "4");
    expect(
      Number(await page.getByTestId("tool-calls-chart").getAttribute("data-points")),
    ).toBeGreaterThan(0);
    expect(
      Number(await page.getByTestId("tool-heatmap").getAttribute("data-points")),
    ).toBeGreaterThan(0);
    await expect(page.getByTestId("setting-comparison")).toHaveAttribute("data-points", "14");
    await page.screenshot(shot("infomosaic-leaderboard"));

    await page.getByTestId("setting-picker").getByRole("link", { name: "web-only" }).click();
    await expect(page).toHaveURL(/setting=web-only/);
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(2);

    await page.getByRole("link", { name: "Atlas-Pro (demo)" }).first().click();
    await expect(page.getByTestId("domain-breakdown").locator("tbody tr")).toHaveCount(6);
    await page.screenshot(shot("infomosaic-submission"));
    await page.getByRole("link", { name: "map-1", exact: true }).click();
    const testcases = page.getByTestId("testcases");
    await expect(testcases).toBeVisible();
    const n = Number(await testcases.getAttribute("data-points"));
    await expect(page.getByTestId("testcase-row")).toHaveCount(n);
    const verdicts = await page
      .getByTestId("testcase-row")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-verdict")));
    expect(verdicts.every((v) => v === "CORRECT" || v === "INCORRECT")).toBe(true);
    await expect(page.getByTestId("im-score")).toContainText(/Score [012]/);
    await expect(page.getByTestId("steps")).toBeVisible();
    await page.screenshot(shot("infomosaic-sample"));
    expect(errors).toEqual([]);
  });

  test("QA: one board per dataset", async ({ page }) => {
    const errors = trackErrors(page);
    // Three models on each dataset: Atlas-Pro's browsecomp-demo resubmission is one row, the first under it.
    await page.goto("/b/qa");
    const first = await page.getByTestId("leaderboard").getAttribute("data-version");
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(3);
    await page.screenshot(shot("qa-leaderboard"));
    const other = page
      .getByTestId("dataset-picker")
      .getByRole("link")
      .filter({ hasNot: page.locator("[aria-current]") });
    await page
      .getByTestId("dataset-picker")
      .getByRole("link", { name: first === "frames-demo@v1" ? "browsecomp-demo" : "frames-demo" })
      .click();
    await expect(page).toHaveURL(/dataset=/);
    await expect(page.getByTestId("leaderboard")).not.toHaveAttribute("data-version", first ?? "");
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(3);
    expect(await other.count()).toBeGreaterThanOrEqual(1);
    await page.getByTestId("sort-calibrationError").click();
    await expect(page).toHaveURL(/sort=calibrationError/);
    await page.getByRole("link", { name: "Cobalt-Mini (demo)" }).click();
    await page.getByRole("link", { name: "1", exact: true }).click();
    await expect(page.getByTestId("stated-confidence")).toContainText("%");
    await expect(page.getByTestId("judge-output")).toBeVisible();
    expect(errors).toEqual([]);
  });
});
