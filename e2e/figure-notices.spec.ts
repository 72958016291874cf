import { expect, test } from "@playwright/test";
import { shot, trackErrors } from "./helpers";
import { logInAsAdmin } from "./submit-helpers";

/**
 * A real WideSearch run whose CSV reproduces the producer's summary: once a maintainer
 * adjudicates one of its samples the submission page no longer claims so, says its figures
 * include a changed verdict and marks it adjudicated; undo brings the claim back. The test
 * ends in the demo data's state.
 */
let undoEntryId: string | null = null;
let sampleUrl = "";

test.afterAll(async ({ browser }) => {
  if (undoEntryId === null) return;
  const page = await browser.newPage();
  await logInAsAdmin(page);
  await page.goto(sampleUrl);
  await page.getByTestId(`undo-${undoEntryId}`).click();
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
  await page.close();
});

test("an adjudication withdraws the claim that the CSV reproduces the producer's summary", async ({
  page,
}) => {
  const errors = trackErrors(page);
  await page.goto("/b/widesearch");
  await page.getByRole("link", { name: "deepseek-reasoner" }).first().click();
  await page.waitForURL(/\/s\/\d+$/);
  const submissionUrl = new URL(page.url()).pathname;
  const checks = page.getByTestId("summary-checks").locator("li");
  await expect(checks.first()).toHaveAttribute("data-reproduces", "true");
  await expect(page.getByTestId("changed-note")).toHaveCount(0);

  await page
    .getByRole("link", { name: /ws_en_006/ })
    .first()
    .click();
  await page.waitForURL(/\/t\/ws_en_006/);
  sampleUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  await logInAsAdmin(page);
  await page.goto(sampleUrl);
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
  const form = page.getByTestId("reeval-section").getByTestId("adjudicate-form");
  await form.getByLabel("correct", { exact: true }).check();
  await form.getByLabel("Reason for the adjudication").fill("The table matches the gold's rows.");
  await form.getByRole("button", { name: "Adjudicate" }).click();
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "1");
  undoEntryId = await page.getByTestId("history-entry").first().getAttribute("data-id");

  await page.goto(submissionUrl);
  const changed = page.locator("[data-testid=summary-checks] li[data-changed='1']");
  await expect(changed).toHaveAttribute("data-reproduces", "false");
  await expect(changed).toContainText("as imported; 1 of its verdicts was changed since");
  await expect(page.getByTestId("changed-note")).toHaveAttribute("data-changed", "1");
  await expect(page.getByTestId("changed-note").getByTestId("adjudicated-badge")).toHaveText(
    "adjudicated: 1",
  );
  await page.screenshot(shot("figure-notices-adjudicated-widesearch"));

  await page.goto(sampleUrl);
  await page.getByTestId(`undo-${undoEntryId}`).click();
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
  undoEntryId = null;
  await page.goto(submissionUrl);
  await expect(checks.first()).toHaveAttribute("data-reproduces", "true");
  await expect(page.getByTestId("changed-note")).toHaveCount(0);
  expect(errors).toEqual([]);
});
