/**
 * Board tables at a laptop's width (1366 px) and on a phone (390 px): a column shows only when
 * some row reports it (the rest are named under the table), "#", model and primary metric stay
 * while the table scrolls, a table that scrolls says so, and every scroll region is reachable
 * from the keyboard. axe runs with every chart's data table opened, at both widths.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { BENCHMARK_IDS, BENCHMARK_INFO } from "../lib/benchmarks/info";
import { shot } from "./helpers";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
/** What a cell says when its row does not report the column. */
const UNREPORTED = new Set(["—", "not reported", "n/a"]);

/** Header texts and, per column, whether any body row reports a value. */
async function columns(page: Page): Promise<{ label: string; reported: boolean }[]> {
  return page.getByTestId("leaderboard").evaluate(
    (table, unreported) => {
      const heads = [...table.querySelectorAll("thead th")].map((th) =>
        (th.textContent ?? "").replace(/[▲▼]/g, "").trim(),
      );
      const rows = [...table.querySelectorAll('tbody tr[data-testid="leaderboard-row"]')];
      return heads.map((label, i) => ({
        label,
        reported: rows.some((row) => {
          const text = (row.querySelectorAll("td")[i]?.textContent ?? "").trim();
          return text !== "" && !unreported.includes(text);
        }),
      }));
    },
    [...UNREPORTED],
  );
}

test.describe("at 1366 px", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  for (const id of BENCHMARK_IDS) {
    test(`${id}: only reported columns, named when left out; a wide table says it scrolls and keeps its first columns`, async ({
      page,
    }) => {
      await page.goto(`/b/${id}`);
      await page.waitForLoadState("networkidle");
      const shown = await columns(page);
      // "#", the model and the team say something on every row; every other column is reported by a row.
      const unreportedShown = shown
        .slice(2)
        .filter((c) => c.label !== "Team" && !c.reported)
        .map((c) => c.label);
      expect(unreportedShown, `${id}: columns no row reports`).toEqual([]);
      const hidden = page.getByTestId("hidden-columns");
      if (await hidden.count()) {
        const labels = ((await hidden.getAttribute("data-columns")) ?? "").split("|");
        for (const label of labels)
          expect(
            shown.map((c) => c.label),
            `${id}: ${label} is left out`,
          ).not.toContain(label);
      }

      const region = page.getByRole("region", { name: "Leaderboard" });
      await expect(region).toHaveAttribute("tabindex", "0");
      const overflows = await region.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      await expect(page.getByTestId("scroll-hint")).toHaveCount(overflows ? 1 : 0);
      const primary = page.getByTestId("leaderboard").locator("thead th").nth(2);
      const before = await primary.boundingBox();
      if (overflows) {
        // The keyboard scrolls it: focus the region, then the arrow keys.
        await region.focus();
        for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
        await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        const after = await primary.boundingBox();
        expect(after?.x, `${id}: the primary metric stays in place`).toBeCloseTo(
          before?.x ?? -1,
          0,
        );
        const coverage = page
          .getByTestId("leaderboard")
          .locator("thead th", { hasText: "Coverage" });
        const box = await coverage.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
      }
      await page.screenshot(shot(`board-table-${id}-1366`));
    });
  }
});

test.describe("at 1366 × 900", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("every board's table fits the window: nothing scrolls sideways, coverage and cost in view", async ({
    page,
  }) => {
    for (const id of BENCHMARK_IDS) {
      await page.goto(`/b/${id}`);
      const region = page.getByRole("region", { name: "Leaderboard" });
      const widths = await region.evaluate((el) => ({
        table: el.scrollWidth,
        region: el.clientWidth,
        page: document.documentElement.scrollWidth,
      }));
      expect(widths.table, `${id}: the table's width`).toBeLessThanOrEqual(widths.region);
      expect(widths.page, `${id}: the page's width`).toBeLessThanOrEqual(1366);
      await expect(page.getByTestId("scroll-hint"), id).toHaveCount(0);
      // The standing's columns come last: coverage, then cost and time where a row reports them.
      const last = page.getByTestId("leaderboard").locator("thead th").last();
      for (const head of [
        page.getByTestId("leaderboard").locator("thead th", { hasText: "Coverage" }),
        last,
      ]) {
        const box = await head.boundingBox();
        expect(
          (box?.x ?? 0) + (box?.width ?? 0),
          `${id}: ${await head.innerText()}`,
        ).toBeLessThanOrEqual(1366);
      }
      await page.screenshot(shot(`board-fit-${id}-1366`));
    }
  });
});

