import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { shot, trackErrors } from "./helpers";
import { ADMIN_TOKEN, issueTokenInAdmin, logInAsAdmin, writeMpwZip } from "./submit-helpers";

/**
 * Confusable names and teams (issue 28 #16): a team uploads `MindWatcher 32В` (Cyrillic В)
 * beside the demo's `MindWatcher 32B`; the moderation queue flags it with both names and
 * the code points that differ, and once approved the board tells the two apart by team.
 * The submission is rejected again at the end, so the other specs see the demo's boards.
 */
const TEAM = "E2E Team Names";
const LOOK_ALIKE = "MindWatcher 32\u0412";
const DEMO_MODEL = "MindWatcher 32B";
let approvedId: number | null = null;

test.afterAll(async ({ request }) => {
  if (approvedId !== null) {
    await request.post(`/api/submissions/${approvedId}/reject`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      data: { reason: "e2e clean-up" },
    });
  }
});

async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a pending name that reads as another team's is flagged in the queue; the board shows each row's team", async ({
  page,
  request,
}, testInfo) => {
  const errors = trackErrors(page);
  await logInAsAdmin(page);
  const token = await issueTokenInAdmin(page, TEAM);
  const zip = writeMpwZip(testInfo.outputPath(), "look-alike", {
    model: LOOK_ALIKE,
    setting: "C",
  });
  const uploaded = await request.post("/api/submissions", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      bundle: { name: "bundle.zip", mimeType: "application/zip", buffer: readFileSync(zip) },
    },
  });
  expect(uploaded.status()).toBe(201);
  const { id, status } = (await uploaded.json()) as { id: number; status: string };
  expect(status).toBe("pending");

  await page.goto("/admin");
  const row = page.locator(
    `[data-testid="moderation-queue"] [data-testid="moderation-row"][data-id="${id}"]`,
  );
  const flag = row.getByTestId("confusable-name");
  await expect(flag).toHaveCount(1);
  await expect(flag).toHaveAttribute("data-field", "model");
  await expect(flag).toContainText(LOOK_ALIKE);
  await expect(flag).toContainText(DEMO_MODEL);
  await expect(flag).toContainText("command line");
  await expect(flag).toContainText("This one has U+0412 Cyrillic where the other has U+0042 Latin");
  // The differing character is marked in both names.
  await expect(flag.locator("mark")).toHaveText(["\u0412", "B"]);
  expect(await blockingViolations(page)).toEqual([]);
  await row.screenshot({ path: "e2e/screenshots/moderation-confusable-name.png" });

  // Approved, it sits beside the demo's row; the Team column tells them apart.
  await row.getByRole("button", { name: "Approve" }).click();
  approvedId = id;
  await expect(row).toHaveCount(0);
  await page.goto("/b/mpw?setting=C");
  const teamOf = (model: string) =>
    page.locator(
      `[data-testid="leaderboard-row"][data-model="${model}"] [data-testid="team-cell"]`,
    );
  await expect(teamOf(LOOK_ALIKE)).toHaveText(TEAM);
  await expect(teamOf(LOOK_ALIKE).locator("bdi")).toHaveText(TEAM);
  await expect(teamOf(DEMO_MODEL)).toHaveText("maintainers");
  await expect(page.getByTestId("team-note")).toContainText(
    "maintainers: added by this site's maintainers from the command line",
  );
  expect(await blockingViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot(shot("board-team-1366"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot(shot("board-team-390"));
  expect(errors).toEqual([]);
});

test("every board shows a Team column, the demo's rows by the maintainers", async ({ page }) => {
  for (const board of ["webdetective", "evobrowsecomp", "infomosaic", "qa", "widesearch"]) {
    await page.goto(`/b/${board}`);
    const rows = page.getByTestId("leaderboard-row");
    await expect(rows.first()).toBeVisible();
    await expect(
      page
        .getByTestId("leaderboard")
        .locator("thead th")
        .filter({ hasText: /^Team$/ }),
    ).toHaveCount(1);
    await expect(rows.getByTestId("team-cell")).toHaveCount(await rows.count());
    await expect(rows.first().getByTestId("team-cell")).toHaveText("maintainers");
  }
});
