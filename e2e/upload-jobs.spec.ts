import { expect, test, type Page, type Response } from "@playwright/test";
import { shot, trackErrors } from "./helpers";
import { issueTokenInAdmin, logInAsAdmin, writeMpwZip } from "./submit-helpers";

/**
 * Uploads that outlive their request: /submit's upload is sent with `?wait=0`, so the
 * server answers 202 at once and the page follows the job through GET /api/jobs/{id} to
 * the accepted view, or to the invalid view when the worker refuses the bundle. The last
 * tests play a scripted job (the API fulfilled by the test) for what the real server does
 * not do on demand: a failing poll, and a job that stays out of reach.
 */
let token: string;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await logInAsAdmin(page);
  token = await issueTokenInAdmin(page, "E2E Team Jobs");
  await page.close();
});

const isUpload = (response: Response) =>
  /\/api\/submissions(\?|$)/.test(response.url()) && response.request().method() === "POST";

/** The page's own upload, sent on with `?wait=0`: the server queues the job and answers 202 at once. */
async function answerWithJob(page: Page): Promise<void> {
  await page.route("**/api/submissions", (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set("wait", "0");
    return route.continue({ url: url.href });
  });
}

interface ImportSeen {
  states: string[];
  percents: number[];
  samples: number[];
  statusUrls: string[];
}

