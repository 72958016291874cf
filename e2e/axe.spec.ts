import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { BENCHMARK_IDS } from "../lib/benchmarks/info";
import { submissionIdOf } from "./helpers";

/**
 * axe over every route against WCAG 2.0, 2.1 and 2.2 at levels A and AA (issue 16). A
 * serious or critical violation fails the route's test; each test prints its violations
 * per rule, minor and moderate ones included, so a run shows what is left.
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const BLOCKING = new Set(["serious", "critical"]);

interface Routes {
  board: Map<string, { submission: string; sample: string }>;
  compare: string;
  compareTask: string;
}

let routes: Routes;

/** The first submission on a benchmark's board and the first sample in its table. */
async function firstSubmissionAndSample(
  page: Page,
  benchmark: string,
): Promise<{ submission: string; sample: string }> {
  await page.goto(`/b/${benchmark}`);
  const submission = await page
    .getByTestId("leaderboard-row")
    .first()
    .locator('a[href^="/s/"]')
    .first()
    .getAttribute("href");
  expect(submission, `the ${benchmark} board links its submissions`).toMatch(/^\/s\/\d+$/);
  await page.goto(submission!);
  const sample = await page
    .getByTestId("sample-row")
    .first()
    .locator('a[href*="/t/"]')
    .first()
    .getAttribute("href");
  expect(sample, `${submission} links its samples`).toMatch(/^\/s\/\d+\/t\//);
  return { submission: submission!, sample: sample! };
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const board = new Map<string, { submission: string; sample: string }>();
  for (const id of BENCHMARK_IDS) board.set(id, await firstSubmissionAndSample(page, id));
  const a = await submissionIdOf(page, "MindWatcher 32B", "C");
  const b = await submissionIdOf(page, "GPT-5", "C");
  await page.goto(`/s/${a}`);
  const sample = await page
    .getByTestId("sample-row")
    .first()
    .locator('a[href*="/t/"]')
    .first()
    .getAttribute("href");
  const task = /\/t\/([^/?]+)/.exec(sample ?? "")?.[1];
  expect(task, `${sample} names its task`).toBeTruthy();
  routes = {
    board,
    compare: `/compare?s=${a}&s=${b}`,
    compareTask: `/compare/task?s=${a}&s=${b}&task=${task!}`,
  };
  await page.close();
});

async function expectNoSeriousViolations(page: Page, url: string, status = 200): Promise<void> {
  const response = await page.goto(url);
  expect.soft(response?.status(), `${url} answers ${status}`).toBe(status);
  // Client components (charts, tables) render after hydration.
  await page.waitForLoadState("networkidle");
  // The charts' data tables open too, so the rules see their rows as a reader who opens them does.
  await page
    .getByTestId("chart-table")
    .evaluateAll((tables) => tables.forEach((t) => t.setAttribute("open", "")));
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const perRule = violations.map((v) => `${v.impact ?? "?"} ${v.id}: ${v.nodes.length}`);
  console.log(`axe ${url}: ${perRule.length === 0 ? "no violations" : perRule.join(", ")}`);
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary ?? ""}`),
    }));
  expect.soft(blocking, `serious or critical axe violations on ${url}`).toEqual([]);
}

// axe takes seconds on the long pages, and a test visits up to four of them.
test.describe.configure({ timeout: 240_000 });

test("home", async ({ page }) => {
  await expectNoSeriousViolations(page, "/");
});

for (const id of BENCHMARK_IDS) {
  test(`${id}: board, analysis, a submission and a sample`, async ({ page }) => {
    const { submission, sample } = routes.board.get(id)!;
    await expectNoSeriousViolations(page, `/b/${id}`);
    await expectNoSeriousViolations(page, `/b/${id}/analysis`);
    await expectNoSeriousViolations(page, submission);
    await expectNoSeriousViolations(page, sample);
  });
}

test("compare two submissions", async ({ page }) => {
  await expectNoSeriousViolations(page, "/compare");
  await expectNoSeriousViolations(page, routes.compare);
});

test("one task side by side", async ({ page }) => {
  await expectNoSeriousViolations(page, routes.compareTask);
});

test("submit", async ({ page }) => {
  await expectNoSeriousViolations(page, "/submit");
});

test("admin login", async ({ page }) => {
  await expectNoSeriousViolations(page, "/admin");
});

test("not found", async ({ page }) => {
  await expectNoSeriousViolations(page, "/b/nope", 404);
});
