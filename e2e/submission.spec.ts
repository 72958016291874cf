import { expect, test, type Page } from "@playwright/test";
import { sampleRowsAttr, sampleTotal, shot, submissionIdOf, trackErrors } from "./helpers";

/** A setting-C submission with every termination status in the demo data. */
const MODEL = "MindWatcher 32B";
const TASKS = 240;
const PAGE_SIZE = 50;

let submissionId: number;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  submissionId = await submissionIdOf(page, MODEL, "C");
  await page.close();
});

const filters = (page: Page) => page.getByTestId("sample-filters");
const rows = (page: Page) => page.getByTestId("sample-row");

async function applyFilters(
  page: Page,
  change: (form: ReturnType<typeof filters>) => Promise<void>,
): Promise<void> {
  await change(filters(page));
  await Promise.all([
    page.waitForURL(/\/s\/\d+\?/),
    filters(page).getByRole("button", { name: "Filter" }).click(),
  ]);
  await expect(page.getByTestId("sample-count")).toBeVisible();
}

/** "api_error 5 · finished 224 · …" from the Samples stat. */
async function statusCounts(page: Page): Promise<Record<string, number>> {
  const note = await page
    .getByTestId("overall-metrics")
    .locator("> div")
    .filter({ hasText: /^Samples/ })
    .locator("div")
    .last()
    .textContent();
  return Object.fromEntries(
    [...(note ?? "").matchAll(/([a-z_]+) (\d+)/g)].map((m) => [m[1], Number(m[2])]),
  );
}

