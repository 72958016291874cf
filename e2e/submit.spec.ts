import { statSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { shot, trackErrors } from "./helpers";
import { issueTokenInAdmin, logInAsAdmin, mpwRecordLines, writeMpwZip } from "./submit-helpers";

/**
 * Uploads through /submit in the browser: real archives, the upload's progress bar
 * and then the validation's, the accepted submission with its metrics, who can open
 * it while it is pending, and the error table for a broken bundle.
 */
const MODEL = "E2E Upload 7B";
let token: string;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await logInAsAdmin(page);
  token = await issueTokenInAdmin(page, "E2E Team Upload");
  await page.close();
});

/** Records every phase the progress bar shows, and every percentage, from the page itself. */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { phases: [] as string[], percents: [] as number[] };
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    const record = () => {
      const bar = document.querySelector<HTMLElement>("[role=progressbar]");
      if (!bar) return;
      const phase = bar.dataset.phase ?? "";
      if (seen.phases[seen.phases.length - 1] !== phase) seen.phases.push(phase);
      const now = bar.getAttribute("aria-valuenow");
      if (now !== null) seen.percents.push(Number(now));
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });
}

async function progressSeen(page: Page): Promise<{ phases: string[]; percents: number[] }> {
  return page.evaluate(
    () =>
      (window as unknown as { progressSeen: { phases: string[]; percents: number[] } })
        .progressSeen,
  );
}

