import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { shot, trackErrors } from "./helpers";
import { ADMIN_TOKEN, logInAsAdmin } from "./submit-helpers";

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

/**
 * The MPW authors' released result file (test/fixtures/mpw/release), uploaded as a team
 * would: neither record carries a judge verdict, and the API, the board row and the
 * submission page say so. Rejected again at the end, so the other specs see the demo's boards.
 */
test("an upload without judge verdicts shows its unjudged samples on the board and its page", async ({
  request,
  page,
}, testInfo) => {
  const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const issued = await request.post("/api/tokens", {
    headers: admin,
    data: { team: "E2E Release" },
  });
  expect(issued.status()).toBe(201);
  const { token } = (await issued.json()) as { token: string };
  const src = testInfo.outputPath("release");
  mkdirSync(src, { recursive: true });
  copyFileSync(
    join(
      __dirname,
      "..",
      "test",
      "fixtures",
      "mpw",
      "release",
      "Qwen3-30B-A3B_setting_b_results.jsonl",
    ),
    join(src, "results.jsonl"),
  );
  const model = "Qwen3-30B-A3B (E2E release)";
  writeFileSync(
    join(src, "manifest.json"),
    JSON.stringify({ benchmark: "mpw", model, setting: "B", results: ["results.jsonl"] }),
  );
  const zip = testInfo.outputPath("release.zip");
  execFileSync("python3", [
    "-c",
    "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[2], 'w') as z:\n  for n in ('manifest.json', 'results.jsonl'): z.write(sys.argv[1] + '/' + n, n)",
    src,
    zip,
  ]);
  const uploaded = await request.post("/api/submissions?wait=60000", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      bundle: { name: "bundle.zip", mimeType: "application/zip", buffer: readFileSync(zip) },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { id } = (await uploaded.json()) as { id: number };
  try {
    expect((await request.post(`/api/submissions/${id}/approve`, { headers: admin })).ok()).toBe(
      true,
    );
    const board = await request.get("/api/b/mpw/leaderboard?setting=B-fewshot");
    const { rows } = (await board.json()) as {
      rows: { submissionId: number; unjudged: number | null }[];
    };
    expect(rows.find((r) => r.submissionId === id)?.unjudged).toBe(2);

    await page.goto("/b/mpw?setting=B-fewshot");
    const row = page.locator(`[data-testid="leaderboard-row"][data-model="${model}"]`);
    await expect(row.getByTestId("unjudged-badge")).toHaveAttribute("data-count", "2");
    await page.goto(`/s/${id}`);
    await expect(page.getByTestId("unjudged-note")).toHaveAttribute("data-count", "2");
  } finally {
    await request.post(`/api/submissions/${id}/reject`, {
      headers: admin,
      data: { reason: "e2e clean-up" },
    });
  }
});
