import { expect, test } from "@playwright/test";
import { trackErrors } from "./helpers";
import { logInAsAdmin } from "./submit-helpers";

/**
 * Rubric search against the e2e run's local judge (e2e/judge-server.ts: a run matches when
 * a step holds the rubric's last word, citing that step and one the run does not have).
 * One lean test: the form, the job in the worker, the results page, a cited step, sharing, export.
 */
test("an admin previews and starts a rubric search; its results link to the cited step; a visitor and the export see them", async ({
  page,
  request,
  browser,
}) => {
  const errors = trackErrors(page);
  const board = (await (await request.get("/api/b/mpw/leaderboard?setting=C")).json()) as {
    rows: { submissionId: number }[];
  };
  const submissionId = board.rows[0].submissionId;
  // One task's failed runs with tool calls: a few judge calls, each run a match.
  const failed = (await (
    await request.get(`/api/s/${submissionId}/samples?verdict=incorrect&minCalls=1`)
  ).json()) as { samples: { taskId: string }[] };
  const filter = `verdict:incorrect calls>=1 task:"${failed.samples[0].taskId}"`;

  await logInAsAdmin(page);
  await page.goto("/admin");
  const form = page.getByTestId("rubric-search").getByTestId("rubric-form");
  await form.getByLabel(/Rubric: what a run must show/).fill("the agent made a tool call");
  await form.getByLabel("Submission ids").fill(String(submissionId));
  await form.getByLabel(/Filter/).fill(filter);
  await form.getByRole("button", { name: "Preview" }).click();
  const preview = form.getByTestId("rubric-preview");
  await expect(preview).toContainText("tokens for e2e-judge");
  expect(Number(await preview.getAttribute("data-runs"))).toBeGreaterThan(0);
  await form.getByRole("button", { name: "Start" }).click();

  await expect(page).toHaveURL(/\/rubric\/\d+$/);
  const job = page.getByTestId("rubric-job");
  await expect(job).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(page.getByTestId("rubric-dropped")).toBeVisible();
  const match = page.locator('[data-testid="rubric-result"][data-verdict="match"]').first();
  await expect(match).toContainText(/step \d+ says "call"/);
  const jobUrl = page.url();

  const cited = match.getByTestId("rubric-cited-step").first();
  const href = (await cited.getAttribute("href")) ?? "";
  const anchor = href.split("#")[1];
  expect(anchor).toMatch(/^(step|call)-\d+$/);
  await cited.click();
  await expect(page).toHaveURL(new RegExp(`/s/${submissionId}/t/.+#${anchor}$`));
  await expect(page.locator(`[id="${anchor}"]`)).toBeInViewport();

  // Shared with a visitor: the submission is approved, so its runs show (without the admin's details).
  const visitor = await browser.newPage();
  await visitor.goto(jobUrl);
  await expect(visitor.getByTestId("rubric-result").first()).toBeVisible();
  await expect(visitor.getByTestId("rubric-progress")).toHaveCount(0);
  await visitor.close();

  const id = jobUrl.split("/").pop();
  const csv = await request.get(`/api/rubric/${id}?format=csv`);
  expect(csv.ok()).toBe(true);
  expect((await csv.text()).split("\r\n")[0]).toBe(
    "submissionId,model,taskId,run,correct,verdict,reason,citedSteps,droppedCitations",
  );
  expect(errors).toEqual([]);
});
