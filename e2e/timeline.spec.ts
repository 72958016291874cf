import { expect, test, type Page } from "@playwright/test";
import { BENCHMARK_IDS } from "../lib/benchmarks/info";
import { shot, submissionIdOf, trackErrors } from "./helpers";

/** The call timeline and the "where it went wrong" summary above a trajectory's steps (issue 16). */

const timeline = (page: Page) => page.locator("[data-call-timeline]");
const cells = (page: Page) => timeline(page).locator("[data-call]");
const callSteps = (page: Page) => page.getByTestId("steps").locator('li[data-kind="tool_call"]');

/** A failed MPW sample with at least `min` tool calls, from the submission's table of failed samples. */
async function failedMpwSample(page: Page, status: string, min: number): Promise<string> {
  const id = await submissionIdOf(page, "MindWatcher 32B", "C");
  await page.goto(`/s/${id}?verdict=incorrect&status=${status}`);
  const hrefs = await page
    .getByTestId("sample-row")
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((a) => a.getAttribute("href") ?? "").filter((h) => h.includes("/t/")),
    );
  for (const href of hrefs) {
    await page.goto(href);
    if ((await callSteps(page).count()) >= min) return href;
  }
  throw new Error(`no failed ${status} MPW sample with ${min} or more tool calls`);
}

test.describe("call timeline", () => {
  test("MPW: one cell per tool call, named by outcome; a click or Enter focuses the call's step; diagnosis items link to steps", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    const href = await failedMpwSample(page, "max_turns_reached", 8);
    await page.goto(href);

    const calls = await callSteps(page).count();
    await expect(cells(page)).toHaveCount(calls);
    await expect(timeline(page)).toHaveAttribute("data-call-timeline", String(calls));
    const indices = await cells(page).evaluateAll((els) =>
      els.map((e) => Number(e.getAttribute("data-call"))),
    );
    const stepIds = await callSteps(page).evaluateAll((els) =>
      els.map((e) => Number(e.id.replace("call-", ""))),
    );
    expect(indices).toEqual(stepIds);
    const outcomes = await cells(page).evaluateAll((els) =>
      els.map((e) => e.getAttribute("data-outcome") ?? ""),
    );
    for (const o of outcomes)
      expect([
        "new-fact",
        "hit-covered",
        "miss",
        "compound",
        "repeated-query",
        "error",
        "unlogged",
      ]).toContain(o);
    // Each cell is a link named "Call k: <outcome>", its hover text too, and the legend lists the outcomes present.
    await expect(cells(page).first()).toHaveAccessibleName(/^Call 1: /);
    await expect(cells(page).first()).toHaveAttribute("title", /^Call 1: /);
    for (const o of new Set(outcomes))
      await expect(timeline(page).locator(`[data-legend="${o}"]`)).toBeVisible();

    // A click moves to the call's step, focused and in view below the sticky timeline.
    const target = indices[Math.floor(indices.length * 0.75)];
    await cells(page).nth(indices.indexOf(target)).click();
    const step = page.locator(`#call-${target}`);
    await expect(step).toBeFocused();
    // The call being read is marked on the timeline; its row names its outcome as the cell does.
    await expect(cells(page).nth(indices.indexOf(target))).toHaveAttribute("aria-current", "step");
    await expect(page.locator("[data-call-timeline] [aria-current]")).toHaveCount(1);
    await expect(step.getByTestId("call-mark")).toHaveAttribute(
      "data-outcome",
      outcomes[indices.indexOf(target)],
    );
    // Every repeated query's row says which call it repeats.
    const repeatRows = page.getByTestId("steps").getByTestId("repeats-call");
    expect(await repeatRows.count()).toBeGreaterThanOrEqual(
      outcomes.filter((o) => o === "repeated-query").length,
    );
    await expect(step).toBeInViewport();
    const timelineBox = await timeline(page).boundingBox();
    const stepBox = await step.boundingBox();
    expect(
      stepBox!.y,
      "the step starts below the timeline that stays on top",
    ).toBeGreaterThanOrEqual(timelineBox!.y + timelineBox!.height - 1);
    expect(timelineBox!.y, "the timeline stays in view while scrolled").toBeGreaterThanOrEqual(0);

    // Keyboard: Tab reaches a cell, Enter jumps.
    await cells(page).nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(`#call-${indices[1]}`)).toBeFocused();

    // The diagnosis: a failed run cut off by the limit says so; items with a call link to its step.
    const diagnosis = page.getByTestId("diagnosis");
    await expect(diagnosis).toContainText("Where it went wrong");
    await expect(diagnosis).toContainText("stopped by the tool-call limit");
    const linked = diagnosis.getByTestId("diagnosis-item").locator('a[href^="#call-"]');
    expect(await linked.count()).toBeGreaterThan(0);
    for (const href of await linked.evaluateAll((as) =>
      as.map((a) => a.getAttribute("href") ?? ""),
    )) {
      await expect(page.locator(href), `${href} is a step`).toHaveAttribute(
        "data-kind",
        "tool_call",
      );
    }
    await linked.last().click();
    await expect(page.locator((await linked.last().getAttribute("href"))!)).toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ ...shot("timeline-mpw"), fullPage: false });
    await cells(page).nth(indices.indexOf(target)).click();
    await page.screenshot({ ...shot("timeline-mpw-scrolled"), fullPage: false });
    expect(errors).toEqual([]);
  });

  for (const id of BENCHMARK_IDS.filter((b) => b !== "mpw")) {
    test(`${id}: the timeline's cells equal the sample's tool calls`, async ({ page }) => {
      const errors = trackErrors(page);
      await page.goto(`/b/${id}`);
      const submission = await page
        .getByTestId("leaderboard-row")
        .first()
        .locator('a[href^="/s/"]')
        .first()
        .getAttribute("href");
      await page.goto(`${submission}?verdict=incorrect`);
      const hrefs = await page
        .getByTestId("sample-row")
        .getByRole("link")
        .evaluateAll((links) =>
          links.map((a) => a.getAttribute("href") ?? "").filter((h) => h.includes("/t/")),
        );
      let seen = false;
      for (const href of hrefs.slice(0, 8)) {
        await page.goto(href);
        const calls = await callSteps(page).count();
        await expect(cells(page)).toHaveCount(calls);
        await expect(page.getByTestId("diagnosis")).toBeVisible();
        if (calls === 0) continue;
        seen = true;
        // Cells carry the benchmark's outcomes, named on hover, and each call row repeats its cell's outcome.
        await expect(cells(page).first()).toHaveAttribute("title", /^Call 1: /);
        await expect(callSteps(page).first().getByTestId("call-mark")).toHaveAttribute(
          "data-outcome",
          (await cells(page).first().getAttribute("data-outcome")) ?? "",
        );
        await page.screenshot({ ...shot(`timeline-${id}`), fullPage: false });
        break;
      }
      expect(seen || hrefs.length > 0, `${id} has failed samples`).toBe(true);
      expect(errors).toEqual([]);
    });
  }
});