/** Records, from the page itself, every state, percentage and sample count the import view shows. */
async function watchImport(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: ImportSeen = { states: [], percents: [], samples: [], statusUrls: [] };
    (window as unknown as { importSeen: ImportSeen }).importSeen = seen;
    const record = () => {
      const view = document.querySelector<HTMLElement>("[data-testid=import-progress]");
      if (!view) return;
      const state = view.dataset.jobState ?? "";
      if (seen.states[seen.states.length - 1] !== state) seen.states.push(state);
      const now = view.querySelector("[role=progressbar]")?.getAttribute("aria-valuenow");
      if (now !== null && now !== undefined) seen.percents.push(Number(now));
      seen.samples.push(Number(view.dataset.samples));
      const href = view.querySelector("[data-testid=import-status-url]")?.getAttribute("href");
      if (href && !seen.statusUrls.includes(href)) seen.statusUrls.push(href);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

async function importSeen(page: Page): Promise<ImportSeen> {
  return page.evaluate(() => (window as unknown as { importSeen: ImportSeen }).importSeen);
}

/** The job's states never go back: queued, then running (a fast job may skip either, not both). */
function expectForwardStates(states: string[]): void {
  expect(
    [["queued"], ["running"], ["queued", "running"]],
    `states shown: ${states.join(", ")}`,
  ).toContainEqual(states);
}

async function choose(page: Page, zip: string, model: string): Promise<void> {
  await page.goto("/submit");
  await page.getByLabel("Team upload token").fill(token);
  await page.locator("input[type=file]").setInputFiles(zip);
  await expect(page.getByLabel("Model")).toHaveValue(model);
}

test.describe("/submit follows a 202", () => {
  test("a bundle answered 202: the import's bar with the job's state, then the accepted submission and its link", async ({
    page,
  }, testInfo) => {
    const errors = trackErrors(page);
    const model = "E2E Job 7B";
    // 300 samples with padding (~2 MB): the worker takes a moment over it.
    const zip = writeMpwZip(testInfo.outputPath(), "job", {
      model,
      setting: "C",
      runs: 100,
      paddingBytes: 4000,
    });
    await choose(page, zip, model);
    await answerWithJob(page);
    await watchImport(page);
    const upload = page.waitForResponse(isUpload);
    await page.getByRole("button", { name: "Submit" }).click();

    const response = await upload;
    expect(response.status(), "with ?wait=0 the server answers before the import").toBe(202);
    const queued = (await response.json()) as { jobId: number; statusUrl: string; state: string };
    expect(queued.statusUrl).toBe(`/api/jobs/${queued.jobId}`);
    expect(["queued", "running"]).toContain(queued.state);

    const accepted = page.getByTestId("submission-accepted");
    await expect(accepted).toBeVisible({ timeout: 45_000 });
    const seen = await importSeen(page);
    expectForwardStates(seen.states);
    expect(seen.statusUrls, "the view named the job's status URL").toEqual([queued.statusUrl]);
    expect(seen.percents, "the bar only moves forward").toEqual(
      [...seen.percents].sort((a, b) => a - b),
    );
    expect(seen.samples, "samples written only grow").toEqual(
      [...seen.samples].sort((a, b) => a - b),
    );
    await expect(page.getByTestId("import-progress")).toHaveCount(0);

    await expect(accepted).toHaveAttribute("data-duplicate", "0");
    await expect(accepted).toContainText(/Received as submission #\d+/);
    await expect(accepted).toContainText(`${model} · setting C · ReAct · 300 samples of 3 tasks`);
    await expect(page.getByTestId("metrics-preview")).toContainText("Pass@1");
    await page.screenshot(shot("upload-job-accepted"));
    const id = Number(await accepted.getAttribute("data-id"));

    // The job says the same, to its uploader's token.
    const job = await page.request.get(queued.statusUrl, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(job.status()).toBe(200);
    expect(await job.json()).toMatchObject({
      id: queued.jobId,
      state: "done",
      result: { id, duplicate: false },
      errors: null,
    });

    const link = page.getByTestId("open-submission");
    await expect(link).toHaveAttribute("href", `/s/${id}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/s/${id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(model);
    expect(errors).toEqual([]);
  });

  test("a bundle the worker refuses: the invalid view lists each error with its file and line", async ({
    page,
  }, testInfo) => {
    const errors = trackErrors(page);
    const model = "E2E Job Broken";
    const zip = writeMpwZip(testInfo.outputPath(), "job-broken", {
      model,
      setting: "C",
      edit: (records) => {
        records[1].index = { not: "an index" };
      },
    });
    await choose(page, zip, model);
    await answerWithJob(page);
    await watchImport(page);
    const upload = page.waitForResponse(isUpload);
    await page.getByRole("button", { name: "Submit" }).click();
    expect((await upload).status()).toBe(202);

    const table = page.getByTestId("bundle-errors");
    await expect(table).toBeVisible({ timeout: 45_000 });
    expectForwardStates((await importSeen(page)).states);
    await expect(table).toContainText("The bundle was refused and nothing was imported");
    const rows = page.getByTestId("bundle-error");
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [
        tr.getAttribute("data-file"),
        tr.getAttribute("data-line"),
        tr.getAttribute("data-field"),
      ]),
    );
    expect(cells).toContainEqual(["results.jsonl", "2", "index"]);
    await expect(
      rows.filter({ has: page.locator("td", { hasText: /^index$/ }) }).locator("td"),
    ).toHaveText(["results.jsonl", "2", "index", /.+/]);
    await expect(page.getByTestId("import-progress")).toHaveCount(0);
    await expect(page.getByTestId("submission-accepted")).toHaveCount(0);
    await page.screenshot(shot("upload-job-refused"));
    expect(errors).toEqual([]);
  });

  /** A scripted job: the upload and each poll answered by the test, in order (the last repeats). */
  async function scriptJob(
    page: Page,
    polls: Array<{ status: number; body: object }>,
  ): Promise<{ authorizations: string[] }> {
    const seen = { authorizations: [] as string[] };
    await page.route("**/api/submissions", (route) =>
      route.fulfill({
        status: 202,
        contentType: "application/json",
        body: JSON.stringify({
          jobId: 9001,
          statusUrl: "/api/jobs/9001",
          state: "queued",
          progress: { done: 0, total: null, samples: 0 },
        }),
      }),
    );
    let n = 0;
    await page.route("**/api/jobs/9001", (route) => {
      seen.authorizations.push(route.request().headers().authorization ?? "");
      const { status, body } = polls[Math.min(n++, polls.length - 1)];
      return route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
    });
    return seen;
  }

  const MiB = 1024 ** 2;
  const running = (done: number, samples: number) => ({
    id: 9001,
    state: "running",
    progress: { done, total: Math.round(27.1 * MiB), samples },
    result: null,
    errors: null,
  });

  test("a scripted job: the bar shows bytes and samples, a failed poll is retried, the result ends in the accepted view", async ({
    page,
  }, testInfo) => {
    const zip = writeMpwZip(testInfo.outputPath(), "scripted", {
      model: "E2E Scripted",
      setting: "C",
    });
    const result = {
      id: 4242,
      status: "pending",
      duplicate: false,
      benchmark: "mpw",
      model: "E2E Scripted",
      agent: "ReAct",
      setting: "C",
      samples: 16080,
      tasks: 3,
      metrics: null,
      url: "/s/4242",
      verified: false,
      checks: [],
    };
    const script = await scriptJob(page, [
      { status: 200, body: running(Math.round(12.3 * MiB), 7200) },
      { status: 503, body: { error: "restarting" } },
      { status: 200, body: running(Math.round(21.7 * MiB), 12_000) },
      { status: 200, body: { ...running(Math.round(27.1 * MiB), 16_080), state: "done", result } },
    ]);
    await choose(page, zip, "E2E Scripted");
    await watchImport(page);
    await page.getByRole("button", { name: "Submit" }).click();

    const view = page.getByTestId("import-progress");
    await expect(view).toHaveAttribute("data-job-state", "running");
    await expect(view.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "45");
    await expect(view).toContainText("45% · 12.3 of 27.1 MiB · 7,200 samples");
    await expect(page.getByTestId("import-status-url")).toHaveAttribute("href", "/api/jobs/9001");
    await expect(page.getByTestId("import-trouble")).toHaveText(
      "the server answered 503; trying again…",
    );
    await page.screenshot(shot("upload-job-retrying"));
    await expect(view).toContainText("80% · 21.7 of 27.1 MiB · 12,000 samples");
    await expect(page.getByTestId("import-trouble")).toHaveCount(0);

    const accepted = page.getByTestId("submission-accepted");
    await expect(accepted).toBeVisible();
    await expect(accepted).toContainText("Received as submission #4242");
    await expect(accepted).toContainText(
      "E2E Scripted · setting C · ReAct · 16,080 samples of 3 tasks",
    );
    expect((await importSeen(page)).states).toEqual(["queued", "running"]);
    expect(new Set(script.authorizations)).toEqual(new Set([`Bearer ${token}`]));
  });

  test("a scripted job out of reach: retried with backoff, then a message naming its status URL, never an empty result", async ({
    page,
  }, testInfo) => {
    const zip = writeMpwZip(testInfo.outputPath(), "unreachable", {
      model: "E2E Unreachable",
      setting: "C",
    });
    await scriptJob(page, [{ status: 502, body: { error: "bad gateway" } }]);
    await choose(page, zip, "E2E Unreachable");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("import-trouble")).toHaveText(
      "the server answered 502; trying again…",
    );
    const failed = page.getByTestId("submit-failed");
    await expect(failed).toContainText(
      "Lost track of the import (the server answered 502). The import goes on on the server; its status is at /api/jobs/9001",
      { timeout: 40_000 },
    );
    await expect(page.getByTestId("import-progress")).toHaveCount(0);
    await expect(page.getByTestId("submission-accepted")).toHaveCount(0);
  });
});
