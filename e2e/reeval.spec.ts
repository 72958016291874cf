import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { shot, trackErrors } from "./helpers";
import { logInAsAdmin } from "./submit-helpers";

/**
 * Re-evaluation in the browser: a maintainer adjudicates an MPW sample with a reason, the
 * submission's Pass@1 moves on the leaderboard (for the maintainer and for every visitor,
 * whose browser held the page before) with an "adjudicated" mark, the sample shows its verdict
 * history, and undo puts every figure back. The test ends in the demo data's state.
 */
let undoEntryId: string | null = null;
let sampleUrl = "";

interface ApiRow {
  submissionId: number;
  model: string;
  pass1: number;
  adjudicated: number;
}

async function publicBoard(request: APIRequestContext): Promise<ApiRow[]> {
  const response = await request.get("/api/b/mpw/leaderboard?setting=C");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { rows: ApiRow[] }).rows;
}

function row(page: Page, model: string) {
  return page.locator(`[data-testid="leaderboard-row"][data-model="${model}"]`);
}

async function pass1On(page: Page, model: string): Promise<number> {
  return Number(await row(page, model).getAttribute("data-pass1"));
}

test.afterAll(async ({ browser }) => {
  // Leaves the demo data as it was even when the test failed between adjudicating and undoing.
  if (undoEntryId === null) return;
  const page = await browser.newPage();
  await logInAsAdmin(page);
  await page.goto(sampleUrl);
  await page.getByTestId(`undo-${undoEntryId}`).click();
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
  await page.close();
});

