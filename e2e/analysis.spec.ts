import { expect, test } from "@playwright/test";
import { shot, trackErrors } from "./helpers";

test.describe("MPW diagnostics page", () => {
  test("draws the three plots with one point per bin and per k, and their cohort sizes", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto("/b/mpw/analysis");
    await expect(page.getByRole("heading", { name: "MPW-Bench diagnostics" })).toBeVisible();

    const models = page.getByTestId("fcr-pass1-model");
    await expect(models).toHaveCount(3);
    const binsFormed = await models.evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute("data-bins-formed"))),
    );
    for (const formed of binsFormed) {
      expect(formed).toBeGreaterThan(0);
      expect(formed).toBeLessThanOrEqual(15);
    }
    const total = binsFormed.reduce((a, b) => a + b, 0);
    const chart = page.getByTestId("fcr-pass1-chart");
    await expect(chart).toHaveAttribute("data-points", String(total));
    // One hover-and-click target per bin, besides the settings' markers.
    await expect(chart.locator("circle[data-series]:not([data-setting])")).toHaveCount(total);
    await expect(page.getByTestId("fcr-bin")).toHaveCount(total);
    // Each model's table says how many bins were actually formed.
    await expect(models.first()).toContainText(`${binsFormed[0]} of 15 bins formed`);

    const deltaPoints = await page
      .getByTestId("delta-facts-model")
      .evaluateAll((els) => els.reduce((n, el) => n + Number(el.getAttribute("data-points")), 0));
    await expect(page.getByTestId("delta-facts-chart")).toHaveAttribute(
      "data-points",
      String(deltaPoints),
    );
    const truncated = page.getByTestId("truncated-model");
    const truncatedPoints = await truncated.evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute("data-points"))),
    );
    // Every model with a non-empty fixed cohort has exactly k_trunc = 8 points.
    const cohorts = await truncated.evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute("data-cohort"))),
    );
    truncatedPoints.forEach((points, i) => expect(points).toBe(cohorts[i] > 0 ? 8 : 0));
    await expect(page.getByTestId("truncated-chart").locator("circle[data-series]")).toHaveCount(
      truncatedPoints.reduce((a, b) => a + b, 0) * 2,
    );

    await page.screenshot(shot("analysis-default"));
    expect(errors).toEqual([]);
  });

  test("a bin drills down to exactly its samples across the pooled settings", async ({ page }) => {
    await page.goto("/b/mpw/analysis");
    const firstModel = page.getByTestId("fcr-pass1-model").first();
    const bin = firstModel.getByTestId("fcr-bin").nth(1);
    const n = Number((await bin.locator("td").nth(2).textContent())?.trim());
    const links = await bin
      .getByTestId("fcr-bin-link")
      .evaluateAll((els) => els.map((el) => (el as HTMLAnchorElement).href));
    expect(links.length).toBeGreaterThan(1);
    let sum = 0;
    for (const href of links) {
      await page.goto(href);
      expect(page.url()).toContain("fcrMin=");
      const count = page.getByTestId("sample-count");
      sum += Number(await count.getAttribute("data-total"));
      const fcrs = await page
        .getByTestId("sample-row")
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-fcr"))));
      const url = new URL(href);
      const lo = Number(url.searchParams.get("fcrMin"));
      const hi = Number(url.searchParams.get("fcrMax"));
      for (const fcr of fcrs) {
        expect(fcr).toBeGreaterThanOrEqual(lo);
        expect(fcr).toBeLessThanOrEqual(hi);
      }
    }
    expect(sum).toBe(n);
  });

  test("a k drills down to the cohort behind it", async ({ page }) => {
    await page.goto("/b/mpw/analysis");
    const model = page.getByTestId("delta-facts-model").first();
    const cohort = Number(await model.getAttribute("data-cohort"));
    expect(cohort).toBeGreaterThan(0);
    await model.getByTestId("delta-facts-cohort-link").click();
    await expect(page).toHaveURL(/minCalls=8/);
    await expect(page).toHaveURL(/cohort=1/);
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(cohort));
    const statuses = await page
      .getByTestId("sample-row")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-status")));
    for (const status of statuses) expect(["finished", "max_turns_reached"]).toContain(status);
    await page.screenshot(shot("analysis-drilldown"));
  });

  test("the controls live in the URL and an impossible cohort shows an empty state", async ({
    page,
  }) => {
    await page.goto("/b/mpw/analysis");
    await page.locator('input[name="kCohort"]').fill("100");
    await page.locator('input[name="kTrunc"]').fill("100");
    await page.locator('input[name="bins"]').fill("5");
    await page.getByRole("button", { name: "Update plots" }).click();
    await expect(page).toHaveURL(/kCohort=100/);
    await expect(page).toHaveURL(/bins=5/);
    await expect(
      page.getByTestId("delta-facts-section").getByTestId("analysis-empty"),
    ).toBeVisible();
    await expect(page.getByTestId("truncated-section").getByTestId("analysis-empty")).toBeVisible();
    for (const formed of await page
      .getByTestId("fcr-pass1-model")
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-bins-formed"))))) {
      expect(formed).toBeLessThanOrEqual(5);
    }
    await page.screenshot(shot("analysis-empty"));
  });

  test("plot data downloads as JSON and CSV from the API", async ({ page, request }) => {
    await page.goto("/b/mpw/analysis");
    const model = page.getByTestId("fcr-pass1-model").first();
    const formed = Number(await model.getAttribute("data-bins-formed"));
    const jsonHref = await model
      .getByTestId("download-links")
      .getByRole("link", { name: "JSON" })
      .getAttribute("href");
    const json = await (await request.get(jsonHref!)).json();
    expect(json.kind).toBe("fcr-pass1");
    expect(json.bins).toHaveLength(formed);
    expect(json.binsFormed).toBe(formed);
    const csv = await (await request.get(`${jsonHref}&format=csv`)).text();
    expect(csv.split("\r\n")[0]).toBe("fcrMin,fcrMax,n,meanFcr,pass1");
    expect(csv.trim().split("\r\n")).toHaveLength(formed + 1);
    const bad = await request.get("/api/analysis/delta-facts?submissions=999999");
    expect(bad.status()).toBe(404);
    const wrongKind = await request.get("/api/analysis/nope?submissions=1");
    expect(wrongKind.status()).toBe(404);
  });
});

