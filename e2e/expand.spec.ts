import { expect, test, type Locator } from "@playwright/test";
import {
  LONG_GOLD,
  LONG_PREDICTION,
  LONG_QUESTION,
  LONG_SERP_CONTENT,
  LONG_TEXT_MODEL,
  LONG_TEXT_TASK,
  writeLongTextBundle,
} from "./fixtures/long-text-bundle";
import { ingestPendingFixture, shot, trackErrors } from "./helpers";
import { logInAsAdmin } from "./submit-helpers";

/**
 * The demo data holds no text long enough to be cut, so this spec ingests a small
 * fixture bundle into the e2e server's database with the CLI. It goes in as *pending*
 * so the public leaderboard and counts the other specs check stay those of the demo;
 * pending submissions are visible to the admin only, so the expand test logs in as
 * admin (SEEKBOARD_ADMIN_TOKEN, set for the run and its web server by playwright.config.ts).
 */

let submissionId: number;

test.beforeAll(async ({}, testInfo) => {
  const result = ingestPendingFixture(
    testInfo,
    writeLongTextBundle(testInfo.outputPath("long-text-bundle")),
  );
  expect(result.samples).toBe(1);
  submissionId = result.submissionId;
});

/** The ExpandableText block around a button, and its paragraph. */
function expandable(button: Locator): { block: Locator; text: Locator } {
  const block = button.locator("xpath=..");
  return { block, text: block.locator("> p") };
}

async function checkExpands(
  button: Locator,
  full: string,
  endMarker: string,
  limit: number,
): Promise<void> {
  const { text } = expandable(button);
  await expect(button).toHaveText(`Show all (${full.length.toLocaleString("en")} characters)`);
  await expect(text).toHaveText(`${full.slice(0, limit)}…`);
  await expect(text).not.toContainText(endMarker);
  await button.click();
  await expect(button).toHaveText("Show less");
  await expect(text).toHaveText(full);
  await expect(text).toContainText(endMarker);
  await button.click();
  await expect(button).toHaveText(/^Show all/);
  await expect(text).not.toContainText(endMarker);
}

test.describe("long texts", () => {
  test("a pending submission is hidden from the public", async ({ page }) => {
    for (const url of [`/s/${submissionId}`, `/s/${submissionId}/t/${LONG_TEXT_TASK}`]) {
      const response = await page.goto(url);
      expect(response?.status(), `${url} is not public while pending`).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not found");
    }
    await page.goto("/b/mpw");
    await expect(page.getByTestId("leaderboard")).toHaveAttribute("data-rows", "12");
    await expect(
      page.locator(`[data-testid="leaderboard-row"][data-model="${LONG_TEXT_MODEL}"]`),
    ).toHaveCount(0);
  });

  test("question, gold answer, prediction and SERP entry expand and collapse", async ({ page }) => {
    const errors = trackErrors(page);
    await logInAsAdmin(page);
    await page.goto(`/s/${submissionId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LONG_TEXT_MODEL);
    await expect(page.getByText("pending", { exact: true })).toBeVisible();
    await page
      .getByTestId("sample-row")
      .getByRole("link", { name: `#${LONG_TEXT_TASK}` })
      .click();
    // Opened from the table, the address carries the list (list=1, lib/url/samples.ts).
    await expect(page).toHaveURL(new RegExp(`/s/${submissionId}/t/${LONG_TEXT_TASK}\\?list=1$`));

    // Cut texts show a "Show all" button each; nothing else on this page is long.
    await expect(page.getByTestId("expand-text")).toHaveCount(3);

    const question = page
      .getByRole("heading", { name: "Question", exact: true })
      .locator("xpath=..")
      .getByTestId("expand-text");
    await checkExpands(question, LONG_QUESTION, "END-OF-QUESTION", 600);

    await checkExpands(
      page.getByTestId("gold-answer").getByTestId("expand-text"),
      LONG_GOLD,
      "END-OF-GOLD",
      400,
    );

    const prediction = page.getByTestId("prediction").getByTestId("expand-text");
    await prediction.click();
    await expect(page.getByTestId("prediction")).toContainText("END-OF-PREDICTION");
    await expect(page.getByTestId("prediction").locator("p")).toHaveText(LONG_PREDICTION);

    // Steps are sent as rows (the page stays light); a result's entries are read from the
    // step API when its step is opened.
    const sent = await (await page.request.get(page.url())).text();
    expect(sent).not.toContain("END-OF-SERP");
    const result = page.locator('li[data-kind="tool_result"]').first();
    const stepRead = page.waitForResponse(
      (response) =>
        response.url().includes(`/api/s/${submissionId}/t/${LONG_TEXT_TASK}/steps/`) &&
        response.status() === 200,
    );
    await result.getByRole("button", { name: "Show the 2 results" }).click();
    await stepRead;
    await expect(result.getByTestId("serp-entry").first()).toContainText("END-OF-SERP");
    await expect(result.getByTestId("serp-entry").first().locator("p")).toHaveText(
      LONG_SERP_CONTENT,
    );
    const serpButton = result.getByRole("button", { name: "Hide" });

    // Expanding one text leaves the others as they were.
    await serpButton.click();
    await expect(page.getByTestId("gold-answer")).not.toContainText("END-OF-GOLD");
    await expect(page.getByTestId("prediction")).toContainText("END-OF-PREDICTION");

    // The expanded texts wrap inside their cards instead of widening the page.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "no horizontal page overflow").toBeLessThanOrEqual(0);
    await page.screenshot(shot("trajectory-expanded"));
    expect(errors).toEqual([]);
  });
});