/** Slows the upload so its progress is visible: Chromium's own network throttling. */
async function throttleUpload(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function pasteToken(page: Page): Promise<void> {
  await page.getByLabel("Team upload token").fill(token);
}

test.describe("/submit", () => {
  test("a real .zip: manifest read in the browser, upload and validation progress, then the pending submission with its metrics", async ({
    page,
    browser,
  }, testInfo) => {
    const errors = trackErrors(page);
    // ~1.6 MB, stored: at 400 KB/s the upload takes a few seconds.
    const zip = writeMpwZip(testInfo.outputPath(), "upload", {
      model: MODEL,
      setting: "C",
      agent: "ReAct",
      runs: 30,
      paddingBytes: 12_000,
    });
    expect(statSync(zip).size).toBeGreaterThan(1_200_000);

    await page.goto("/submit");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Submit results");
    await pasteToken(page);
    await page.locator("input[type=file]").setInputFiles(zip);
    await expect(page.getByTestId("chosen-file")).toContainText("upload.zip");
    await expect(page.getByTestId("manifest-note")).toContainText(
      "Read from manifest.json (benchmark mpw)",
    );
    await expect(page.getByLabel("Model")).toHaveValue(MODEL);
    await expect(page.getByLabel("Agent")).toHaveValue("ReAct");
    await expect(page.getByLabel("Setting")).toHaveValue("C");
    await page.getByLabel("Agent").fill("ReAct (e2e)");

    await watchProgress(page);
    await throttleUpload(page, 400 * 1024);
    await page.getByRole("button", { name: "Submit" }).click();
    const bar = page.getByRole("progressbar");
    await expect(bar).toHaveAttribute("data-phase", "uploading");
    await expect
      .poll(async () => Number(await bar.getAttribute("aria-valuenow")), {
        message: "the upload bar moves",
      })
      .toBeGreaterThan(0);
    await page.screenshot(shot("submit-uploading"));

    const accepted = page.getByTestId("submission-accepted");
    await expect(accepted).toBeVisible({ timeout: 30_000 });
    const seen = await progressSeen(page);
    expect(seen.phases, "the bar showed the upload, then the validation").toEqual([
      "uploading",
      "validating",
    ]);
    expect(
      seen.percents.some((p) => p > 0 && p < 100),
      `intermediate upload percentages: ${seen.percents.join(", ")}`,
    ).toBe(true);
    expect(seen.percents).toEqual([...seen.percents].sort((a, b) => a - b));
    await expect(bar).toHaveCount(0);

    await expect(accepted).toHaveAttribute("data-duplicate", "0");
    await expect(accepted).toContainText(/Received as submission #\d+/);
    await expect(accepted.getByText("pending", { exact: true })).toBeVisible();
    await expect(accepted).toContainText(
      `${MODEL} · setting C · ReAct (e2e) · 90 samples of 3 tasks`,
    );
    const metrics = page.getByTestId("metrics-preview");
    for (const label of ["Pass@1", "FCR", "HitRate", "ToolCalls", "Samples"])
      await expect(metrics).toContainText(label);
    await expect(metrics).toContainText(/Pass@1\d+\.\d%\[\d+\.\d, \d+\.\d\]/);
    await expect(metrics.locator("dd").last()).toHaveText("90");
    await page.screenshot(shot("submit-accepted"));
    const id = Number(await accepted.getAttribute("data-id"));

    // The uploader lands on the pending submission...
    await page.getByTestId("open-submission").click();
    await expect(page).toHaveURL(new RegExp(`/s/${id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MODEL);
    await expect(page.getByText("pending", { exact: true })).toBeVisible();
    await page.screenshot(shot("submit-pending-submission"));
    const firstSample = page.getByTestId("sample-row").first().getByRole("link").first();
    const trajectoryHref = await firstSample.getAttribute("href");
    expect(trajectoryHref).toMatch(new RegExp(`^/s/${id}/t/`));

    // ...which nobody else can open, nor its trajectories, nor find on the leaderboard.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    for (const url of [`/s/${id}`, trajectoryHref!]) {
      const response = await other.goto(url);
      expect(response?.status(), `${url} is hidden from the public`).toBe(404);
      await expect(other.getByRole("heading", { level: 1 })).toHaveText("Not found");
    }
    await other.goto("/b/mpw?setting=C");
    await expect(
      other.locator(`[data-testid="leaderboard-row"][data-model="${MODEL}"]`),
    ).toHaveCount(0);
    await stranger.close();

    // The same bundle again is recognised, not stored twice.
    await page.goto("/submit");
    await pasteToken(page);
    await page.locator("input[type=file]").setInputFiles(zip);
    await expect(page.getByLabel("Model")).toHaveValue(MODEL);
    // The same correction gives the same manifest, so the same bundle.
    await page.getByLabel("Agent").fill("ReAct (e2e)");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("submission-accepted")).toHaveAttribute("data-duplicate", "1", {
      timeout: 30_000,
    });
    await expect(page.getByTestId("submission-accepted")).toContainText(
      `Already received as submission #${id}`,
    );
    expect(errors).toEqual([]);
  });

  test("a broken bundle: every error in a table of file, line, field and message; nothing imported", async ({
    page,
  }, testInfo) => {
    const errors = trackErrors(page);
    const zip = writeMpwZip(testInfo.outputPath(), "broken", {
      model: "E2E Broken",
      setting: "C",
      edit: (records) => {
        records[1].index = { not: "an index" };
        records[1].status = 42;
        // A second bad record: every one is listed, not only the first (issue 31).
        records[2].status = 7;
      },
    });
    await page.goto("/submit");
    await pasteToken(page);
    await page.locator("input[type=file]").setInputFiles(zip);
    await expect(page.getByLabel("Model")).toHaveValue("E2E Broken");
    await watchProgress(page);
    await page.getByRole("button", { name: "Submit" }).click();

    const table = page.getByTestId("bundle-errors");
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(table).toContainText(
      "The bundle was refused and nothing was imported — 3 problems",
    );
    const rows = page.getByTestId("bundle-error");
    await expect(rows).toHaveCount(3);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [
        tr.getAttribute("data-file"),
        tr.getAttribute("data-line"),
        tr.getAttribute("data-field"),
      ]),
    );
    expect(cells).toEqual([
      ["results.jsonl", "2", "index"],
      ["results.jsonl", "2", "status"],
      ["results.jsonl", "3", "status"],
    ]);
    await expect(rows.first().locator("td")).toHaveText(["results.jsonl", "2", "index", /.+/]);
    // A small upload may pass from uploading to the answer faster than one frame.
    expect((await progressSeen(page)).phases[0]).toBe("uploading");
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await page.screenshot(shot("submit-errors"));

    // Nothing was imported: the admin's queue does not have it.
    await logInAsAdmin(page);
    await expect(page.getByTestId("moderation-queue")).toBeVisible();
    await expect(
      page.locator(`[data-testid="moderation-row"][data-model="E2E Broken"]`),
    ).toHaveCount(0);
    // Chromium logs the refused upload itself; nothing else may fail.
    expect(
      errors.filter(
        (e) => !/Failed to load resource: the server responded with a status of 400/.test(e),
      ),
    ).toEqual([]);
  });

  test("a .jsonl dropped on the page needs the model and setting from the form", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    await page.goto("/submit");
    await pasteToken(page);
    const content = mpwRecordLines({ model: "unused", setting: "B-fewshot", runs: 2 });
    await page.getByTestId("drop-zone").evaluate((zone, text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], "run-7.jsonl", { type: "application/jsonl" }));
      zone.dispatchEvent(
        new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    }, content);
    await expect(page.getByTestId("chosen-file")).toContainText("run-7.jsonl");
    await expect(page.getByTestId("manifest-note")).toContainText("give the model and the setting");
    await expect(page.getByLabel("Model")).toHaveAttribute("required", "");
    await page.getByLabel("Model").fill("E2E Plain Results");
    await page.getByLabel("Setting").fill("B-fewshot");
    await page.getByRole("button", { name: "Submit" }).click();
    const accepted = page.getByTestId("submission-accepted");
    await expect(accepted).toBeVisible({ timeout: 30_000 });
    await expect(accepted).toContainText(
      "E2E Plain Results · setting B-fewshot · 6 samples of 3 tasks",
    );
    expect(errors).toEqual([]);
  });

  test("a wrong token is refused by the server, a file that is not a bundle before any upload; the page states the size limit", async ({
    page,
  }, testInfo) => {
    await page.goto("/submit");
    await page.getByLabel("Team upload token").fill("sb_not-a-token");
    const zip = writeMpwZip(testInfo.outputPath(), "small", { model: "E2E Token", setting: "C" });
    await page.locator("input[type=file]").setInputFiles(zip);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("submit-failed")).toContainText("the upload token is not valid");
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByTestId("submit-problem")).toHaveText(
      "Choose a .zip, a .tar.gz, a .jsonl or an Inspect log (.eval, .json).",
    );
    // The page knows the server's limit (200 MiB by default) and says so before uploading.
    await expect(page.getByTestId("drop-zone")).toContainText("Up to 200 MiB");
  });

  test("every page carries the security headers", async ({ request }) => {
    for (const url of ["/", "/submit", "/admin", "/b/mpw", "/api/b/mpw/leaderboard"]) {
      const response = await request.get(url);
      const headers = response.headers();
      expect(headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"], url).not.toMatch(/unsafe-eval/);
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["x-frame-options"], url).toBe("DENY");
    }
  });
});
