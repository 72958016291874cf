import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { BENCHMARK_IDS, BENCHMARK_INFO, type BenchmarkId } from "../lib/benchmarks/info";
import { shot, trackErrors } from "./helpers";
import { ADMIN_TOKEN, issueTokenInAdmin, logInAsAdmin } from "./submit-helpers";

/**
 * One primary figure wherever a submission is shown: for every benchmark, the home card's
 * leader, its board row and its submission header; and a new upload's answer, its row in the
 * admin queue, then (approved) its board row and its header. Every primary metric is a rate,
 * shown as `percent` writes it ("38.6%"). The submissions approved here are rejected again,
 * so the boards the other specs read are the demo's.
 */
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
/** The row attribute holding the primary figure's value: MPW's and WideSearch's own tables name it. */
const PRIMARY_ATTRIBUTE: Partial<Record<BenchmarkId, string>> = {
  mpw: "data-pass1",
  widesearch: "data-success-avg",
};
const primaryAttribute = (id: BenchmarkId) => PRIMARY_ATTRIBUTE[id] ?? "data-primary";
const approved: number[] = [];

test.afterAll(async ({ request }) => {
  for (const id of approved)
    await request.post(`/api/submissions/${id}/reject`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      data: { reason: "e2e clean-up" },
    });
});

/** The board's row of a submission, by the link to its page. */
const boardRow = (page: Page, id: number) =>
  page.locator('[data-testid="leaderboard-row"]', {
    has: page.locator(`td a[href="/s/${id}"]`),
  });

/** The board view (query) whose overall report holds the submission: its version, setting, every task. */
async function viewOf(
  request: APIRequestContext,
  id: BenchmarkId,
  submissionId: number,
  setting: string,
): Promise<string> {
  const board = BENCHMARK_INFO[id].board;
  let params: Record<string, string>[] = [{}];
  for (const view of board.views) {
    if (view.picks === "setting") params = params.map((p) => ({ ...p, setting }));
    if (view.picks === "split") {
      const every = view.values.includes("all") ? "all" : "overall";
      params = params.map((p) => ({ ...p, [view.param]: every }));
    }
    if (view.picks === "version") {
      const answer = (await (await request.get(`/api/b/${id}/leaderboard`)).json()) as Record<
        string,
        { key: string }[]
      >;
      params = params.flatMap((p) =>
        answer[`${view.param}s`].map((v) => ({ ...p, [view.param]: v.key })),
      );
    }
  }
  const queries = params.map((p) =>
    Object.keys(p).length ? `?${new URLSearchParams(p).toString()}` : "",
  );
  for (const query of queries) {
    const answer = (await (await request.get(`/api/b/${id}/leaderboard${query}`)).json()) as {
      rows: { submissionId: number }[];
    };
    if (answer.rows.some((row) => row.submissionId === submissionId)) return query;
  }
  throw new Error(`submission ${submissionId} is on no view of /b/${id}`);
}

test.describe("the primary figure, the same on every page", () => {
  test("home card, board row and submission header agree on each board's leader", async ({
    page,
  }) => {
    const errors = trackErrors(page);
    for (const id of BENCHMARK_IDS) {
      await page.goto(`/b/${id}`);
      const leader = page.locator('[data-testid="leaderboard-row"][data-ranked="true"]').first();
      const model = (await leader.getAttribute("data-model")) ?? "";
      const value = Number(await leader.getAttribute(primaryAttribute(id)));
      const shown = percent(value);
      await expect(leader, `${id}: board row`).toContainText(shown);
      const href = (await leader.locator("td a[href^='/s/']").first().getAttribute("href")) ?? "";

      await page.goto("/");
      const card = page.getByTestId(`benchmark-${id}`);
      await expect(card, `${id}: home card`).toContainText(model);
      await expect(card, `${id}: home card`).toContainText(shown);

      await page.goto(href);
      await expect(page.getByTestId("primary-metric"), `${id}: submission header`).toContainText(
        shown,
      );
    }
    expect(errors).toEqual([]);
  });

  test("an upload's answer, the admin queue, its board row and its header agree", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    await logInAsAdmin(page);
    const token = await issueTokenInAdmin(page, "E2E Team Primary Figure");
    for (const id of BENCHMARK_IDS) {
      const model = `E2E Primary ${id}`;
      const zip = execFileSync(
        "npx",
        [
          "tsx",
          "--conditions=react-server",
          "e2e/fixtures/demo-bundle.ts",
          id,
          testInfo.outputPath(),
          model,
        ],
        { encoding: "utf8" },
      );
      const uploaded = await request.post("/api/submissions?wait=60000", {
        headers: { Authorization: `Bearer ${token}` },
        multipart: {
          bundle: { name: "bundle.zip", mimeType: "application/zip", buffer: readFileSync(zip) },
        },
      });
      expect(uploaded.status(), `${id}: ${await uploaded.text()}`).toBe(201);
      const answer = (await uploaded.json()) as {
        id: number;
        setting: string;
        figures: { key: string; value: number | null }[];
      };
      const [primary] = answer.figures;
      expect(primary.key, id).toBe(BENCHMARK_INFO[id].board.primary);
      expect(primary.value, id).not.toBeNull();
      const shown = percent(primary.value as number);

      await page.goto("/admin");
      const queued = page.locator(
        `[data-testid="moderation-queue"] [data-testid="moderation-row"][data-id="${answer.id}"]`,
      );
      await expect(queued.locator('[data-primary-metric="1"] dd'), `${id}: admin queue`).toHaveText(
        new RegExp(`^${shown.replace(".", "\\.")}`),
      );

      const approve = await request.post(`/api/submissions/${answer.id}/approve`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(approve.ok(), `${id}: approve`).toBe(true);
      approved.push(answer.id);

      const query = await viewOf(request, id, answer.id, answer.setting);
      await page.goto(`/b/${id}${query}`);
      const row = boardRow(page, answer.id);
      await expect(row, `${id}: board row`).toHaveAttribute(
        primaryAttribute(id),
        String(primary.value),
      );
      await expect(row, `${id}: board row`).toContainText(shown);
      if (id === "qa") await page.screenshot(shot("primary-figure-qa-board"));

      await page.goto(`/s/${answer.id}`);
      await expect(page.getByTestId("primary-metric"), `${id}: submission header`).toContainText(
        shown,
      );
    }
  });
});