test("a maintainer adjudicates a sample, the leaderboard moves and is marked, the history shows it, undo restores", async ({
  page,
  request,
  browser,
}) => {
  const errors = trackErrors(page);
  const [leader] = await publicBoard(request);
  // A visitor (no session) loads the board first: the browser keeps it with its validator.
  const visitor = await browser.newPage();
  const visitorEtag = (await visitor.goto("/b/mpw?setting=C"))?.headers()["etag"];
  expect(visitorEtag).toMatch(/^W\//);
  await expect(row(visitor, leader.model).getByTestId("adjudicated-badge")).toHaveCount(0);
  const samples = await request.get(`/api/s/${leader.submissionId}/samples?verdict=incorrect`);
  const failed = (await samples.json()) as {
    samples: { taskId: string; run: number }[];
    total: number;
  };
  expect(failed.total).toBeGreaterThan(0);
  const total = (
    (await (await request.get(`/api/s/${leader.submissionId}/samples`)).json()) as { total: number }
  ).total;
  sampleUrl = `/s/${leader.submissionId}/t/${encodeURIComponent(failed.samples[0].taskId)}${failed.samples[0].run > 0 ? `?run=${failed.samples[0].run}` : ""}`;

  // A visitor sees no controls.
  await visitor.goto(sampleUrl);
  await expect(visitor.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
  await expect(visitor.getByTestId("reeval-controls")).toHaveCount(0);

  await logInAsAdmin(page);
  await page.goto(sampleUrl);
  const section = page.getByTestId("reeval-section");
  await expect(section).toBeVisible();
  await expect(section.getByTestId("verdict-history-empty")).toBeVisible();
  // The e2e server's LLM judge is the local one (e2e/judge-server.ts): the option is on.
  await expect(section.getByTestId("judge-disabled-llm")).toHaveCount(0);

  // Re-judge preview first: shown, not applied.
  await section.getByRole("radio", { name: "normalised exact match" }).check();
  await section.getByRole("button", { name: "Preview re-judge" }).click();
  await expect(section.getByTestId("rejudge-preview").or(section.getByRole("alert"))).toBeVisible();
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");

  const form = section.getByTestId("adjudicate-form");
  await form.getByLabel("correct", { exact: true }).check();
  await form.getByRole("button", { name: "Adjudicate" }).click();
  // The reason is mandatory: the browser keeps the form until it is given.
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
  await form
    .getByLabel("Reason for the adjudication")
    .fill("The answer names the same club; the judge missed it.");
  await form.getByRole("button", { name: "Adjudicate" }).click();
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "1");
  const entry = section.getByTestId("history-entry").first();
  await expect(entry).toHaveAttribute("data-action", "adjudicate");
  await expect(entry).toContainText("The answer names the same club");
  await expect(entry.getByTestId("verdict-change")).toHaveAttribute("data-after", "1");
  undoEntryId = await entry.getAttribute("data-id");
  await page.screenshot(shot("reeval-adjudicated-sample"));
  await section.screenshot({
    path: "e2e/screenshots/reeval-panel-adjudicated.png",
    animations: "disabled",
  });

  // The leaderboard: the maintainer's view, and the public one the visitor's browser revalidates.
  await page.goto("/b/mpw?setting=C");
  await expect(row(page, leader.model).getByTestId("adjudicated-badge")).toHaveText(
    "adjudicated: 1",
  );
  expect(await pass1On(page, leader.model)).toBeCloseTo(leader.pass1 + 1 / total, 9);
  await page.screenshot(shot("reeval-leaderboard-adjudicated"));
  await page
    .getByTestId("leaderboard")
    .screenshot({ path: "e2e/screenshots/reeval-leaderboard-table.png", animations: "disabled" });
  const publicRow = (await publicBoard(request)).find(
    (r) => r.submissionId === leader.submissionId,
  )!;
  expect(publicRow.pass1).toBeCloseTo(leader.pass1 + 1 / total, 9);
  expect(publicRow.adjudicated).toBe(1);
  const visitorLoad = await visitor.goto("/b/mpw?setting=C");
  expect(visitorLoad?.headers()["etag"]).toMatch(/^W\//);
  expect(visitorLoad?.headers()["etag"], "the change moved the validator").not.toBe(visitorEtag);
  await expect(row(visitor, leader.model).getByTestId("adjudicated-badge")).toHaveText(
    "adjudicated: 1",
  );
  expect(await pass1On(visitor, leader.model)).toBeCloseTo(leader.pass1 + 1 / total, 9);

  // Undo from the sample's history.
  await page.goto(sampleUrl);
  await page.getByTestId(`undo-${undoEntryId}`).click();
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
  await expect(page.getByTestId("history-entry").first()).toHaveAttribute("data-undone", "1");
  await expect(page.getByTestId("history-entry").first()).toContainText("undone");
  await page.screenshot(shot("reeval-undone-sample"));
  await page
    .getByTestId("verdict-history")
    .screenshot({ path: "e2e/screenshots/reeval-history-undone.png", animations: "disabled" });
  undoEntryId = null;

  await page.goto("/b/mpw?setting=C");
  await expect(row(page, leader.model).getByTestId("adjudicated-badge")).toHaveCount(0);
  expect(await pass1On(page, leader.model)).toBeCloseTo(leader.pass1, 12);
  expect(
    (await publicBoard(request)).find((r) => r.submissionId === leader.submissionId)!.pass1,
  ).toBeCloseTo(leader.pass1, 12);
  await visitor.goto("/b/mpw?setting=C");
  await expect(row(visitor, leader.model).getByTestId("adjudicated-badge")).toHaveCount(0);
  await visitor.close();
  expect(errors).toEqual([]);
});

test("correcting a task's gold re-evaluates its samples in a background job with visible progress; undo restores them", async ({
  page,
  request,
}) => {
  const errors = trackErrors(page);
  const [leader] = await publicBoard(request);
  const failed = (await (
    await request.get(`/api/s/${leader.submissionId}/samples?verdict=incorrect`)
  ).json()) as { samples: { taskId: string; run: number }[] };
  const { taskId, run } = failed.samples[1];
  const detail = (await (
    await request.get(`/api/s/${leader.submissionId}/t/${encodeURIComponent(taskId)}?run=${run}`)
  ).json()) as { sample: { prediction: string } };
  sampleUrl = `/s/${leader.submissionId}/t/${encodeURIComponent(taskId)}${run > 0 ? `?run=${run}` : ""}`;

  await logInAsAdmin(page);
  await page.goto(sampleUrl);
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
  const form = page.getByTestId("gold-fix-form");
  // This sample's own answer becomes the gold: exact match must now find it correct.
  await form.getByLabel("Corrected gold answer").fill(detail.sample.prediction);
  await form.getByLabel("re-evaluate with").selectOption("exact");
  await form
    .getByLabel("Reason for the gold correction")
    .fill("The source was corrected after the benchmark was frozen.");
  await form.getByRole("button", { name: /Correct the gold and re-evaluate \d+ samples/ }).click();
  const job = page.getByTestId("reeval-job").first();
  await expect(job).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  expect(Number(await job.getAttribute("data-done"))).toBe(
    Number(await job.getAttribute("data-total")),
  );
  expect(Number(await job.getAttribute("data-changed"))).toBeGreaterThan(0);
  // The page refreshes once the job ends: the sample is now correct, and its history holds both entries.
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "1");
  const goldFix = page.locator('[data-testid="history-entry"][data-action="gold-fix"]');
  await expect(goldFix).toHaveCount(1);
  await expect(page.locator('[data-testid="history-entry"][data-action="reevaluate"]')).toHaveCount(
    1,
  );
  undoEntryId = await goldFix.getAttribute("data-id");
  await page.screenshot(shot("reeval-gold-fixed"));
  await page
    .getByTestId("reeval-section")
    .screenshot({ path: "e2e/screenshots/reeval-panel-gold-fixed.png", animations: "disabled" });

  await page.getByTestId(`undo-${undoEntryId}`).click();
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
  await expect(goldFix).toHaveAttribute("data-undone", "1");
  undoEntryId = null;
  expect(
    (await publicBoard(request)).find((r) => r.submissionId === leader.submissionId)!.pass1,
  ).toBeCloseTo(leader.pass1, 12);
  expect(errors).toEqual([]);
});

test("a server action sent with another site's Origin is refused by Next before it runs, even with the admin's session", async ({
  page,
  request,
}) => {
  const [leader] = await publicBoard(request);
  const failed = (await (
    await request.get(`/api/s/${leader.submissionId}/samples?verdict=incorrect`)
  ).json()) as { samples: { taskId: string; run: number }[] };
  const { taskId, run } = failed.samples[2];
  const url = `/s/${leader.submissionId}/t/${encodeURIComponent(taskId)}${run > 0 ? `?run=${run}` : ""}`;
  await logInAsAdmin(page);
  await page.goto(url);
  // What a forged cross-site POST would carry if the browser sent the cookie at all (it does not: SameSite=Strict).
  const refused: number[] = [];
  await page.route(
    (target) => target.pathname.startsWith("/s/"),
    async (route) => {
      const headers = route.request().headers();
      if (route.request().method() !== "POST" || !headers["next-action"]) return route.continue();
      const response = await route.fetch({
        headers: { ...headers, origin: "https://evil.example" },
      });
      refused.push(response.status());
      return route.fulfill({ response });
    },
  );
  const form = page.getByTestId("adjudicate-form");
  await form.getByLabel("correct", { exact: true }).check();
  await form.getByLabel("Reason for the adjudication").fill("forged");
  await form.getByRole("button", { name: "Adjudicate" }).click();
  await expect.poll(() => refused.length).toBe(1);
  expect(refused[0]).toBe(500);
  await page.unrouteAll({ behavior: "wait" });
  await page.goto(url);
  await expect(page.getByTestId("sample-header")).toHaveAttribute("data-correct", "0");
  await expect(page.getByTestId("verdict-history-empty")).toBeVisible();
});

test("a WideSearch sample offers re-scoring and a gold-cell correction; judges that do not apply say why", async ({
  page,
  request,
}) => {
  const errors = trackErrors(page);
  const board = (await (await request.get("/api/b/widesearch/leaderboard")).json()) as {
    rows: { submissionId: number; model: string }[];
  };
  let url: string | null = null;
  for (const { submissionId } of board.rows) {
    const samples = (await (await request.get(`/api/s/${submissionId}/samples`)).json()) as {
      samples: { taskId: string; run: number; status: string }[];
    };
    const scored = samples.samples.find((s) => s.status === "scored");
    if (scored) {
      url = `/s/${submissionId}/t/${encodeURIComponent(scored.taskId)}${scored.run > 0 ? `?run=${scored.run}` : ""}`;
      break;
    }
  }
  expect(url, "a WideSearch sample with a response table").not.toBeNull();
  await logInAsAdmin(page);
  await page.goto(url!);
  const section = page.getByTestId("reeval-section");
  await expect(section.getByTestId("judge-disabled-exact")).toHaveText(
    "a WideSearch verdict comes from its table scorer: use Re-score",
  );
  await expect(section.getByRole("heading", { name: "Correct a gold cell" })).toBeVisible();
  await section.getByRole("button", { name: "Preview re-score" }).click();
  await expect(section.getByTestId("rescore-preview")).toHaveAttribute("data-changes", "0");
  await expect(section.getByTestId("preview-rationale")).toContainText("gold rows matched");
  await section.screenshot({
    path: "e2e/screenshots/reeval-panel-widesearch.png",
    animations: "disabled",
  });
  expect(errors).toEqual([]);
});
