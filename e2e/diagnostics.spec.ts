import { expect, test } from "@playwright/test";
import { shot, trackErrors } from "./helpers";

/** Every benchmark's diagnostics page, loaded directly, with its plots and the Leaderboard / Diagnostics switch. */

const BENCHMARKS = [
  {
    id: "mpw",
    name: "MPW-Bench",
    plots: ["fcr-pass1-chart", "delta-facts-chart", "truncated-chart"],
  },
  { id: "widesearch", name: "WideSearch", plots: ["precision-recall-chart", "scaling-chart"] },
  { id: "webdetective", name: "WebDetective", plots: ["region-table", "profile-map"] },
  { id: "evobrowsecomp", name: "EvoBrowseComp", plots: ["evo-setting-chart"] },
  {
    id: "infomosaic",
    name: "InfoMosaic-Bench",
    plots: [
      "setting-comparison",
      "domain-accuracy-chart",
      "domain-passrate-chart",
      "tool-outcome-chart",
      "tool-calls-chart",
      "tool-heatmap",
    ],
  },
  { id: "qa", name: "QA (BrowseComp-style)", plots: ["reliability-chart", "calibration-table"] },
];

test.describe("diagnostics pages", () => {
  for (const b of BENCHMARKS) {
    test(`/b/${b.id}/analysis`, async ({ page }) => {
      const errors = trackErrors(page);
      const response = await page.goto(`/b/${b.id}/analysis`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${b.name} diagnostics`);
      const current = page.getByTestId("board-switch").locator("[aria-current=page]");
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText("Diagnostics");
      for (const plot of b.plots)
        expect(
          Number(await page.getByTestId(plot).getAttribute("data-points")),
          plot,
        ).toBeGreaterThan(0);
      await page.screenshot(shot(`diagnostics-${b.id}`));

      await page.getByTestId("leaderboard-link").click();
      await expect(page).toHaveURL(new RegExp(`/b/${b.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${b.name} leaderboard`);
      await expect(page.getByTestId("board-switch").locator("[aria-current=page]")).toHaveText(
        "Leaderboard",
      );
      expect(errors).toEqual([]);
    });
  }

  test("the switch keeps the board's version", async ({ page }) => {
    await page.goto("/b/evobrowsecomp?version=2025-10");
    await page.getByTestId("analysis-link").click();
    await expect(page).toHaveURL(/\/b\/evobrowsecomp\/analysis\?version=2025-10$/);
    await expect(page.getByTestId("version-picker").locator("[aria-current=page]")).toHaveText(
      "2025-10",
    );
  });
});