test.describe("Δfacts(k) clicks", () => {
  test("a dot opens its own series' samples: two models at the same k open two different lists", async ({
    page,
  }) => {
    await page.goto("/b/mpw/analysis");
    const chart = page.getByTestId("delta-facts-chart");
    await chart.scrollIntoViewIfNeeded();
    const series = await chart
      .locator("circle[data-series]")
      .evaluateAll((dots) => [...new Set(dots.map((d) => d.getAttribute("data-series") ?? ""))]);
    expect(series.length).toBeGreaterThan(1);
    const urls: string[] = [];
    for (const model of series.slice(0, 2)) {
      await chart.locator(`circle[data-series="${model}"][data-k="2"]`).click({ force: true });
      await expect(page).toHaveURL(/\/s\/\d+/);
      urls.push(page.url());
      await page.goBack();
      await chart.scrollIntoViewIfNeeded();
    }
    expect(urls[0]).not.toBe(urls[1]);
  });
});

test.describe("chart data tables", () => {
  for (const path of [
    "/b/mpw/analysis",
    "/b/widesearch",
    "/b/evobrowsecomp/analysis",
    "/b/infomosaic/analysis",
    "/b/qa/analysis",
  ]) {
    test(`${path}: every chart has its figures as a table`, async ({ page }) => {
      await page.goto(path);
      const tables = page.getByTestId("chart-table");
      expect(await tables.count()).toBeGreaterThan(0);
      const first = tables.first();
      await first.locator("summary").click();
      await expect(first.locator("tbody tr").first()).toBeVisible();
      // A rate reads as a percentage, never as a long fraction.
      expect(await first.locator("tbody").innerText()).not.toMatch(/0\.\d{5,}/);
    });
  }
});
