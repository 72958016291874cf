import { expect, test, type Page } from "@playwright/test";
import { shot, submissionIdOf, trackErrors } from "./helpers";

async function matrixCounts(page: Page): Promise<Record<string, number>> {
  const cells = await page
    .getByTestId("matrix-cell")
    .evaluateAll((links) =>
      links.map(
        (l) => [l.getAttribute("data-cell") ?? "", Number(l.getAttribute("data-count"))] as const,
      ),
    );
  return Object.fromEntries(cells);
}

async function correctCount(page: Page, submissionId: number): Promise<number> {
  const response = await page.request.get(`/api/s/${submissionId}/samples?verdict=correct`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { total: number }).total;
}

test("compare two MPW submissions: matrix, a cell's tasks, one task side by side", async ({
  page,
}) => {
  const errors = trackErrors(page);
  const a = await submissionIdOf(page, "GPT-5", "C");
  const b = await submissionIdOf(page, "Kimi-K2", "C");

  // The way in: the submission page's Compare link opens the picker with it checked.
  await page.goto(`/s/${a}`);
  await page.getByTestId("compare-link").click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?s=${a}$`));
  await expect(page.getByTestId("compare-empty")).toContainText(`#${a}`);
  await expect(page.locator(`[data-testid="picker-submission"][data-id="${a}"]`)).toBeChecked();
  await page.locator(`[data-testid="picker-submission"][data-id="${b}"]`).check();
  await page.getByTestId("picker-compare").click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?s=${a}&s=${b}$`));

  // Every shared task lands in exactly one cell, and the cells agree with the samples API.
  const matrix = page.getByTestId("outcome-matrix");
  await expect(matrix).toBeVisible();
  const total = Number(await matrix.getAttribute("data-total"));
  const tasks = Number(
    await page.locator(`[data-testid="compared-row"][data-id="${a}"] td`).nth(4).textContent(),
  );
  expect(total).toBe(tasks);
  expect(total).toBe(240);
  const counts = await matrixCounts(page);
  expect(counts.both + counts["only-a"] + counts["only-b"] + counts.neither).toBe(total);
  expect(counts.both + counts["only-a"]).toBe(await correctCount(page, a));
  expect(counts.both + counts["only-b"]).toBe(await correctCount(page, b));

  const diff = page.getByTestId("primary-diff");
  expect(Number(await diff.getAttribute("data-difference"))).toBeCloseTo(
    (counts["only-b"] - counts["only-a"]) / total,
    10,
  );
  const lo = Number(await diff.getAttribute("data-lo"));
  const hi = Number(await diff.getAttribute("data-hi"));
  expect(lo).toBeLessThanOrEqual(hi);
  const discordant = counts["only-a"] + counts["only-b"];
  await expect(diff).toHaveAttribute("data-method", discordant < 25 ? "exact" : "chi-square-cc");
  await expect(diff).toContainText(discordant < 25 ? "exact binomial" : "continuity-corrected");
  await expect(page.getByTestId("method-note")).toContainText("run by run");
  await expect(page.getByTestId("split-row").filter({ hasText: "hard" })).toHaveCount(1);
  await expect(page.getByTestId("secondary-row")).toHaveCount(2);
  // The tier splits hold every task once.
  const tierTasks = await page
    .locator('[data-testid="split-row"][data-split^="tier:"] td:nth-child(2)')
    .allTextContents();
  expect(tierTasks.reduce((n, t) => n + Number(t), 0)).toBe(total);
  await page.screenshot(shot("compare-matrix"));

  // Open a cell: its list holds exactly that many tasks.
  const cell = counts["only-b"] > 0 ? "only-b" : "only-a";
  await page.locator(`[data-testid="matrix-cell"][data-cell="${cell}"]`).click();
  await expect(page).toHaveURL(new RegExp(`cell=${cell}`));
  const list = page.getByTestId("cell-list");
  await expect(list).toHaveAttribute("data-total", String(counts[cell]));
  await expect(list.getByTestId("cell-row")).toHaveCount(Math.min(counts[cell], 100));
  await page.screenshot(shot("compare-cell"));

  // One task side by side: A wrong and B right (or the reverse), steps aligned, the divergence marked.
  const firstRow = list.getByTestId("cell-row").first();
  const taskKey = await firstRow.getAttribute("data-task");
  await firstRow.getByTestId("side-by-side-link").click();
  await expect(page).toHaveURL(/\/compare\/task\?/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${taskKey}`);
  await expect(page.locator('[data-testid="side-header"][data-side="A"]')).toHaveAttribute(
    "data-correct",
    cell === "only-b" ? "0" : "1",
  );
  await expect(page.locator('[data-testid="side-header"][data-side="B"]')).toHaveAttribute(
    "data-correct",
    cell === "only-b" ? "1" : "0",
  );
  expect(await page.getByTestId("aligned-row").count()).toBeGreaterThan(1);
  const summary = page.getByTestId("divergence-summary");
  const call = await summary.getAttribute("data-call");
  expect(call, "two different agents' trajectories diverge somewhere").not.toBe("");
  const marked = page.locator('[data-testid="aligned-row"][data-diverges="1"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute("data-call", call!);
  await expect(marked.getByTestId("divergence-mark")).toBeVisible();
  // Calls whose query hit a fact are highlighted; the hit log says which.
  const hits = page.locator('[data-testid="aligned-call"][data-hit="1"]');
  const hitOutcomes = page.locator(
    '[data-testid="aligned-call"] [data-testid="call-outcome"][data-outcome="hit"]',
  );
  expect(await hits.count()).toBe(await hitOutcomes.count());
  // The page is long (two whole trajectories): the screenshots show its head and the divergence.
  await page.screenshot({
    path: "e2e/screenshots/compare-side-by-side.png",
    animations: "disabled",
  });
  await marked.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "e2e/screenshots/compare-divergence.png", animations: "disabled" });

  await page.getByTestId("back-to-compare").click();
  await expect(page.getByTestId("outcome-matrix")).toBeVisible();
  expect(errors).toEqual([]);
});

