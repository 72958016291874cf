import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { BENCHMARK_IDS, BENCHMARKS, type BenchmarkId } from "../lib/benchmarks/registry";
import { trackErrors } from "./helpers";

/**
 * Every route of every benchmark in the registry, loaded directly: its leaderboard, its
 * diagnostics, a submission and a sample. A benchmark added to the registry is covered here
 * without a new line.
 */

async function firstSubmission(request: APIRequestContext, id: BenchmarkId): Promise<number> {
  const response = await request.get(`/api/b/${id}/leaderboard`);
  expect(response.status(), `/api/b/${id}/leaderboard answers 200`).toBe(200);
  const body = (await response.json()) as { rows: { submissionId: number }[] };
  expect(body.rows.length, `${id} has an approved submission in the demo data`).toBeGreaterThan(0);
  return body.rows[0].submissionId;
}

async function firstSample(request: APIRequestContext, submissionId: number): Promise<{ taskId: string; run: number }> {
  const response = await request.get(`/api/s/${submissionId}/samples`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { samples: { taskId: string; run: number }[] };
  expect(body.samples.length).toBeGreaterThan(0);
  return body.samples[0];
}

async function load(page: Page, url: string): Promise<string[]> {
  const errors = trackErrors(page);
  const response = await page.goto(url);
  expect(response?.status(), `${url} answers 200`).toBe(200);
  await expect(page.getByRole("heading", { name: "Not found" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
  return errors;
}

for (const id of BENCHMARK_IDS) {
  const name = BENCHMARKS[id].name;

  test.describe(`${id}: every route`, () => {
    test("leaderboard and diagnostics, each linking to the other", async ({ page }) => {
      let errors = await load(page, `/b/${id}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
      const viewSwitch = page.getByRole("navigation", { name: "Leaderboard or diagnostics" });
      await expect(viewSwitch.locator("[aria-current=page]")).toHaveText("Leaderboard");
      expect(errors).toEqual([]);

      await viewSwitch.getByRole("link", { name: "Diagnostics" }).click();
      await expect(page).toHaveURL(new RegExp(`/b/${id}/analysis$`));
      await expect(viewSwitch.locator("[aria-current=page]")).toHaveText("Diagnostics");

      errors = await load(page, `/b/${id}/analysis`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} diagnostics`);
      expect(errors).toEqual([]);
    });

    test("a submission and one of its samples", async ({ page, request }) => {
      const submissionId = await firstSubmission(request, id);
      let errors = await load(page, `/s/${submissionId}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(name).first()).toBeVisible();
      expect(errors).toEqual([]);

      const sample = await firstSample(request, submissionId);
      errors = await load(page, `/s/${submissionId}/t/${encodeURIComponent(sample.taskId)}?run=${sample.run}`);
      await expect(page.getByText(sample.taskId).first()).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}