/** The routes of a benchmark whose tables are checked: its board, its analysis and its first submission. */
async function routesOf(page: Page, id: string): Promise<string[]> {
  await page.goto(`/b/${id}`);
  const submission = await page
    .getByTestId("leaderboard-row")
    .first()
    .locator('a[href^="/s/"]')
    .first()
    .getAttribute("href");
  return [`/b/${id}`, `/b/${id}/analysis`, submission!];
}

async function expectAxeCleanWithTablesOpen(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  const opened = await page
    .getByTestId("chart-table")
    .evaluateAll((tables) => tables.map((t) => t.setAttribute("open", "")).length);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary ?? ""}`),
    }));
  console.log(`axe ${url} (${opened} data tables open): ${blocking.length} blocking rules`);
  expect.soft(blocking, `serious or critical axe violations on ${url}`).toEqual([]);
}

test.describe.configure({ timeout: 240_000 });

// At a desktop width e2e/axe.spec.ts runs the same rules with the tables open; a phone's is here.
test.describe("axe with every data table open at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const id of BENCHMARK_IDS) {
    test(`${id}: board, analysis and a submission`, async ({ page }) => {
      for (const url of await routesOf(page, id)) await expectAxeCleanWithTablesOpen(page, url);
    });
  }
});

test.describe("small things a visitor notices", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("each benchmark's filter box offers its own example query", async ({ page }) => {
    for (const id of BENCHMARK_IDS) {
      const [, , submission] = await routesOf(page, id);
      await page.goto(submission);
      await expect(page.getByTestId("filter-query"), id).toHaveAttribute(
        "placeholder",
        BENCHMARK_INFO[id].filterExample,
      );
    }
  });

  test("the cost–accuracy plot's axes step evenly and end on a tick", async ({ page }) => {
    for (const id of BENCHMARK_IDS) {
      await page.goto(`/b/${id}`);
      const plot = page.getByTestId("cost-accuracy-plot");
      if ((await plot.count()) === 0) continue;
      await plot.locator(".recharts-yAxis-tick-labels text").first().waitFor();
      const ticks = (await plot.locator(".recharts-yAxis-tick-labels text").allTextContents()).map(
        (t) => Number(t.replace("%", "")),
      );
      const steps = ticks.slice(1).map((t, i) => Number((t - ticks[i]).toFixed(6)));
      expect(new Set(steps).size, `${id}: y ticks ${ticks.join(", ")}`).toBe(1);
    }
  });

  test("same-model scaling series carry names that tell them apart", async ({ page }) => {
    await page.goto("/b/widesearch/analysis");
    const legend = page.getByTestId("scaling-chart").locator(".recharts-legend-item-text");
    await legend.first().waitFor();
    const names = await legend.allTextContents();
    expect(new Set(names).size, names.join(" | ")).toBe(names.length);
  });

  test("a WebDetective rate without an interval says why", async ({ page }) => {
    await page.goto("/b/webdetective");
    const cells = page.getByTestId("leaderboard-row").locator("td");
    const texts = await cells.allTextContents();
    // Every "0.0%" rate either has its interval or the empty-denominator note.
    for (const text of texts.filter((t) => t.trim().startsWith("0.0%")))
      expect(text).toMatch(/0\.0%(\[|\s*\[)/);
  });
});
