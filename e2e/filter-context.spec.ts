import { expect, test, type Page } from "@playwright/test";
import {
  expectSorted,
  filterBox,
  sampleRowsAttr,
  shot,
  submissionIdOf,
  trackErrors,
} from "./helpers";

/**
 * Filter context: a sample opened from a filtered, sorted sample list keeps the list
 * ("k of n", previous/next and n/p within it, a link back to it); sample tables sort by a
 * column header; a query that does not parse shows its error and no sample.
 */
const MODEL = "MindWatcher 32B";
const QUERY = "status:max_turns_reached fcr<0.3";

let submissionId: number;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  submissionId = await submissionIdOf(page, MODEL, "C");
  await page.close();
});

const listUrl = (query: string, extra = "") =>
  `/s/${submissionId}?f=${encodeURIComponent(query)}${extra}#samples`;

/** The sample page addresses of the table's rows, in order. */
async function rowHrefs(page: Page): Promise<string[]> {
  return page
    .getByTestId("sample-row")
    .evaluateAll((rows) => rows.map((row) => row.querySelector("a")?.getAttribute("href") ?? ""));
}

/** The /s/<id>/t/<task> path of an address, without its query. */
const pathOf = (href: string) => new URL(href, "http://x").pathname;

test.describe("filter context", () => {
  test("a sample opened from a filtered list shows k of n, walks that list, and leads back to it", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto(listUrl(QUERY));
    await expect(filterBox(page)).toHaveValue(QUERY);
    const hrefs = await rowHrefs(page);
    const n = hrefs.length;
    expect(
      n,
      "the demo submission has at least two samples matching the query",
    ).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(n));
    for (const href of hrefs) expect(href).toContain("list=1");

    await page.getByTestId("sample-row").first().getByRole("link").click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === pathOf(hrefs[0]) &&
        url.searchParams.get("list") === "1" &&
        url.searchParams.get("f") === QUERY,
    );
    const nav = page.getByTestId("list-context");
    await expect(page.getByTestId("list-position")).toHaveText(`1 of ${n}`);
    await expect(page.getByTestId("list-previous")).toHaveCount(0);
    // The submission-wide "next failed" is replaced by the list's own next.
    await expect(page.getByTestId("next-failed")).toHaveCount(0);
    await expect(page.getByTestId("sample-header").getByText("max_turns_reached")).toBeVisible();
    await page.screenshot(shot("filter-context-sample"));

    await page.getByTestId("list-next").click();
    await expect(page).toHaveURL(
      (url) => url.pathname === pathOf(hrefs[1]) && url.searchParams.get("f") === QUERY,
    );
    await expect(page.getByTestId("list-position")).toHaveText(`2 of ${n}`);
    await expect(nav).toHaveAttribute("data-total", String(n));

    // The keys walk the same list.
    await page.keyboard.press("p");
    await expect(page).toHaveURL((url) => url.pathname === pathOf(hrefs[0]));
    await expect(page.getByTestId("list-position")).toHaveText(`1 of ${n}`);
    await page.keyboard.press("n");
    await expect(page.getByTestId("list-position")).toHaveText(`2 of ${n}`);

    // To the end of the list: no next there.
    await page.goto(hrefs[n - 1]);
    await expect(page.getByTestId("list-position")).toHaveText(`${n} of ${n}`);
    await expect(page.getByTestId("list-next")).toHaveCount(0);

    // Back to the list, with its filter.
    await page.getByTestId("list-back").click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === `/s/${submissionId}` &&
        url.searchParams.get("f") === QUERY &&
        !url.searchParams.has("list"),
    );
    await expect(filterBox(page)).toHaveValue(QUERY);
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(n));
    expect(errors).toEqual([]);
  });

  test("without a list the sample page keeps next/previous failed", async ({ page }) => {
    await page.goto(`/s/${submissionId}?verdict=incorrect`);
    const href = (await rowHrefs(page))[0];
    await page.goto(pathOf(href));
    await expect(page.getByTestId("list-context")).toHaveCount(0);
    await expect(page.getByTestId("next-failed")).toBeVisible();
  });

  test("a header sorts the table, the URL and the API hold the sort, and the samples opened from it follow it", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto(`/s/${submissionId}?verdict=incorrect#samples`);
    const fcrHeader = page.getByTestId("sample-table").locator('th[data-sort-key="fcr"]');
    await expect(fcrHeader).toHaveAttribute("aria-sort", "none");
    await fcrHeader.getByRole("link").click();
    await expect(page).toHaveURL(/[?&]sort=fcr(&|#|$)/);
    await expect(fcrHeader).toHaveAttribute("aria-sort", "ascending");
    expectSorted(
      (await sampleRowsAttr(page, "data-fcr")).filter((v) => v !== "").map(Number),
      "asc",
      "FCR ascending",
    );

    await fcrHeader.getByRole("link").click();
    await expect(page).toHaveURL(/[?&]sort=-fcr(&|#|$)/);
    await expect(fcrHeader).toHaveAttribute("aria-sort", "descending");
    const fcrs = (await sampleRowsAttr(page, "data-fcr")).filter((v) => v !== "").map(Number);
    expectSorted(fcrs, "desc", "FCR descending");
    await expect(
      page.getByTestId("sample-table").locator('th[data-sort-key="calls"]'),
    ).toHaveAttribute("aria-sort", "none");
    await page.screenshot(shot("filter-context-sorted"));

    // The API takes the same parameter and answers in the same order.
    const api = (await (
      await page.request.get(`/api/s/${submissionId}/samples?verdict=incorrect&sort=-fcr`)
    ).json()) as { sort: string; samples: { fcr: number | null }[] };
    expect(api.sort).toBe("-fcr");
    expect(api.samples.map((s) => s.fcr).filter((v): v is number => v !== null)).toEqual(fcrs);

    // A sample opened from the sorted list walks it in that order.
    const hrefs = await rowHrefs(page);
    await page.getByTestId("sample-row").first().getByRole("link").click();
    await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "-fcr");
    await page.getByTestId("list-next").click();
    await expect(page).toHaveURL((url) => url.pathname === pathOf(hrefs[1]));
    await expect(page.getByTestId("list-position")).toContainText("2 of ");

    // Any column: the Calls header too.
    await page.goto(`/s/${submissionId}?verdict=incorrect&sort=-calls#samples`);
    await expect(
      page.getByTestId("sample-table").locator('th[data-sort-key="calls"]'),
    ).toHaveAttribute("aria-sort", "descending");
    expect(errors).toEqual([]);
  });

  test("a broken query shows the error at its position and no sample; the API answers 400 with the position", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto(listUrl("status:max_turns_reached fcr<abc"));
    await expect(page.getByTestId("sample-row")).toHaveCount(0);
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "0");
    await expect(page.getByTestId("filter-error")).toContainText(
      'at character 30: fcr needs a number, got "abc"',
    );
    const panel = page.getByTestId("query-error");
    await expect(panel).toHaveAttribute("data-position", "29");
    await expect(page.getByTestId("query-error-at")).toHaveText("a");
    await page.locator("#samples").evaluate((el) => el.scrollIntoView({ block: "start" }));
    await page.screenshot({
      path: "e2e/screenshots/filter-context-broken-query.png",
      animations: "disabled",
    });

    const response = await page.request.get(
      `/api/s/${submissionId}/samples?f=${encodeURIComponent("status:max_turns_reached fcr<abc")}`,
    );
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({
      errors: [
        {
          file: "request",
          line: null,
          field: "f",
          position: 29,
          message: 'at character 30: fcr needs a number, got "abc"',
        },
      ],
    });
    expect(errors).toEqual([]);
  });

  test("side by side opened from a matrix cell steps through that cell's tasks", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    const a = await submissionIdOf(page, "GPT-5", "C");
    const b = await submissionIdOf(page, "Kimi-K2", "C");
    await page.goto(`/compare?s=${a}&s=${b}&cell=only-a#cell`);
    const list = page.getByTestId("cell-list");
    const n = Number(await list.getAttribute("data-total"));
    expect(n, "GPT-5 gets some tasks right that Kimi-K2 gets wrong").toBeGreaterThanOrEqual(2);
    const tasks = await list
      .getByTestId("cell-row")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-task") ?? ""));
    await list.getByTestId("side-by-side-link").first().click();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/compare/task" && url.searchParams.get("cell") === "only-a",
    );
    await expect(page.getByTestId("cell-position")).toHaveText(`1 of ${n}`);
    await page.getByTestId("cell-next").click();
    await expect(page.getByTestId("cell-position")).toHaveText(`2 of ${n}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${tasks[1]}`);
    // Every task of the cell: A right, B wrong.
    await expect(page.locator('[data-testid="side-header"][data-side="A"]')).toHaveAttribute(
      "data-correct",
      "1",
    );
    await expect(page.locator('[data-testid="side-header"][data-side="B"]')).toHaveAttribute(
      "data-correct",
      "0",
    );
    await page.getByTestId("cell-previous").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${tasks[0]}`);
    await page.getByTestId("cell-back").click();
    await expect(page).toHaveURL(
      (url) => url.pathname === "/compare" && url.searchParams.get("cell") === "only-a",
    );
    // Opened without a cell, the page has no cell navigation.
    await page.goto(`/compare/task?s=${a}&s=${b}&task=${encodeURIComponent(tasks[0])}`);
    await expect(page.getByTestId("cell-context")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
