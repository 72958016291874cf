import { expect, test, type Page } from "@playwright/test";
import {
  filterBox,
  sampleRowsAttr,
  sampleTotal,
  shot,
  submissionIdOf,
  trackErrors,
} from "./helpers";
import { logInAsAdmin } from "./submit-helpers";

/**
 * Failure tags, automatic hints and the filter language: the admin tags a sample from a
 * taxonomy and with a free tag, the submission page counts the tags, the filter box finds
 * exactly that sample, and a bad query is reported and selects no sample. The tags are
 * removed again at the end, so the other specs see the demo data untouched.
 */
const MODEL = "MindWatcher 32B";
const TASKS = 240;
const FREE_TAG = "e2e judge too strict";

let submissionId: number;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  submissionId = await submissionIdOf(page, MODEL, "C");
  await page.close();
});

/** A screenshot of the viewport with the samples section at the top: the full page is too tall to read. */
async function samplesShot(page: Page, name: string): Promise<void> {
  await page.locator("#samples").evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, animations: "disabled" });
}

async function runQuery(page: Page, query: string): Promise<void> {
  await filterBox(page).fill(query);
  await Promise.all([
    page.waitForURL(/[?&]f=/),
    page.getByTestId("sample-filters").getByRole("button", { name: "Filter" }).click(),
  ]);
  await expect(page.getByTestId("sample-count")).toBeVisible();
}

