import { expect, test, type Locator, type Page } from "@playwright/test";
import { shot, trackErrors } from "./helpers";

/**
 * Charts show and act on one series at a time: hovering a point names that point's series alone
 * with formatted figures, and a click opens that series' own drill-down.
 */

/** A figure as the app writes it: "34.6%", "0.35", a count; never a raw float such as 0.34615384615384615. */
const RAW_FLOAT = /\d\.\d{4,}/;
const FORMATTED = /\d+(\.\d)?%|\d\.\d\d/;

/** The point targets whose centre is not covered by another series' target, so a real hover lands on them. */
async function uncoveredTargets(
  chart: Locator,
  selector = "circle[data-series]",
): Promise<number[]> {
  await chart.scrollIntoViewIfNeeded();
  return chart.locator(selector).evaluateAll((targets) =>
    targets.flatMap((target, i) => {
      const box = target.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === target
        ? [i]
        : [];
    }),
  );
}

/** Hovers point `nth` of the uncovered ones and checks the tooltip names its series and nothing else. */
async function hoverPoint(chart: Locator, nth = 0): Promise<string> {
  const targets = chart.locator("circle[data-series]");
  const names = [
    ...new Set(
      await targets.evaluateAll((els) => els.map((el) => el.getAttribute("data-series") ?? "")),
    ),
  ];
  const uncovered = await uncoveredTargets(chart);
  expect(uncovered.length).toBeGreaterThan(nth);
  const target = targets.nth(uncovered[nth]);
  const series = (await target.getAttribute("data-series")) ?? "";
  await target.hover();
  const tooltip = chart.getByTestId("series-tooltip");
  await expect(tooltip).toHaveCount(1);
  await expect(tooltip).toHaveAttribute("data-series", series);
  const text = (await tooltip.textContent()) ?? "";
  expect(text.startsWith(series), text).toBe(true);
  // No other series is named (one whose name is part of this one's cannot be told apart in text).
  for (const other of names.filter((n) => n !== series && !series.includes(n)))
    expect(text, `${series} tooltip names ${other}`).not.toContain(other);
  expect(text).toMatch(FORMATTED);
  expect(text).not.toMatch(RAW_FLOAT);
  return series;
}

async function chartOn(page: Page, path: string, testId: string): Promise<Locator> {
  await page.goto(path);
  const chart = page.getByTestId(testId);
  await expect(chart).toBeVisible();
  return chart;
}

