import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  LEADERBOARD_CELL,
  expectAlphabetical,
  expectRankOrder,
  expectSorted,
  leaderboardColumn,
  leaderboardEntries,
  leadingNumber,
  shot,
  trackErrors,
} from "./helpers";

const SETTING_ROWS = { A: 8, "B-guidance": 7, "B-fewshot": 7, C: 12 } as const;

const leaderboard = (page: Page) => page.getByTestId("leaderboard");
const settingPill = (page: Page, label: string) =>
  page.getByTestId("setting-picker").getByRole("link", { name: label, exact: true });
const tierPill = (page: Page, label: string) =>
  page.getByTestId("tier-picker").getByRole("link", { name: label, exact: true });
const stat = (card: Locator, label: string) =>
  card
    .locator("dl > div")
    .filter({ has: card.page().locator("dt", { hasText: label }) })
    .locator("dd");
const header = (page: Page, sort: string) =>
  page.locator("th").filter({ has: page.getByTestId(`sort-${sort}`) });

async function pass1Values(page: Page): Promise<number[]> {
  const entries = await leaderboardEntries(page);
  for (const entry of entries)
    expect(entry.pass1, `${entry.model} has a numeric data-pass1`).not.toBeNull();
  return entries.map((e) => e.pass1 as number);
}

async function numericColumn(page: Page, cell: number, what: string): Promise<number[]> {
  const texts = await leaderboardColumn(page, cell);
  return texts.map((text) => {
    const value = leadingNumber(text);
    expect(value, `${what} cell "${text}" should start with a number`).not.toBeNull();
    return value as number;
  });
}

