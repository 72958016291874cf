import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { shot, trackErrors } from "./helpers";
import { issueTokenInAdmin, logInAsAdmin } from "./submit-helpers";

/**
 * A bare Inspect `.eval` (zstd members, as Inspect ≥ 0.3.206 writes) uploaded through
 * /submit: the form asks for the benchmark, the model comes from the log, and the
 * submission's samples and trajectories read as Inspect's viewer shows them.
 */
const LOG = join(__dirname, "..", "test", "fixtures", "inspect", "log_streaming.zstd.eval");
const MODEL = "azureai/Meta-Llama-3-1-405B-Instruct-jqf";

test("a bare .eval: the benchmark asked, the log's model taken, its four samples imported", async ({
  page,
}) => {
  const errors = trackErrors(page);
  await logInAsAdmin(page);
  const token = await issueTokenInAdmin(page, "E2E Team Inspect");
  await page.goto("/submit");
  await page.getByLabel("Team upload token").fill(token);
  await page.locator("input[type=file]").setInputFiles(LOG);
  await expect(page.getByTestId("manifest-note")).toContainText(
    "An Inspect log: choose the benchmark it ran",
  );
  const benchmark = page.getByTestId("log-benchmark");
  await expect(benchmark).toBeVisible();

  // Without a benchmark the browser's own check stops the form.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect
    .poll(() => benchmark.evaluate((select: HTMLSelectElement) => select.validity.valueMissing))
    .toBe(true);
  await expect(page.getByTestId("submission-accepted")).toHaveCount(0);

  await benchmark.selectOption("qa");
  await page.getByLabel("Setting").fill("inspect-e2e");
  await page.screenshot(shot("submit-inspect-log"));
  await page.getByRole("button", { name: "Submit" }).click();
  const accepted = page.getByTestId("submission-accepted");
  await expect(accepted).toBeVisible({ timeout: 30_000 });
  await expect(accepted).toContainText(`${MODEL} · setting inspect-e2e`);
  await expect(accepted).toContainText("4 samples of 2 tasks");
  await page.screenshot(shot("submit-inspect-accepted"));
  const id = Number(await accepted.getAttribute("data-id"));

  await page.getByTestId("open-submission").click();
  await expect(page).toHaveURL(new RegExp(`/s/${id}$`));
  await expect(page.getByTestId("sample-row")).toHaveCount(4);
  await page.getByTestId("sample-row").first().getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/s/${id}/t/`));
  await expect(
    page.getByText("Is the following statement something you would say?").first(),
  ).toBeVisible();
  expect(errors).toEqual([]);
});

test("an unfinished run's log: imported with the page saying so, and its bundle downloads", async ({
  page,
}) => {
  const errors = trackErrors(page);
  await logInAsAdmin(page);
  const token = await issueTokenInAdmin(page, "E2E Team Unfinished");
  await page.goto("/submit");
  await page.getByLabel("Team upload token").fill(token);
  await page
    .locator("input[type=file]")
    .setInputFiles(join(__dirname, "..", "test", "fixtures", "inspect", "unfinished.eval"));
  await page.getByTestId("log-benchmark").selectOption("qa");
  await page.getByLabel("Setting").fill("unfinished-e2e");
  await page.getByRole("button", { name: "Submit" }).click();
  const accepted = page.getByTestId("submission-accepted");
  await expect(accepted).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("open-submission").click();

  const notice = page.getByTestId("incomplete-run");
  await expect(notice).toContainText("This run did not finish");
  await expect(notice).toContainText(
    "unfinished.eval: the run did not finish: the log has no header.json",
  );
  await expect(page.getByText("incomplete run", { exact: true })).toBeVisible();
  await page.screenshot(shot("submission-incomplete-run"));

  const href = await page.getByTestId("download-bundle").getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/zip");
  expect((await response.body()).subarray(0, 2).toString("latin1")).toBe("PK");
  expect(errors).toEqual([]);
});
