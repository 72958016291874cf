import { expect, test, type Page } from "@playwright/test";
import { focusedStep, shot, submissionIdOf, trackErrors } from "./helpers";

const MODEL = "MindWatcher 32B";
const STEP_KINDS = ["thought", "tool_call", "tool_result", "answer", "other"];

let submissionId: number;
/** Trajectory URL of the first failed, finished sample (it has tool calls and an answer). */
let failedHref: string;

/** A sample's address without the list it was opened from (`list=1` and the list's parameters come last). */
const withoutList = (href: string) => href.replace(/[?&]list=1(&.*)?$/, "");

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  submissionId = await submissionIdOf(page, MODEL, "C");
  await page.goto(`/s/${submissionId}?verdict=incorrect&status=finished`);
  // Without the list context the table's links carry: these tests walk the submission's failed samples.
  const hrefs = (
    await page
      .getByTestId("sample-row")
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))
  ).map(withoutList);
  // The first such sample with at least three tool calls, so stepping and SERPs have something to show.
  for (const href of hrefs) {
    await page.goto(href);
    if ((await page.locator('li[data-kind="tool_call"]').count()) >= 3) {
      failedHref = href;
      break;
    }
  }
  expect(failedHref, "a failed finished sample with three or more tool calls").toBeTruthy();
  await page.close();
});

const steps = (page: Page) => page.getByTestId("steps");
const stepItems = (page: Page) => steps(page).locator("li[data-step]");

/** Presses j until the keyboard handler (installed at hydration) answers; returns the focused step. */
async function waitForKeyboard(page: Page): Promise<string> {
  await expect(async () => {
    await page.keyboard.press("j");
    await expect(stepItems(page).and(page.locator(".step-focused"))).toHaveCount(1, {
      timeout: 500,
    });
  }).toPass({ timeout: 15_000 });
  return focusedStep(steps(page));
}

