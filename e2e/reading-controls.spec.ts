/** Reading a long trajectory: hide steps by kind, or read the calls only; j/k walk the steps shown. */
import { expect, test } from "@playwright/test";

test("calls only leaves the tool calls and the answer; each kind folds on its own; j/k skip what is hidden", async ({
  page,
}) => {
  await page.goto("/b/mpw");
  await page.getByTestId("leaderboard-row").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/s\/\d+$/);
  await page.goto(`${page.url()}?verdict=incorrect&fcrMin=0.3&fcrMax=0.7`);
  await page.getByTestId("sample-row").first().getByRole("link").first().click();
  const steps = page.getByTestId("steps").locator("li[data-kind]");
  const visibleKinds = () =>
    steps.evaluateAll((lis) =>
      lis.filter((li) => li.getClientRects().length > 0).map((li) => li.getAttribute("data-kind")),
    );
  await expect(steps.first()).toBeVisible();
  const all = await visibleKinds();
  expect(all).toContain("tool_result");
  expect(all).toContain("thought");

  await page.getByTestId("calls-only").click();
  await expect(page.getByTestId("calls-only")).toHaveAttribute("aria-pressed", "true");
  const callsOnly = await visibleKinds();
  expect(new Set(callsOnly)).toEqual(
    new Set(all.filter((k) => k === "tool_call" || k === "answer")),
  );
  expect(callsOnly.filter((k) => k === "tool_call").length).toBe(
    all.filter((k) => k === "tool_call").length,
  );

  // j walks the calls shown, one after another.
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-kind"));
  expect(["tool_call", "answer"]).toContain(focused);

  // Showing tool results again brings them back and leaves thoughts hidden.
  await page.getByTestId("show-tool_result").click();
  const withResults = await visibleKinds();
  expect(withResults).toContain("tool_result");
  expect(withResults).not.toContain("thought");
  await page.getByTestId("calls-only").click();
  await page.getByTestId("calls-only").click();
  expect(await visibleKinds()).toEqual(all);
});

test("the transcript search on a public page finds a call's query, highlights it and counts the matches", async ({
  page,
}) => {
  await page.goto("/b/mpw");
  await page.getByTestId("leaderboard-row").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/s\/\d+$/);
  await page.goto(`${page.url()}?verdict=incorrect`);
  await page.getByTestId("sample-row").first().getByRole("link").first().click();
  const query = ((await page.getByTestId("query").first().textContent()) ?? "")
    .replace(/^query\s*/, "")
    .trim();
  expect(query.length).toBeGreaterThan(3);
  await page.getByTestId("find-input").fill(query);
  await page.getByTestId("find-input").press("Enter");
  const status = page.getByTestId("find-status");
  await expect(status).toHaveAttribute("data-find-current", "1");
  expect(Number(await status.getAttribute("data-find-steps"))).toBeGreaterThanOrEqual(1);
  await expect(page.locator("li.step-focused")).toHaveAttribute("id", "call-1");
  await expect
    .poll(() => page.evaluate(() => CSS.highlights.get("transcript-find-current")?.size ?? 0))
    .toBeGreaterThanOrEqual(1);
  // A phrase found nowhere says so and highlights nothing.
  await page.getByTestId("find-input").fill("zzqx-not-in-any-step");
  await page.getByTestId("find-input").press("Enter");
  await expect(status).toHaveText("No match");
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (CSS.highlights.get("transcript-find")?.size ?? 0) +
          (CSS.highlights.get("transcript-find-current")?.size ?? 0),
      ),
    )
    .toBe(0);
});
