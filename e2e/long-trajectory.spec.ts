/**
 * A 500-call trajectory with megabyte tool outputs (e2e/fixtures/long-trajectory-bundle.ts),
 * ingested as pending and read as the admin: the page is light and paged, the timeline, the
 * keys and the transcript search reach every page, and the big outputs load when opened.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  AURORA_CALL,
  AURORA_QUERY,
  LONG_TRAJECTORY_CALLS,
  LONG_TRAJECTORY_TASK,
  MEGABYTE_CALLS,
  MEGABYTE_END,
  NEW_FACT_CALLS,
  writeLongTrajectoryBundle,
} from "./fixtures/long-trajectory-bundle";
import { ingestPendingFixture, shot, trackErrors } from "./helpers";
import { logInAsAdmin } from "./submit-helpers";

let submissionId: number;
/** System prompt and question, a thought, call and result per call, then a thought and the answer. */
const STEPS = 2 + 3 * LONG_TRAJECTORY_CALLS + 2;
/** Call k's step has ordinal 3k: pages of 150 steps hold 50 calls each. */
const pageOfCall = (call: number) => Math.floor((3 * call) / 150) + 1;

test.beforeAll(async ({}, testInfo) => {
  submissionId = ingestPendingFixture(
    testInfo,
    writeLongTrajectoryBundle(testInfo.outputPath("long-trajectory-bundle")),
  ).submissionId;
});

const href = () => `/s/${submissionId}/t/${LONG_TRAJECTORY_TASK}`;
const focusedId = (page: Page) =>
  page.evaluate(() => document.querySelector("li[data-step].step-focused")?.id ?? null);
const highlighted = (page: Page, name: string) =>
  page.evaluate((n) => CSS.highlights.get(n)?.size ?? 0, name);

