import { expect, test } from "@playwright/test";
import { shot, trackErrors } from "./helpers";
import { logInAsAdmin } from "./submit-helpers";

/**
 * The admin's "Task sets" (the file goes to POST /api/admin/task-sets): a version with approved submissions and no registered set says
 * what coverage falls back to; a task file uploaded for a version is refused naming its
 * line when malformed, listed once registered, and removed again. The version is one no
 * submission has, so the demo boards the other specs check keep their coverage.
 */
const VERSION = "e2e-task-set";

test("an admin registers a task file for a version, sees it listed, and removes it", async ({
  page,
}) => {
  const errors = trackErrors(page);
  await logInAsAdmin(page);
  const section = page.locator("section", {
    has: page.getByRole("heading", { name: "Task sets" }),
  });
  await expect(section.getByTestId("task-set-row").first()).toBeVisible();
  await expect(
    section.locator('[data-testid="task-set-row"][data-benchmark="mpw"]').first(),
  ).toContainText("none — coverage is measured against the largest approved submission");

  const form = section.getByTestId("task-set-form");
  await form.locator("select[name=benchmark]").selectOption("webdetective");
  await form.locator("input[name=version]").fill(VERSION);
  const upload = (text: string) =>
    form.locator("input[name=file]").setInputFiles({
      name: "tasks.jsonl",
      mimeType: "application/json",
      buffer: Buffer.from(text),
    });

  await upload('{"task_id": "wd-1"}\n{"task_id": "wd-2"}\n{"task_id": "wd-1"}\n');
  await form.getByRole("button", { name: "Register task set" }).click();
  await expect(section.getByTestId("task-set-error")).toHaveText(
    'tasks.jsonl, line 3: task "wd-1" is listed twice (first at line 1)',
  );
  const row = section.locator(
    `[data-testid="task-set-row"][data-benchmark="webdetective"][data-version="${VERSION}"]`,
  );
  await expect(row).toHaveCount(0);

  // A refusal keeps the benchmark and version: only the file is chosen again.
  await expect(form.locator("select[name=benchmark]")).toHaveValue("webdetective");
  await expect(form.locator("input[name=version]")).toHaveValue(VERSION);
  await upload('{"task_id": "wd-1"}\n{"task_id": "wd-2"}\n{"task_id": "wd-3"}\n');
  await form.getByRole("button", { name: "Register task set" }).click();
  await expect(section.getByTestId("task-set-registered")).toHaveText(
    `Registered 3 tasks for WebDetective ${VERSION} from tasks.jsonl.`,
  );
  await expect(row).toHaveAttribute("data-tasks", "3");
  await expect(row).toContainText("3 tasks · from tasks.jsonl · registered");
  await page.screenshot(shot("admin-task-sets"));

  await row.getByRole("button", { name: `Remove the task set of WebDetective ${VERSION}` }).click();
  await expect(row).toHaveCount(0);
  // The refused file's 400 from the upload route, which the browser logs, and nothing else.
  expect(errors).toEqual([
    expect.stringMatching(/status of 400 \(Bad Request\) \(.*\/api\/admin\/task-sets\)$/),
  ]);
});