test("three submissions: each against the baseline, and the baseline can change", async ({
  page,
}) => {
  const errors = trackErrors(page);
  const a = await submissionIdOf(page, "GPT-5", "C");
  const b = await submissionIdOf(page, "Kimi-K2", "C");
  const c = await submissionIdOf(page, "Gemini-2.5-Pro", "C");
  await page.goto(`/compare?s=${a}&s=${b}&s=${c}`);
  const rows = page.getByTestId("pairwise-row");
  await expect(rows).toHaveCount(2);
  for (const total of await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute("data-total"))))
    expect(total).toBe("240");
  await expect(page.getByTestId("pair-detail")).toHaveAttribute("data-b", String(b));
  await page
    .locator(`[data-testid="pairwise-row"][data-id="${c}"]`)
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByTestId("pair-detail")).toHaveAttribute("data-b", String(c));
  await page.screenshot(shot("compare-pairwise"));

  // A split's cell count opens that cell within the split.
  const hardOnlyA = page.locator('[data-testid="split-row"][data-split="tier:hard"] a').nth(1);
  const expected = await hardOnlyA.textContent();
  await hardOnlyA.click();
  await expect(page).toHaveURL(/cell=only-a&in=tier%3Ahard/);
  await expect(page.getByTestId("cell-list")).toHaveAttribute("data-total", expected!.trim());
  await expect(page.getByTestId("cell-list")).toContainText("within tier hard");

  await page
    .locator(`[data-testid="compared-row"][data-id="${c}"]`)
    .getByRole("link", { name: "make baseline" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?s=${c}&s=${a}&s=${b}$`));
  await expect(page.getByTestId("pair-detail")).toHaveAttribute("data-a", String(c));
  expect(errors).toEqual([]);
});

test("refuses to mix benchmarks, and says what in the URL it could not use", async ({ page }) => {
  const a = await submissionIdOf(page, "GPT-5", "C");
  await page.goto("/compare?b=widesearch");
  const ws = await page.getByTestId("picker-submission").first().getAttribute("data-id");
  await page.goto(`/compare?s=${a}&s=${ws}&s=abc&cell=sideways`);
  await expect(page.getByTestId("compare-error")).toContainText("cannot be compared");
  await expect(page.getByTestId("compare-error")).toContainText("different benchmarks");
  await expect(page.getByTestId("outcome-matrix")).toHaveCount(0);
  await expect(page.getByTestId("compare-problems")).toContainText("“abc” is not a submission id");
  await expect(page.getByTestId("compare-problems")).toContainText("cell=sideways");
  await page.screenshot(shot("compare-mixed"));
  await page.goto("/compare?s=999999&s=999998");
  await expect(page.getByTestId("compare-problems")).toContainText(
    "there is no submission #999999",
  );
  const response = await page.goto(`/compare/task?s=${a}&s=999999&task=1`);
  expect(response?.status()).toBe(404);
});

test("several runs per task (EvoBrowseComp): the matrix pairs runs, the note says how", async ({
  page,
}) => {
  const errors = trackErrors(page);
  await page.goto("/compare?b=evobrowsecomp");
  const firstVersion = page.getByTestId("compare-picker").locator("fieldset").first();
  const boxes = firstVersion.getByTestId("picker-submission");
  expect(await boxes.count()).toBeGreaterThan(1);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByTestId("picker-compare").click();
  const total = Number(await page.getByTestId("outcome-matrix").getAttribute("data-total"));
  const tasks = Number(
    await page.getByTestId("compared-row").first().locator("td").nth(4).textContent(),
  );
  const runs = Number(
    await page.getByTestId("compared-row").first().locator("td").nth(5).textContent(),
  );
  expect(runs).toBeGreaterThan(1);
  expect(total).toBe(tasks * runs);
  await expect(page.getByTestId("method-note")).toContainText("several runs per task");
  await expect(page.getByTestId("split-row").filter({ hasText: "Language" })).toHaveCount(2);
  await page.screenshot(shot("compare-several-runs"));
  await page.locator('[data-testid="matrix-cell"][data-cell="both"]').click();
  const row = page.getByTestId("cell-row").first();
  const run = await row.getAttribute("data-run");
  await row.getByTestId("side-by-side-link").click();
  await expect(page.getByTestId("run-selector").locator('[aria-current="page"]')).toHaveText(run!);
  await expect(page.getByTestId("side-header")).toHaveCount(2);

  // The way in from a non-MPW submission page too.
  await page
    .locator('[data-testid="side-header"][data-side="A"]')
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/s\/\d+$/);
  const id = /\/s\/(\d+)$/.exec(page.url())![1];
  await page.getByTestId("compare-link").click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?s=${id}$`));
  await expect(page.locator(`[data-testid="picker-submission"][data-id="${id}"]`)).toBeChecked();
  expect(errors).toEqual([]);
});