test.describe("a 500-call trajectory", () => {
  test.beforeEach(async ({ page }) => {
    await logInAsAdmin(page);
  });

  test("opens as a light first page of 150 steps under a 500-cell timeline", async ({ page }) => {
    const errors = trackErrors(page);
    const html = await (await page.request.get(href())).text();
    expect(html.length, "the first page's HTML").toBeLessThan(260_000);
    expect(html).not.toContain(MEGABYTE_END);
    expect(html).not.toContain("Archived page for call");
    await page.goto(href());
    await expect(page.getByTestId("steps")).toHaveAttribute("data-count", String(STEPS));
    await expect(page.getByTestId("steps").locator("li[data-step]")).toHaveCount(150);
    await expect(page.locator("[data-call-timeline] button[data-call]")).toHaveCount(
      LONG_TRAJECTORY_CALLS,
    );
    await expect(page.getByTestId("step-pager").first()).toContainText(
      `Steps 1–150 of ${STEPS.toLocaleString("en")}`,
    );
    // The diagnosis names the last new fact, on its own page.
    const lastFact = NEW_FACT_CALLS.at(-1)!;
    await expect(
      page.getByTestId("diagnosis").locator(`a[href$="#call-${lastFact}"]`).first(),
    ).toHaveAttribute("href", new RegExp(`steps=${pageOfCall(lastFact)}#call-${lastFact}$`));
    // So do the facts: each links to the page of the call that first covered it.
    for (const call of NEW_FACT_CALLS) {
      const link = page
        .getByTestId("facts-panel")
        .getByRole("link", { name: `first covered at call ${call}`, exact: true });
      await expect(link).toHaveAttribute(
        "href",
        pageOfCall(call) === 1
          ? `#call-${call}`
          : new RegExp(`steps=${pageOfCall(call)}#call-${call}$`),
      );
    }
    expect(errors).toEqual([]);
  });

  test("the timeline and the keys reach calls on other pages", async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(href());
    await page.locator(`[data-call-timeline] button[data-call="${AURORA_CALL}"]`).click();
    await expect(page).toHaveURL(
      new RegExp(`steps=${pageOfCall(AURORA_CALL)}#call-${AURORA_CALL}$`),
    );
    await expect(page.locator(`#call-${AURORA_CALL}`)).toBeInViewport();

    // l: the last call that found a new fact; c / C: the next and previous call; m / M: misses.
    const lastFact = NEW_FACT_CALLS.at(-1)!;
    await page.keyboard.press("l");
    await expect.poll(() => focusedId(page)).toBe(`call-${lastFact}`);
    // The arrow keys still scroll the page.
    const before = await page.evaluate(() => window.scrollY);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
    await page.keyboard.press("c");
    await expect.poll(() => focusedId(page)).toBe(`call-${lastFact + 1}`);
    await page.keyboard.press("Shift+C");
    await expect.poll(() => focusedId(page)).toBe(`call-${lastFact}`);
    await page.keyboard.press("m");
    await expect
      .poll(() => focusedId(page), "the next miss after a new fact")
      .toBe(`call-${lastFact + 1}`);
    await page.keyboard.press("Shift+M");
    await expect
      .poll(() => focusedId(page), "the previous miss skips the new fact")
      .toBe(`call-${lastFact - 1}`);
    // Past the page's last call, c opens the next page at the next call.
    const lastOnPage = 50 * pageOfCall(lastFact) - 1;
    await page.locator(`[data-call-timeline] button[data-call="${lastOnPage}"]`).click();
    await expect.poll(() => focusedId(page)).toBe(`call-${lastOnPage}`);
    await page.keyboard.press("c");
    await expect(page).toHaveURL(
      new RegExp(`steps=${pageOfCall(lastOnPage + 1)}#call-${lastOnPage + 1}$`),
    );
    // Folded kinds stay folded on another page.
    await page.getByTestId("calls-only").click();
    await page.locator('[data-call-timeline] button[data-call="10"]').click();
    await expect(page).toHaveURL(/\/t\/e2e-500-calls#call-10$/);
    await expect(page.getByTestId("calls-only")).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator('li[data-kind="thought"]').first()).toBeHidden();
    expect(errors).toEqual([]);
  });

  test("the search finds a phrase on another page, highlights it, and n / N walk the matches", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto(href());
    // The key works once the page's script is in: press until it does.
    await expect(async () => {
      await page.keyboard.press("/");
      await expect(page.getByTestId("find-input")).toBeFocused({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.type("Aurora Borealis");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`steps=${pageOfCall(AURORA_CALL)}.*find=Aurora`));
    const status = page.getByTestId("find-status");
    await expect(status).toHaveAttribute("data-find-steps", "1");
    await expect(status).toHaveAttribute("data-find-current", "1");
    await expect(page.getByTestId("find-input")).toHaveValue("Aurora Borealis");
    await expect
      .poll(
        () => highlighted(page, "transcript-find-current"),
        "the match in call 420's query is highlighted",
      )
      .toBe(1);
    await expect(page.locator(`#call-${AURORA_CALL}`)).toContainText(AURORA_QUERY);

    // "Forum thread 41" is in result 41 and results 410–419 (410 holds a fact, still a thread).
    await page.getByTestId("find-input").fill("Forum thread 41");
    await page.keyboard.press("Enter");
    await expect(status).toHaveAttribute("data-find-steps", "11");
    await expect(status).toHaveAttribute("data-find-current", "1");
    await page.getByTestId("find-input").press("Escape");
    await page.keyboard.press("n");
    await expect(status).toHaveAttribute("data-find-current", "2");
    await expect(page.locator("li.step-focused")).toHaveAttribute("data-kind", "tool_result");
    await expect.poll(() => highlighted(page, "transcript-find")).toBeGreaterThan(0);
    await page.keyboard.press("Shift+N");
    await expect(status).toHaveAttribute("data-find-current", "1");
    await page.screenshot(shot("trajectory-search"));

    // Folding tool results skips their matches, and says so.
    await page.getByTestId("show-tool_result").click();
    await expect(status).toContainText("11 steps hidden");
    expect(errors).toEqual([]);
  });

  test("a megabyte tool output loads only when its step is opened", async ({ page }) => {
    const errors = trackErrors(page);
    const call = MEGABYTE_CALLS[0];
    await page.goto(`${href()}?steps=${pageOfCall(call)}`);
    const result = page
      .locator(`li[data-kind="tool_result"]`)
      .filter({ hasText: `Result of call ${call}` })
      .first();
    await expect(result).not.toContainText(MEGABYTE_END);
    const open = result.getByTestId("open-step");
    await expect(open).toHaveText(/^Show the whole result \(1,0\d\d,\d{3} characters\)$/);
    await open.click();
    const showAll = result.getByTestId("expand-text");
    await expect(showAll).toHaveText(/^Show all \(1,0\d\d,\d{3} characters\)$/);
    await showAll.click();
    await expect(result).toContainText(MEGABYTE_END);
    expect(errors).toEqual([]);
  });

  test("? lists every key, and Escape closes the list", async ({ page }) => {
    await page.goto(href());
    const help = page.getByRole("dialog", { name: "Keys on this page" });
    await expect(async () => {
      await page.keyboard.press("?");
      await expect(help).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    for (const does of [
      "next / previous step shown",
      "next / previous tool call",
      "search this transcript",
      "next / previous match",
    ])
      await expect(help).toContainText(does);
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
    await page.getByTestId("show-keys").click();
    await expect(help).toBeVisible();
    await help.getByRole("button", { name: "Close" }).click();
    await expect(help).toBeHidden();
  });
});