test.describe("failure tags and the filter language", () => {
  test("the admin tags a sample; the count shows on the submission page; the filter finds exactly that sample", async ({
    page,
    browser,
  }) => {
    const errors = trackErrors(page);
    await logInAsAdmin(page);

    // The third failed sample of the submission.
    await page.goto(`/s/${submissionId}?verdict=incorrect`);
    const link = page.getByTestId("sample-row").nth(2).getByRole("link");
    const label = (await link.textContent()) ?? "";
    const href = (await link.getAttribute("href")) ?? "";
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, "\\?")}$`));

    const annotations = page.getByTestId("sample-annotations");
    await expect(annotations.getByTestId("sample-tags")).toContainText("none");
    const editor = annotations.getByTestId("tag-editor");
    await expect(editor).toBeVisible();

    // From MPW's own taxonomy, the only one offered, grouped in the menu with the paper's section.
    const menu = editor.getByTestId("taxonomy-tag-form").locator("select[name=tag]");
    await expect(menu.locator("optgroup")).toHaveCount(1);
    await expect(
      menu.locator('optgroup[label="MPW-Bench diagnostics (MPW §4.4–4.5)"] option'),
    ).toHaveText(["Premature Stop", "Low-yield Queries"]);
    await menu.selectOption("Premature Stop");
    await editor.getByTestId("taxonomy-tag-form").getByRole("button", { name: "Apply" }).click();
    await expect(editor.getByTestId("tag-apply-outcome")).toHaveText("tagged “Premature Stop”");
    await expect(
      annotations.getByTestId("sample-tags").locator('[data-tag="Premature Stop"]'),
    ).toBeVisible();

    // A free tag: too long is refused with the reason, then a valid one is added.
    const free = editor.getByTestId("free-tag-form");
    await free.locator("input[name=tag]").fill("x".repeat(61));
    await free.getByRole("button", { name: "Add tag" }).click();
    await expect(editor.getByTestId("tag-apply-outcome")).toHaveText(
      "a tag has at most 60 characters",
    );
    await free.locator("input[name=tag]").fill(`  ${FREE_TAG}  `);
    await free.getByRole("button", { name: "Add tag" }).click();
    await expect(editor.getByTestId("tag-apply-outcome")).toHaveText(`tagged “${FREE_TAG}”`);
    await expect(annotations.getByTestId("sample-tags").locator("[data-tag]")).toHaveText([
      "Premature Stop",
      FREE_TAG,
    ]);
    // The same taxonomy tag twice is refused.
    await expect(menu.locator('option[value="Premature Stop"]')).toBeDisabled();
    await page.screenshot(shot("tags-trajectory-admin"));

    // A visitor sees the tags but not the controls.
    const visitor = await browser.newPage();
    await visitor.goto(href);
    await expect(visitor.getByTestId("sample-tags").locator("[data-tag]")).toHaveText([
      "Premature Stop",
      FREE_TAG,
    ]);
    await expect(visitor.getByTestId("tag-editor")).toHaveCount(0);
    await visitor.close();

    // The submission page counts the tags.
    await page.goto(`/s/${submissionId}`);
    const counts = page.getByTestId("tag-counts");
    await expect(counts.locator('[data-tag="Premature Stop"]')).toHaveAttribute("data-count", "1");
    await expect(counts.locator(`[data-tag="${FREE_TAG}"]`)).toHaveAttribute("data-count", "1");
    await samplesShot(page, "tags-submission-counts");

    // A count links to its samples through the filter language.
    await counts.locator('[data-tag="Premature Stop"]').click();
    await expect(page).toHaveURL(/[?&]f=tag%3A%22Premature\+Stop%22/);
    await expect(filterBox(page)).toHaveValue('tag:"Premature Stop"');
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "1");
    await expect(page.getByTestId("sample-row").getByRole("link")).toHaveText([label]);
    await expect(
      page.getByTestId("sample-row").getByTestId("sample-flags").locator("[data-tag]"),
    ).toHaveText(["Premature Stop", FREE_TAG]);

    // Typed into the filter box: the free tag, quoted, with other fields and negation.
    await runQuery(page, `tag:"${FREE_TAG}" verdict:incorrect -tier:nonsense`);
    await expect(page.getByTestId("filter-error")).toContainText(
      'at character 52: tier is easy, medium or hard, got "nonsense"',
    );
    await runQuery(page, `tag:"${FREE_TAG}" verdict:incorrect`);
    await expect(page.getByTestId("filter-error")).toHaveCount(0);
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "1");
    await expect(page.getByTestId("sample-row").getByRole("link")).toHaveText([label]);
    await runQuery(page, `tag:"${FREE_TAG}" verdict:correct`);
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "0");
    await runQuery(page, `-tag:"premature stop"`);
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(TASKS - 1));
    await samplesShot(page, "tags-filtered");

    // Clean-up through the panel: removing both tags.
    await page.goto(href);
    for (const tag of ["Premature Stop", FREE_TAG]) {
      await page.getByRole("button", { name: `Remove the tag ${tag}` }).click();
      await expect(page.getByTestId("tag-remove-outcome")).toHaveText(`removed “${tag}”`);
    }
    await expect(page.getByTestId("sample-tags")).toContainText("none");
    await page.goto(`/s/${submissionId}`);
    await expect(page.getByTestId("tag-counts")).toContainText("no sample tagged yet");
    expect(errors).toEqual([]);
  });

  test("a bad query shows its position and problem, and the table stays empty", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto(`/s/${submissionId}?verdict=incorrect`);
    await runQuery(page, "tier:hard colour:red");
    const error = page.getByTestId("filter-error");
    await expect(error).toHaveText(
      /^Filter query error, no sample shown — at character 11: unknown field "colour" \(fields: status, verdict, /,
    );
    await expect(filterBox(page)).toHaveValue("tier:hard colour:red");
    await expect(filterBox(page)).toHaveAttribute("aria-invalid", "true");
    // No sample, not all of them: the error stands in the table's place, marked where it broke.
    await expect(page.getByTestId("sample-row")).toHaveCount(0);
    await expect(page.getByTestId("query-error")).toHaveAttribute("data-position", "10");
    await expect(page.getByTestId("query-error-at")).toHaveText("c");
    await samplesShot(page, "tags-bad-query");

    await runQuery(page, 'category:"Formula 1" "unclosed');
    await expect(error).toHaveText(
      'Filter query error, no sample shown — at character 22: unclosed quote: this " has no closing "',
    );
    await runQuery(page, "fcr<abc");
    await expect(error).toHaveText(
      'Filter query error, no sample shown — at character 5: fcr needs a number, got "abc"',
    );
    expect(errors).toEqual([]);
  });

  test("automatic hints: counted on the submission page, shown per row, filterable", async ({
    page,
  }) => {
    await page.goto(`/s/${submissionId}`);
    const hint = page.getByTestId("hint-counts").locator('[data-hint="tool-limit"]');
    const n = Number(await hint.getAttribute("data-count"));
    expect(n, "the demo submission has samples that hit the limit").toBeGreaterThan(0);
    await hint.click();
    await expect(filterBox(page)).toHaveValue("hint:tool-limit");
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(n));
    for (const hints of await sampleRowsAttr(page, "data-hints"))
      expect(hints.split(" ")).toContain("tool-limit");
    await runQuery(page, "status:max_turns_reached fcr<0.3");
    const statuses = await sampleRowsAttr(page, "data-status");
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["max_turns_reached"]));
    for (const fcr of await sampleRowsAttr(page, "data-fcr")) expect(Number(fcr)).toBeLessThan(0.3);
    await samplesShot(page, "tags-hints");

    // The trajectory page lists the sample's hints.
    await page.getByTestId("sample-row").first().getByRole("link").click();
    await expect(
      page.getByTestId("sample-hints").locator('[data-hint="tool-limit"]'),
    ).toBeVisible();
  });

  test("the other benchmarks' sample tables take the filter language too", async ({ page }) => {
    await page.goto("/b/webdetective");
    await page.getByRole("link", { name: "Beacon-32B (demo)" }).click();
    await expect(page.getByTestId("sample-filters").getByTestId("filter-query")).toBeVisible();
    const all = await sampleTotal(page);
    await runQuery(page, "verdict:correct");
    const correct = await sampleTotal(page);
    expect(correct).toBeGreaterThan(0);
    expect(correct).toBeLessThan(all);
    expect(new Set(await sampleRowsAttr(page, "data-correct"))).toEqual(new Set(["1"]));
    await runQuery(page, "-verdict:correct");
    await expect(page.getByTestId("sample-count")).toHaveAttribute(
      "data-total",
      String(all - correct),
    );
    await runQuery(page, "verdict:sometimes");
    await expect(page.getByTestId("filter-error")).toContainText(
      'at character 9: verdict is correct or incorrect, got "sometimes"',
    );
    // A broken query selects nothing, not everything.
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", "0");
    await expect(page.getByTestId("query-error")).toHaveAttribute("data-position", "8");

    await page.goto("/b/widesearch");
    await page.getByRole("link", { name: "Synthetic Deep Research Agent (demo)" }).click();
    await runQuery(page, "lang:zh run:0");
    const zh = await page.getByTestId("sample-row").getByRole("link").allTextContents();
    expect(zh.length).toBeGreaterThan(0);
    for (const key of zh) expect(key).toMatch(/demo_zh_\d+ · run 0/);
    await samplesShot(page, "tags-widesearch-filter");
  });

  test("a failure mode's bar opens exactly its runs", async ({ page }) => {
    await page.goto(`/s/${submissionId}`);
    const bar = page.getByTestId("failure-modes").locator("a[data-mode]:not([data-count='0'])");
    const first = bar.first();
    const mode = (await first.getAttribute("data-mode")) ?? "";
    const count = Number(await first.getAttribute("data-count"));
    expect(count).toBeGreaterThan(0);
    // The API answers what the chart shows.
    const api = (await (await page.request.get(`/api/s/${submissionId}/failure-modes`)).json()) as {
      failed: number;
      modes: { mode: string; count: number }[];
    };
    await expect(page.getByTestId("failure-modes")).toHaveAttribute(
      "data-failed",
      String(api.failed),
    );
    expect(api.modes.find((m) => m.mode === mode)?.count).toBe(count);
    await Promise.all([page.waitForURL(/[?&]f=mode/), first.click()]);
    await expect(filterBox(page)).toHaveValue(`mode:${mode}`);
    await expect(page.getByTestId("sample-count")).toHaveAttribute("data-total", String(count));
    expect(new Set(await sampleRowsAttr(page, "data-correct"))).toEqual(new Set(["0"]));
  });
});