test.describe("one series at a time", () => {
  const LINE_CHARTS = [
    { path: "/b/mpw/analysis", testId: "fcr-pass1-chart" },
    { path: "/b/mpw/analysis", testId: "delta-facts-chart" },
    { path: "/b/mpw/analysis", testId: "truncated-chart" },
    { path: "/b/widesearch/analysis", testId: "scaling-chart" },
    { path: "/b/infomosaic/analysis", testId: "tool-calls-chart" },
    { path: "/b/qa/analysis", testId: "reliability-chart" },
    { path: "/b/mpw", testId: "cost-accuracy-plot" },
  ];
  for (const { path, testId } of LINE_CHARTS) {
    test(`${testId}: hovering a point names only its series, with formatted figures`, async ({
      page,
    }) => {
      const errors = trackErrors(page);
      const chart = await chartOn(page, path, testId);
      const series = await hoverPoint(chart);
      await chart.screenshot({ path: shot(`chart-hover-${testId}`).path, animations: "disabled" });
      // The other series' points are dimmed while one is hovered.
      const seriesCount = new Set(
        await chart
          .locator("circle[data-series]")
          .evaluateAll((els) => els.map((el) => el.getAttribute("data-series"))),
      ).size;
      if (seriesCount > 1) {
        const opacities = await chart
          .locator("circle:not([data-series])[fill-opacity]")
          .evaluateAll((marks) => marks.map((m) => Number(m.getAttribute("fill-opacity"))));
        expect(
          opacities.some((o) => o < 0.21),
          `${series}: others dimmed`,
        ).toBe(true);
      }
      await chart.locator("..").hover({ position: { x: 2, y: 2 } });
      await expect(chart.getByTestId("series-tooltip")).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  test("the WideSearch precision–recall scatter names the hovered point's series", async ({
    page,
  }) => {
    const chart = await chartOn(page, "/b/widesearch/analysis", "precision-recall-chart");
    await chart.scrollIntoViewIfNeeded();
    const symbols = chart.locator(".recharts-scatter").nth(1).locator(".recharts-scatter-symbol");
    await symbols.first().hover();
    const tooltip = chart.getByTestId("series-tooltip");
    await expect(tooltip).toHaveAttribute("data-series", "items (cells)");
    await expect(tooltip).toContainText(/precision \d+\.\d%/);
    await expect(tooltip).not.toContainText(RAW_FLOAT);
  });

  const BAR_CHARTS = [
    { path: "/b/evobrowsecomp/analysis", testId: "evo-setting-chart", second: "tool-free" },
    { path: "/b/infomosaic/analysis", testId: "tool-outcome-chart", second: "selection-error" },
  ];
  for (const { path, testId, second } of BAR_CHARTS) {
    test(`${testId}: hovering a bar names only its series`, async ({ page }) => {
      const chart = await chartOn(page, path, testId);
      await chart.scrollIntoViewIfNeeded();
      // Bars are drawn one layer per series, in the legend's order.
      const bars = chart.locator(".recharts-bar").nth(1).locator(".recharts-bar-rectangle path");
      const index = await bars.evaluateAll((paths) =>
        paths.findIndex(
          (p) => p.getBoundingClientRect().width > 2 && p.getBoundingClientRect().height > 2,
        ),
      );
      expect(index).toBeGreaterThanOrEqual(0);
      await bars.nth(index).hover();
      const tooltip = chart.getByTestId("series-tooltip");
      await expect(tooltip).toHaveCount(1);
      await expect(tooltip).toHaveAttribute("data-series", second);
      await expect(tooltip).toContainText(/\d+\.\d%/);
      await expect(tooltip).not.toContainText(RAW_FLOAT);
    });
  }
});

/** Clicks an uncovered point of one series (a covered one would take the click of the series drawn over it). */
async function clickPointOf(chart: Locator, selector: string): Promise<Locator> {
  const uncovered = await uncoveredTargets(chart, selector);
  expect(uncovered.length, selector).toBeGreaterThan(0);
  const target = chart.locator(selector).nth(uncovered[0]);
  // As a user does: rest on the point, read its tooltip, then click.
  await target.hover();
  await expect(chart.getByTestId("series-tooltip")).toHaveAttribute(
    "data-series",
    (await target.getAttribute("data-series")) ?? "",
  );
  await target.click();
  return target;
}

test.describe("a click acts on the clicked point's series", () => {
  test("FCR vs Pass@1: a bin's dot opens that model's bin, for two models", async ({ page }) => {
    const chart = await chartOn(page, "/b/mpw/analysis", "fcr-pass1-chart");
    const models = await page
      .getByTestId("fcr-pass1-model")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-model") ?? ""));
    expect(models.length).toBeGreaterThan(1);
    for (const model of models.slice(0, 2)) {
      const target = await clickPointOf(
        chart,
        `circle[data-series="${model}"]:not([data-setting])`,
      );
      const index = await target.getAttribute("data-index");
      await expect
        .poll(() => new URL(page.url()).hash)
        .toBe(`#fcr-bin-${encodeURIComponent(model)}-${index}`);
    }
  });

  test("FCR(k) / HitPrec(k): a dot opens its own model's fixed cohort", async ({ page }) => {
    const chart = await chartOn(page, "/b/mpw/analysis", "truncated-chart");
    const items = await page.getByTestId("truncated-model").evaluateAll((els) =>
      els.map((el) => ({
        model: el.getAttribute("data-model") ?? "",
        href:
          (el.querySelector("a[data-testid=truncated-cohort-link]") as HTMLAnchorElement | null)
            ?.href ?? "",
      })),
    );
    expect(items.length).toBeGreaterThan(1);
    expect(items[0].href).not.toBe(items[1].href);
    for (const [item, curve] of [
      [items[1], "HitPrec(k)"],
      [items[0], "FCR(k)"],
    ] as const) {
      await clickPointOf(chart, `circle[data-series="${item.model} ${curve}"]`);
      await expect(page).toHaveURL(item.href);
      await page.goBack();
      await expect(chart).toBeVisible();
    }
  });
});
