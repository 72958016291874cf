import { expect, test, type Page } from "@playwright/test";
import { BENCHMARK_IDS, BENCHMARK_INFO } from "../lib/benchmarks/info";
import { trackErrors } from "./helpers";

/**
 * Every benchmark in the registry: its leaderboard loaded directly, and the switch to its
 * diagnostics (each diagnostics page's plots: diagnostics.spec.ts; submissions and samples:
 * benchmark-pages.spec.ts). A benchmark added to the registry is covered here without a new line.
 */

async function load(page: Page, url: string): Promise<string[]> {
  const errors = trackErrors(page);
  const response = await page.goto(url);
  expect(response?.status(), `${url} answers 200`).toBe(200);
  await expect(page.getByRole("heading", { name: "Not found" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  return errors;
}

for (const id of BENCHMARK_IDS) {
  const name = BENCHMARK_INFO[id].name;

  test.describe(`${id}: leaderboard and diagnostics`, () => {
    test("the leaderboard, and the switch to its diagnostics", async ({ page }) => {
      const errors = await load(page, `/b/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
      const viewSwitch = page.getByRole("navigation", {
        name: "Leaderboard, diagnostics or search",
      });
      await expect(viewSwitch.locator("[aria-current=page]")).toHaveText("Leaderboard");

      await viewSwitch.getByRole("link", { name: "Diagnostics" }).click();
      await expect(page).toHaveURL(new RegExp(`/b/${id}/analysis$`));
      await expect(viewSwitch.locator("[aria-current=page]")).toHaveText("Diagnostics");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} diagnostics`);
      expect(errors).toEqual([]);
    });

    test("the home card's leader is the first row of the view the board opens on", async ({
      page,
    }) => {
      await page.goto("/");
      const card = page.getByTestId(`benchmark-${id}`);
      await expect(card.getByTestId("leader-view")).toBeVisible();
      const leader = await card
        .locator("dd", { has: page.getByTestId("leader-view") })
        .textContent();
      await card.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/b/${id}$`));
      const first = await page.getByTestId("leaderboard-row").first().getAttribute("data-model");
      expect(leader).toContain(`${first} (`);
    });

    test("the view exports as JSON and CSV, and two picked rows open compare", async ({
      page,
      request,
    }) => {
      await page.goto(`/b/${id}`);
      const rows = page.getByTestId("leaderboard-row");
      const models = await rows.evaluateAll((trs) =>
        trs.map((tr) => tr.getAttribute("data-model")),
      );

      const json = await request.get((await page.getByTestId("export-json").getAttribute("href"))!);
      expect(json.status()).toBe(200);
      const body = (await json.json()) as { rows: { model: string; submissionId: number }[] };
      expect(body.rows.map((r) => r.model)).toEqual(models);

      const csv = await request.get((await page.getByTestId("export-csv").getAttribute("href"))!);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      const lines = (await csv.text()).trimEnd().split("\r\n");
      expect(lines[0].split(",").slice(0, 2)).toEqual(["submissionId", "model"]);
      expect(lines).toHaveLength(models.length + 1);

      await page.getByTestId("compare-pick").nth(0).check();
      await page.getByTestId("compare-pick").nth(1).check();
      await page.getByTestId("compare-picked").click();
      await expect(page).toHaveURL(
        new RegExp(`/compare\\?s=${body.rows[0].submissionId}&s=${body.rows[1].submissionId}$`),
      );
      await expect(page.getByTestId("outcome-matrix")).toBeVisible();
    });
  });
}