test.describe("overview", () => {
  test("the MPW card shows the demo data and links to the leaderboard", async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search-agent benchmarks");
    const card = page.getByTestId("benchmark-mpw");
    await expect(card).toBeVisible();
    // 34 approved demo submissions of 240 tasks each.
    await expect(stat(card, "Submissions")).toHaveText("34");
    await expect(stat(card, "Samples")).toHaveText("8,160");
    // The best search run never comes from setting A (no search there).
    const best = stat(card, "Best search run");
    await expect(best).toContainText(/\((B-guidance|B-fewshot|C)\) \d+\.\d%/);
    await card.getByRole("link", { name: "MPW-Bench" }).click();
    await expect(page).toHaveURL(/\/b\/mpw$/);
    await expect(leaderboard(page)).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe("leaderboard", () => {
  test("defaults to setting C, overall tier, Pass@1 descending", async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto("/b/mpw");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("MPW-Bench leaderboard");
    await expect(settingPill(page, "C · end to end")).toHaveAttribute("aria-current", "page");
    await expect(tierPill(page, "overall")).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("setting-picker").locator("[aria-current=page]")).toHaveCount(1);
    await expect(page.getByTestId("tier-picker").locator("[aria-current=page]")).toHaveCount(1);

    await expect(leaderboard(page)).toHaveAttribute("data-rows", String(SETTING_ROWS.C));
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(SETTING_ROWS.C);
    await expect(header(page, "pass1")).toHaveAttribute("aria-sort", "descending");
    await expect(page.getByTestId("sort-pass1")).toHaveText("Pass@1 ▼");
    await expectRankOrder(page, "data-pass1", "Pass@1");

    // "#" is 1 + the rows significantly better: the top row is 1, and a row is never ranked below
    // its place (only rows above it, with a higher Pass@1, can beat it); every row shows its model
    // name as a link to the submission.
    const ranks = await leaderboardColumn(page, LEADERBOARD_CELL.rank);
    expect(ranks[0]).toBe("1");
    ranks.forEach((rank, i) =>
      expect(Number(rank), `rank of row ${i + 1}`).toBeLessThanOrEqual(i + 1),
    );
    const entries = await leaderboardEntries(page);
    expect(new Set(entries.map((e) => e.model)).size, "one row per model").toBe(SETTING_ROWS.C);
    expect(entries.map((e) => e.model)).toContain("GPT-5");
    // Every sample of the overall split is counted.
    expect(await leaderboardColumn(page, LEADERBOARD_CELL.n)).toEqual(
      Array(SETTING_ROWS.C).fill("240"),
    );
    await page.screenshot(shot("leaderboard"));
    expect(errors).toEqual([]);
  });

  test("changing the setting updates the URL and the rows; setting A shows FCR and HitRate as n/a", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto("/b/mpw");
    const modelsC = (await leaderboardEntries(page)).map((e) => e.model);

    await settingPill(page, "A · oracle facts").click();
    await expect(page).toHaveURL(/[?&]setting=A(&|$)/);
    await expect(settingPill(page, "A · oracle facts")).toHaveAttribute("aria-current", "page");
    await expect(leaderboard(page)).toHaveAttribute("data-rows", String(SETTING_ROWS.A));
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(SETTING_ROWS.A);
    await expect(page.getByText("Setting A gives the model every atomic fact")).toBeVisible();
    const modelsA = (await leaderboardEntries(page)).map((e) => e.model);
    expect(modelsA).toContain("GLM-4.7"); // only evaluated in setting A
    expect(modelsA).not.toContain("GPT-5"); // only evaluated in setting C
    expect(modelsA).not.toEqual(modelsC);
    expect(await leaderboardColumn(page, LEADERBOARD_CELL.fcr)).toEqual(
      Array(SETTING_ROWS.A).fill("n/a"),
    );
    expect(await leaderboardColumn(page, LEADERBOARD_CELL.hitRate)).toEqual(
      Array(SETTING_ROWS.A).fill("n/a"),
    );
    await expectRankOrder(page, "data-pass1", "Pass@1 (setting A)");
    await page.screenshot(shot("leaderboard-setting-a"));

    await settingPill(page, "B · guidance").click();
    await expect(page).toHaveURL(/[?&]setting=B-guidance(&|$)/);
    await expect(leaderboard(page)).toHaveAttribute(
      "data-rows",
      String(SETTING_ROWS["B-guidance"]),
    );
    const fcr = await leaderboardColumn(page, LEADERBOARD_CELL.fcr);
    for (const text of fcr)
      expect(text, "FCR is a percentage outside setting A").toMatch(/^\d+\.\d%/);

    await settingPill(page, "B · few-shot").click();
    await expect(page).toHaveURL(/[?&]setting=B-fewshot(&|$)/);
    await expect(leaderboard(page)).toHaveAttribute("data-rows", String(SETTING_ROWS["B-fewshot"]));

    // Back to the default: the parameter leaves the URL.
    await settingPill(page, "C · end to end").click();
    await expect(page).toHaveURL(/\/b\/mpw$/);
    await expect(leaderboard(page)).toHaveAttribute("data-rows", String(SETTING_ROWS.C));
    expect((await leaderboardEntries(page)).map((e) => e.model)).toEqual(modelsC);
    expect(errors).toEqual([]);
  });

  test("changing the tier updates the URL and the figures, and keeps the setting", async ({
    page,
  }) => {
    await page.goto("/b/mpw?setting=B-fewshot");
    const overall = await leaderboardEntries(page);

    await tierPill(page, "hard").click();
    await expect(page).toHaveURL(/[?&]tier=hard(&|$)/);
    await expect(page).toHaveURL(/[?&]setting=B-fewshot(&|$)/);
    await expect(tierPill(page, "hard")).toHaveAttribute("aria-current", "page");
    await expect(settingPill(page, "B · few-shot")).toHaveAttribute("aria-current", "page");
    await expect(leaderboard(page)).toHaveAttribute("data-rows", String(SETTING_ROWS["B-fewshot"]));
    const hard = await leaderboardEntries(page);
    // Same submissions, other figures: the hard tier is a strict subset of the samples.
    expect(new Set(hard.map((e) => e.model))).toEqual(new Set(overall.map((e) => e.model)));
    const pass1Of = (rows: typeof overall) =>
      Object.fromEntries(rows.map((e) => [e.model, e.pass1]));
    expect(pass1Of(hard)).not.toEqual(pass1Of(overall));
    const nHard = (await leaderboardColumn(page, LEADERBOARD_CELL.n)).map(Number);
    for (const n of nHard) expect(n).toBeGreaterThan(0);
    for (const n of nHard) expect(n).toBeLessThan(240);
    await expectRankOrder(page, "data-pass1", "Pass@1 (hard)");

    await tierPill(page, "easy").click();
    await expect(page).toHaveURL(/[?&]tier=easy(&|$)/);
    await expect(tierPill(page, "easy")).toHaveAttribute("aria-current", "page");
    await expect
      .poll(async () => (await leaderboardColumn(page, LEADERBOARD_CELL.n)).map(Number))
      .not.toEqual(nHard);
    const nEasy = (await leaderboardColumn(page, LEADERBOARD_CELL.n)).map(Number);

    await tierPill(page, "medium").click();
    await expect(page).toHaveURL(/[?&]tier=medium(&|$)/);
    await expect(tierPill(page, "medium")).toHaveAttribute("aria-current", "page");
    await expect
      .poll(async () => (await leaderboardColumn(page, LEADERBOARD_CELL.n)).map(Number))
      .not.toEqual(nEasy);
    const nMedium = (await leaderboardColumn(page, LEADERBOARD_CELL.n)).map(Number);
    // The three tiers partition the 240 tasks.
    expect(nEasy[0] + nMedium[0] + nHard[0]).toBe(240);
  });

  test("sorting by Pass@1 orders data-pass1 both ways", async ({ page }) => {
    await page.goto("/b/mpw");
    await page.getByTestId("sort-pass1").click();
    await expect(page).toHaveURL(/[?&]dir=asc(&|$)/);
    await expect(header(page, "pass1")).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByTestId("sort-pass1")).toHaveText("Pass@1 ▲");
    expectSorted(await pass1Values(page), "asc", "Pass@1 ascending");

    await page.getByTestId("sort-pass1").click();
    await expect(page).not.toHaveURL(/dir=asc/);
    await expect(header(page, "pass1")).toHaveAttribute("aria-sort", "descending");
    // Pass@1 descending is the default order: by "#", then Pass@1.
    await expectRankOrder(page, "data-pass1", "Pass@1 descending");
  });

  for (const [sort, cell, label] of [
    ["fcr", LEADERBOARD_CELL.fcr, "FCR"],
    ["hitRate", LEADERBOARD_CELL.hitRate, "HitRate"],
    ["toolCalls", LEADERBOARD_CELL.toolCalls, "ToolCalls"],
  ] as const) {
    test(`sorting by ${label} orders the column both ways and keeps setting and tier`, async ({
      page,
    }) => {
      await page.goto("/b/mpw?setting=B-guidance&tier=medium");
      await page.getByTestId(`sort-${sort}`).click();
      await expect(page).toHaveURL(new RegExp(`[?&]sort=${sort}(&|$)`));
      await expect(page).toHaveURL(/[?&]setting=B-guidance(&|$)/);
      await expect(page).toHaveURL(/[?&]tier=medium(&|$)/);
      await expect(header(page, sort)).toHaveAttribute("aria-sort", "descending");
      await expect(header(page, "pass1")).toHaveAttribute("aria-sort", "none");
      const desc = await numericColumn(page, cell, label);
      expectSorted(desc, "desc", `${label} descending`);

      await page.getByTestId(`sort-${sort}`).click();
      await expect(page).toHaveURL(/[?&]dir=asc(&|$)/);
      await expect(header(page, sort)).toHaveAttribute("aria-sort", "ascending");
      const asc = await numericColumn(page, cell, label);
      expectSorted(asc, "asc", `${label} ascending`);
      expect([...asc].sort((a, b) => a - b)).toEqual([...desc].sort((a, b) => a - b));
    });
  }

  test("sorting by n keeps all rows and marks the column", async ({ page }) => {
    await page.goto("/b/mpw?tier=hard");
    await page.getByTestId("sort-n").click();
    await expect(page).toHaveURL(/[?&]sort=n(&|$)/);
    await expect(header(page, "n")).toHaveAttribute("aria-sort", "descending");
    await expect(leaderboard(page)).toHaveAttribute("data-rows", String(SETTING_ROWS.C));
    expectSorted(await numericColumn(page, LEADERBOARD_CELL.n, "n"), "desc", "n descending");
    await page.getByTestId("sort-n").click();
    await expect(header(page, "n")).toHaveAttribute("aria-sort", "ascending");
    expectSorted(await numericColumn(page, LEADERBOARD_CELL.n, "n"), "asc", "n ascending");
  });

  test("sorting by model orders data-model alphabetically both ways", async ({ page }) => {
    // The model sort ignores case, so "GPT-5" sorts among the "G…"s (db/queries/seekboard.ts).
    await page.goto("/b/mpw");
    await page.getByTestId("sort-model").click();
    await expect(page).toHaveURL(/[?&]sort=model(&|$)/);
    await expect(page).not.toHaveURL(/dir=/); // A→Z is the default for text
    await expect(header(page, "model")).toHaveAttribute("aria-sort", "ascending");
    expectAlphabetical(
      (await leaderboardEntries(page)).map((e) => e.model),
      "asc",
      "models",
    );

    await page.getByTestId("sort-model").click();
    await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);
    await expect(header(page, "model")).toHaveAttribute("aria-sort", "descending");
    expectAlphabetical(
      (await leaderboardEntries(page)).map((e) => e.model),
      "desc",
      "models",
    );
  });

  test("sorting by model flips the order of data-model between the two directions", async ({
    page,
  }) => {
    // The part of the model sort that holds regardless of collation.
    await page.goto("/b/mpw?sort=model");
    const asc = (await leaderboardEntries(page)).map((e) => e.model);
    await page.getByTestId("sort-model").click();
    await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);
    const desc = (await leaderboardEntries(page)).map((e) => e.model);
    expect(desc).toEqual([...asc].reverse());
    expect(asc.indexOf("MindWatcher 32B")).toBeLessThan(asc.indexOf("Youtu Agent 7B"));
  });

  test("a model link opens its submission with the same Pass@1", async ({ page }) => {
    await page.goto("/b/mpw?setting=B-guidance");
    const row = page.getByTestId("leaderboard-row").nth(1);
    const model = (await row.getAttribute("data-model")) ?? "";
    const pass1 = Number(await row.getAttribute("data-pass1"));
    await row.getByRole("link", { name: model, exact: true }).click();
    await expect(page).toHaveURL(/\/s\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(model);
    await expect(page.getByRole("link", { name: "MPW-Bench · setting B-guidance" })).toBeVisible();
    await expect(page.getByTestId("overall-metrics")).toContainText(`${(pass1 * 100).toFixed(1)}%`);
    // And back to the same leaderboard view through the breadcrumb.
    await page.getByRole("link", { name: "MPW-Bench · setting B-guidance" }).click();
    await expect(page).toHaveURL(/\/b\/mpw\?setting=B-guidance$/);
    await expect(settingPill(page, "B · guidance")).toHaveAttribute("aria-current", "page");
  });
});