test.describe("trajectory", () => {
  test("shows the verdict, answers, metrics, steps, SERPs and facts consistently", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto(failedHref);
    const header = page.getByTestId("sample-header");
    await expect(header).toHaveAttribute("data-correct", "0");
    await expect(header).toContainText("incorrect");
    await expect(header).toContainText("finished");
    await expect(page.getByTestId("gold-answer")).not.toHaveText("");
    await expect(page.getByTestId("prediction")).not.toHaveText(/^—/);

    const metrics = page.getByTestId("sample-metrics");
    const metricsText = (await metrics.textContent()) ?? "";
    const toolCalls = Number(/ToolCalls\s*(\d+)/.exec(metricsText)?.[1]);
    const [, covered, factTotal] = /\((\d+)\/(\d+) facts\)/.exec(metricsText) ?? [];
    const [, hits, loggedCalls] = /\((\d+)\/(\d+) calls\)/.exec(metricsText) ?? [];
    expect(toolCalls).toBeGreaterThanOrEqual(3);

    // Steps: a declared count, known kinds, numbered in order.
    const count = Number(await steps(page).getAttribute("data-count"));
    await expect(stepItems(page)).toHaveCount(count);
    const kinds = await stepItems(page).evaluateAll((lis) =>
      lis.map((li) => li.getAttribute("data-kind") ?? ""),
    );
    for (const kind of kinds) expect(STEP_KINDS).toContain(kind);
    const ordinals = await stepItems(page).evaluateAll((lis) =>
      lis.map((li) => Number(li.getAttribute("data-step"))),
    );
    expect(ordinals).toEqual([...ordinals].sort((a, b) => a - b));
    expect(kinds.at(-1), "a finished sample ends with its answer").toBe("answer");
    await expect(stepItems(page).last()).toContainText(
      (await page.getByTestId("prediction").textContent()) ?? "",
    );

    // Every tool call is a query with an outcome; one call step per counted call.
    const calls = page.locator('li[data-kind="tool_call"]');
    await expect(calls).toHaveCount(toolCalls);
    const outcomes = await calls
      .getByTestId("call-outcome")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-outcome")));
    expect(outcomes).toHaveLength(toolCalls);
    for (const outcome of outcomes) expect(["hit", "miss", "unlogged"]).toContain(outcome);
    expect(
      outcomes.filter((o) => o === "hit").length,
      "hit outcomes match the HitRate numerator",
    ).toBe(Number(hits));
    expect(
      outcomes.filter((o) => o !== "unlogged").length,
      "logged calls match the HitRate denominator",
    ).toBe(Number(loggedCalls));
    const queries = await calls.getByTestId("query").allTextContents();
    expect(queries).toHaveLength(toolCalls);
    for (const q of queries) expect(q.replace(/^query/, "").trim().length).toBeGreaterThan(0);
    // Call steps are labelled Call 1..k and anchored for the facts panel.
    for (let k = 1; k <= toolCalls; k++)
      await expect(calls.nth(k - 1)).toHaveAttribute("id", `call-${k}`);

    // Each search result's row names its four entries; opened, it shows them.
    const results = page.locator('li[data-kind="tool_result"]');
    await expect(results).toHaveCount(toolCalls);
    for (let i = 0; i < toolCalls; i++)
      await expect(results.nth(i).getByTestId("serp-titles")).toContainText("4 results:");
    await expect(page.getByTestId("serp-entry"), "no SERP entry is sent with the page").toHaveCount(
      0,
    );
    await results.first().getByRole("button", { name: "Show the 4 results" }).click();
    await expect(results.first().getByTestId("serp-entry")).toHaveCount(4);

    // The facts panel agrees with the metrics line.
    const facts = page.getByTestId("facts-panel");
    await expect(facts).toHaveAttribute("data-total", factTotal);
    await expect(facts).toHaveAttribute("data-covered", covered);
    await expect(facts.getByTestId("fact")).toHaveCount(Number(factTotal));
    await expect(facts.getByText(/^first covered at call \d+$/)).toHaveCount(Number(covered));
    // A fact never covered says whether a query sought it (and which) or none did.
    const missing = Number(factTotal) - Number(covered);
    await expect(facts.locator('[data-testid="fact"][data-covered="false"]')).toHaveCount(missing);
    await expect(
      facts.locator('[data-testid="fact-queried"], [data-testid="fact-unqueried"]'),
    ).toHaveCount(missing);
    await expect(facts).toContainText(`(${covered}/${factTotal} covered)`);

    await page.screenshot(shot("trajectory"));
    expect(errors).toEqual([]);
  });

  test("a covered fact links to the call that first hit it", async ({ page }) => {
    const id = submissionId;
    // Find a sample with a covered fact among the first failed ones.
    await page.goto(`/s/${id}?verdict=incorrect&fcrMin=0.3`);
    await page.getByTestId("sample-row").first().getByRole("link").click();
    const link = page
      .getByTestId("facts-panel")
      .getByRole("link", { name: /^first covered at call \d+$/ })
      .first();
    await expect(link).toBeVisible();
    const k = /call (\d+)$/.exec((await link.textContent()) ?? "")?.[1];
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#call-${k}$`));
    const call = page.locator(`#call-${k}`);
    await expect(call).toHaveAttribute("data-kind", "tool_call");
    await expect(call.getByTestId("call-outcome")).toHaveAttribute("data-outcome", "hit");
    await expect(call).toContainText(" · new");
    await expect(call).toBeInViewport();
  });

  test("j/k move the focused step; the arrow keys stay the browser's", async ({ page }) => {
    await page.goto(failedHref);
    const items = stepItems(page);
    const ordinals = await items.evaluateAll((lis) =>
      lis.map((li) => li.getAttribute("data-step") ?? ""),
    );
    expect(ordinals.length).toBeGreaterThan(4);

    // The first key press focuses the first step.
    expect(await waitForKeyboard(page)).toBe(ordinals[0]);
    await expect(items.first()).toBeFocused();

    await page.keyboard.press("j");
    expect(await focusedStep(steps(page))).toBe(ordinals[1]);
    // An arrow key is the browser's: it does not move the focused step.
    await page.keyboard.press("ArrowDown");
    expect(await focusedStep(steps(page))).toBe(ordinals[1]);
    await page.keyboard.press("j");
    expect(await focusedStep(steps(page))).toBe(ordinals[2]);
    await expect(items.nth(2)).toBeFocused();
    await page.keyboard.press("k");
    expect(await focusedStep(steps(page))).toBe(ordinals[1]);
    await page.keyboard.press("k");
    expect(await focusedStep(steps(page))).toBe(ordinals[0]);
    // k at the first step stays there.
    await page.keyboard.press("k");
    expect(await focusedStep(steps(page))).toBe(ordinals[0]);

    // Walking to the end stops at the last step, which is scrolled into view.
    for (let i = 0; i < ordinals.length + 2; i++) await page.keyboard.press("j");
    expect(await focusedStep(steps(page))).toBe(ordinals.at(-1));
    await expect(items.last()).toBeInViewport();
    // The focused step is visibly outlined.
    const outline = await items.last().evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe("solid");

    await page.keyboard.press("k");
    await page.keyboard.press("k");
    expect(await focusedStep(steps(page))).toBe(ordinals.at(-3));
    await expect(items.nth(ordinals.length - 3)).toBeInViewport();
    await page.screenshot(shot("trajectory-step-focused"));
  });

  test("n opens the next failed sample and p comes back", async ({ page }) => {
    await page.goto(failedHref);
    const nextHref = await page.getByTestId("next-failed").getAttribute("href");
    expect(nextHref).toMatch(new RegExp(`^/s/${submissionId}/t/`));
    expect(nextHref).not.toBe(failedHref);
    await waitForKeyboard(page); // the handler is live

    await page.keyboard.press("n");
    await expect(page).toHaveURL(nextHref!);
    await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
    const key = decodeURIComponent(/\/t\/([^?]+)/.exec(nextHref!)![1]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Task #${key}`);
    await expect(page.getByTestId("previous-failed")).toHaveAttribute("href", failedHref);

    // The new page's keyboard starts over from its first step.
    const firstOrdinal = await stepItems(page).first().getAttribute("data-step");
    expect(await waitForKeyboard(page)).toBe(firstOrdinal);

    await page.keyboard.press("p");
    await expect(page).toHaveURL(failedHref);
    await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
    await expect(page.getByTestId("next-failed")).toHaveAttribute("href", nextHref!);
  });

  test("n walks only through failed samples, in order", async ({ page }) => {
    await page.goto(failedHref);
    const visited = [failedHref];
    for (let i = 0; i < 4; i++) {
      const nextHref = await page.getByTestId("next-failed").getAttribute("href");
      expect(nextHref).toBeTruthy();
      expect(visited).not.toContain(nextHref);
      await waitForKeyboard(page);
      await page.keyboard.press("n");
      await expect(page).toHaveURL(nextHref!);
      await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
      visited.push(nextHref!);
    }
    // The same walk through the list: the failed samples in table order.
    await page.goto(`/s/${submissionId}?verdict=incorrect`);
    const listed = (
      await page
        .getByTestId("sample-row")
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))
    ).map(withoutList);
    const start = listed.indexOf(failedHref);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(listed.slice(start, start + visited.length)).toEqual(visited);
  });

  test("the next-failed link works with the mouse too", async ({ page }) => {
    await page.goto(failedHref);
    const nextHref = await page.getByTestId("next-failed").getAttribute("href");
    await page.getByTestId("next-failed").click();
    await expect(page).toHaveURL(nextHref!);
    await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
    await page.getByTestId("previous-failed").click();
    await expect(page).toHaveURL(failedHref);
  });

  test("a step's body opens from the step API and closes again; the page carries only the rows", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto(failedHref);
    const result = page.locator('li[data-kind="tool_result"]').first();
    const open = result.getByTestId("open-step");
    await expect(open).toHaveAttribute("aria-expanded", "false");
    const read = page.waitForResponse(
      (r) => /\/api\/s\/\d+\/t\/[^/]+\/steps\/\d+\?run=\d+$/.test(r.url()) && r.status() === 200,
    );
    await open.click();
    await read;
    await expect(open).toHaveAttribute("aria-expanded", "true");
    const entry = result.getByTestId("serp-entry").first();
    await expect(entry.locator("span.font-medium")).not.toHaveText("");
    await expect(entry.locator("p")).not.toHaveText("");
    await open.click();
    await expect(result.getByTestId("serp-entry")).toHaveCount(0);
    // Reopened from what was read: no second request.
    let again = 0;
    page.on("request", (r) => {
      if (r.url().includes("/steps/")) again++;
    });
    await open.click();
    await expect(result.getByTestId("serp-entry")).toHaveCount(4);
    expect(again).toBe(0);
    expect(errors).toEqual([]);
  });
});