async function breakdownN(page: Page, testId: string, label: string): Promise<number> {
  const row = page
    .getByTestId(testId)
    .locator("tbody tr")
    .filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${label}$`) }) });
  await expect(row).toHaveCount(1);
  return Number(await row.locator("td").nth(1).textContent());
}

test.describe("submission page", () => {
  test("shows overall metrics, the tier breakdown, the tier chart and the first page of samples", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto(`/s/${submissionId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MODEL);
    await expect(page).toHaveTitle(`${MODEL} · C · Seekboard`);

    const metrics = page.getByTestId("overall-metrics");
    for (const label of ["Pass@1", "FCR", "HitRate", "ToolCalls", "Samples"])
      await expect(metrics).toContainText(label);
    await expect(metrics).toContainText(/Pass@1\d+\.\d%\[\d+\.\d, \d+\.\d\]/);
    const counts = await statusCounts(page);
    expect(
      Object.values(counts).reduce((a, b) => a + b, 0),
      "status counts add up to the samples",
    ).toBe(TASKS);

    const tiers = page.getByTestId("tier-breakdown").locator("tbody tr");
    await expect(tiers).toHaveCount(3);
    await expect(tiers.locator("td:first-child")).toHaveText(["easy", "medium", "hard"]);
    const tierN = await Promise.all(
      ["easy", "medium", "hard"].map((t) => breakdownN(page, "tier-breakdown", t)),
    );
    expect(
      tierN.reduce((a, b) => a + b, 0),
      "tiers partition the samples",
    ).toBe(TASKS);

    const chart = page.getByTestId("tier-chart");
    await expect(chart).toHaveAttribute("data-points", "3");
    await expect(chart.locator("svg.recharts-surface").first()).toBeVisible();
    // Pass@1 and FCR bars for each of the three tiers, with the tiers on the x axis.
    await expect(chart.locator(".recharts-bar-rectangle")).toHaveCount(6);
    await expect(chart.locator(".recharts-xAxis-tick-labels text")).toHaveText([
      "easy",
      "medium",
      "hard",
    ]);
    await expect(chart.locator(".recharts-yAxis-tick-labels text")).toHaveText([
      "0%",
      "25%",
      "50%",
      "75%",
      "100%",
    ]);
    await expect(chart.locator(".recharts-errorBar")).toHaveCount(3);
    // Bar heights match the breakdown's Pass@1 (the y axis spans 0–100%).
    const axisHeight = Number(
      await chart
        .locator(".recharts-yAxis line.recharts-cartesian-axis-line")
        .getAttribute("height"),
    );
    const barHeights = await chart
      .locator('path[name="Pass@1"]')
      .evaluateAll((paths) => paths.map((p) => Number(p.getAttribute("height"))));
    const tierPass1 = (await tiers.locator("td:nth-child(3)").allTextContents()).map(
      (t) => Number(/^(\d+\.\d)%/.exec(t)?.[1]) / 100,
    );
    expect(barHeights).toHaveLength(3);
    barHeights.forEach((h, i) =>
      expect(h / axisHeight, `Pass@1 bar of tier ${i}`).toBeCloseTo(tierPass1[i], 2),
    );
    const box = await chart.boundingBox();
    expect(box?.width ?? 0, "the chart has room to draw").toBeGreaterThan(200);

    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(TASKS));
    await expect(page.getByTestId("sample-count")).toHaveText(
      `${TASKS} samples match · page 1 of ${Math.ceil(TASKS / PAGE_SIZE)}`,
    );
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
    await expect(page.locator("a[rel=prev]")).toHaveCount(0);
    await expect(page.locator("a[rel=next]")).toHaveCount(1);

    // The category breakdown is folded away until asked for.
    const categories = page.getByTestId("category-breakdown");
    await expect(categories).toBeHidden();
    await page.getByText(/^By category \(\d+\)$/).click();
    await expect(categories).toBeVisible();
    expect(await categories.locator("tbody tr").count()).toBeGreaterThan(10);
    await page.screenshot(shot("submission"));
    expect(errors).toEqual([]);
  });

  test("verdict filter: incorrect keeps only failed samples and the total drops", async ({
    page,
  }) => {
    await page.goto(`/s/${submissionId}`);
    await applyFilters(page, (form) =>
      form
        .locator("select[name=verdict]")
        .selectOption("incorrect")
        .then(() => undefined),
    );
    await expect(page).toHaveURL(/[?&]verdict=incorrect(&|#|$)/);
    await expect(filters(page).locator("select[name=verdict]")).toHaveValue("incorrect");
    const incorrect = await sampleTotal(page);
    expect(incorrect).toBeGreaterThan(0);
    expect(incorrect).toBeLessThan(TASKS);
    await expect(rows(page)).toHaveCount(Math.min(PAGE_SIZE, incorrect));
    expect(new Set(await sampleRowsAttr(page, "data-correct"))).toEqual(new Set(["0"]));
    await expect(
      page.getByTestId("sample-table").getByText("correct", { exact: true }),
    ).toHaveCount(0);
    await page.screenshot(shot("submission-filtered-incorrect"));

    await applyFilters(page, (form) =>
      form
        .locator("select[name=verdict]")
        .selectOption("correct")
        .then(() => undefined),
    );
    const correct = await sampleTotal(page);
    expect(new Set(await sampleRowsAttr(page, "data-correct"))).toEqual(new Set(["1"]));
    expect(correct + incorrect, "correct and incorrect partition the samples").toBe(TASKS);
    // Pass@1 on the page is the correct share.
    await expect(page.getByTestId("overall-metrics")).toContainText(
      `${((correct / TASKS) * 100).toFixed(1)}%`,
    );
  });

  test("status filter: max_turns_reached lists exactly those samples, all failed", async ({
    page,
  }) => {
    await page.goto(`/s/${submissionId}`);
    const expected = (await statusCounts(page)).max_turns_reached;
    expect(expected, "the demo submission has max_turns_reached samples").toBeGreaterThan(0);
    await applyFilters(page, (form) =>
      form
        .locator("select[name=status]")
        .selectOption("max_turns_reached")
        .then(() => undefined),
    );
    await expect(page).toHaveURL(/[?&]status=max_turns_reached(&|#|$)/);
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(expected));
    await expect(rows(page)).toHaveCount(expected);
    expect(new Set(await sampleRowsAttr(page, "data-status"))).toEqual(
      new Set(["max_turns_reached"]),
    );
    // An agent that ran out of turns gave no answer.
    expect(new Set(await sampleRowsAttr(page, "data-correct"))).toEqual(new Set(["0"]));

    // Combined with verdict=correct nothing is left.
    await applyFilters(page, (form) =>
      form
        .locator("select[name=verdict]")
        .selectOption("correct")
        .then(() => undefined),
    );
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "0");
    await expect(page.getByText("No sample matches these filters.")).toBeVisible();
    await expect(page.getByTestId("sample-table")).toHaveCount(0);
  });

  test("tier and category filters agree with the breakdown tables", async ({ page }) => {
    await page.goto(`/s/${submissionId}`);
    const hard = await breakdownN(page, "tier-breakdown", "hard");
    await applyFilters(page, (form) =>
      form
        .locator("select[name=tier]")
        .selectOption("hard")
        .then(() => undefined),
    );
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(hard));
    const tierCells = await page
      .getByTestId("sample-row")
      .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll("td")[5]?.textContent?.trim()));
    expect(new Set(tierCells)).toEqual(new Set(["hard"]));

    await page.goto(`/s/${submissionId}`);
    await page.getByText(/^By category \(\d+\)$/).click();
    const f1 = await breakdownN(page, "category-breakdown", "Formula 1");
    await applyFilters(page, (form) =>
      form
        .locator("select[name=category]")
        .selectOption("Formula 1")
        .then(() => undefined),
    );
    await expect(page).toHaveURL(/[?&]category=Formula\+1(&|#|$)/);
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(f1));
  });

  test("FCR range filter: every data-fcr lies in the range, also on the next page", async ({
    page,
  }) => {
    await page.goto(`/s/${submissionId}`);
    await applyFilters(page, async (form) => {
      await form.locator("input[name=fcrMin]").fill("0.25");
      await form.locator("input[name=fcrMax]").fill("0.5");
    });
    await expect(page).toHaveURL(/[?&]fcrMin=0\.25(&|#|$)/);
    await expect(page).toHaveURL(/[?&]fcrMax=0\.5(&|#|$)/);
    await expect(filters(page).locator("input[name=fcrMin]")).toHaveValue("0.25");
    await expect(filters(page).locator("input[name=fcrMax]")).toHaveValue("0.5");
    const total = await sampleTotal(page);
    expect(total).toBeGreaterThan(PAGE_SIZE); // so the range spans pages
    expect(total).toBeLessThan(TASKS);
    const inRange = async () => {
      const values = await sampleRowsAttr(page, "data-fcr");
      expect(values.length).toBeGreaterThan(0);
      for (const v of values) {
        expect(v, "a sample inside an FCR range has an FCR").not.toBe("");
        expect(Number(v)).toBeGreaterThanOrEqual(0.25);
        expect(Number(v)).toBeLessThanOrEqual(0.5);
      }
    };
    await inRange();
    await page.screenshot(shot("submission-filtered-fcr"));

    await page.locator("a[rel=next]").click();
    await expect(page).toHaveURL(/[?&]page=2(&|#|$)/);
    await expect(page).toHaveURL(/[?&]fcrMin=0\.25(&|#|$)/);
    await expect(page.getByTestId("sample-count")).toContainText("page 2 of");
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(total));
    await inRange();
  });

  test("text filter: matches the question, the gold answer or the task id", async ({ page }) => {
    await page.goto(`/s/${submissionId}`);
    await applyFilters(page, (form) => form.locator("input[name=q]").fill("Formula 1"));
    await expect(page).toHaveURL(/[?&]q=Formula\+1(&|#|$)/);
    await expect(filters(page).locator("input[name=q]")).toHaveValue("Formula 1");
    const total = await sampleTotal(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(TASKS);
    const questions = await page
      .getByTestId("sample-row")
      .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll("td")[1]?.textContent ?? ""));
    for (const q of questions) expect(q).toContain("Formula 1");

    // A real MPW task, in Chinese: only task 0 asks about Wimbledon.
    await applyFilters(page, (form) => form.locator("input[name=q]").fill("温布尔登"));
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "1");
    await expect(rows(page).getByRole("link")).toHaveText("#0");

    // The gold answer is searched too although the table does not show it.
    await applyFilters(page, (form) => form.locator("input[name=q]").fill("Greta Gerwig"));
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "1");
    await expect(rows(page).getByRole("link")).toHaveText("#2");

    // LIKE wildcards are taken literally.
    await applyFilters(page, (form) => form.locator("input[name=q]").fill("%_%"));
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "0");
    await expect(page.getByText("No sample matches these filters.")).toBeVisible();

    // Clear drops every filter.
    await filters(page).getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${submissionId}(#samples)?$`));
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(TASKS));
    await expect(filters(page).locator("input[name=q]")).toHaveValue("");
  });

  test("pagination walks all pages forward and back", async ({ page }) => {
    await page.goto(`/s/${submissionId}`);
    const pages = Math.ceil(TASKS / PAGE_SIZE);
    const keysOf = () => page.getByTestId("sample-row").getByRole("link").allTextContents();
    const seen = new Set<string>();
    for (let n = 1; n <= pages; n++) {
      await expect(page.getByTestId("sample-count")).toContainText(`page ${n} of ${pages}`);
      const expectedRows = n < pages ? PAGE_SIZE : TASKS - PAGE_SIZE * (pages - 1);
      await expect(rows(page)).toHaveCount(expectedRows);
      for (const key of await keysOf()) {
        expect(seen.has(key), `sample ${key} appears on two pages`).toBe(false);
        seen.add(key);
      }
      await expect(page.locator("a[rel=prev]")).toHaveCount(n > 1 ? 1 : 0);
      if (n < pages) {
        await page.locator("a[rel=next]").click();
        await expect(page).toHaveURL(new RegExp(`[?&]page=${n + 1}(&|#|$)`));
      } else {
        await expect(page.locator("a[rel=next]")).toHaveCount(0);
      }
    }
    expect(seen.size, "every sample is listed exactly once").toBe(TASKS);

    await page.locator("a[rel=prev]").click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pages - 1}(&|#|$)`));
    await expect(page.getByTestId("sample-count")).toContainText(`page ${pages - 1} of ${pages}`);
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
  });

  test("a sample row opens its trajectory", async ({ page }) => {
    await page.goto(`/s/${submissionId}?verdict=incorrect`);
    const row = rows(page).nth(2);
    const link = row.getByRole("link");
    const key = ((await link.textContent()) ?? "").replace(/^#/, "");
    await link.click();
    await expect(page).toHaveURL(
      new RegExp(`/s/${submissionId}/t/${key}\\?list=1&verdict=incorrect$`),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Task #${key}`);
    await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
    await expect(page.getByTestId("steps")).toBeVisible();
  });

  test("setting A: FCR and HitRate show n/a, as on the leaderboard", async ({ page }) => {
    // Known app bug: the setting-A submission page shows FCR and HitRate as "0.0% ±0.0"
    // (and 0% per sample) although the leaderboard says they do not apply ("n/a").
    // Fix in app/s/[id]/page.tsx (Stat FCR / HitRate), BreakdownTable and SampleTable; then delete this line.
    const id = await submissionIdOf(page, "MindWatcher 32B", "A");
    await page.goto(`/s/${id}`);
    await expect(page.getByRole("link", { name: "MPW-Bench · setting A" })).toBeVisible();
    const metrics = page.getByTestId("overall-metrics").locator("> div");
    await expect(metrics.filter({ hasText: /^FCR/ })).toContainText("n/a");
    await expect(metrics.filter({ hasText: /^HitRate/ })).toContainText("n/a");
  });
});
