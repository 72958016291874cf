import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";

/**
 * Where key-state screenshots go; the directory is gitignored and kept as a CI artifact.
 * CSS transitions are finished first (the chart's error bars grow in over 400 ms).
 */
export function shot(name: string): { path: string; fullPage: true; animations: "disabled" } {
  return { path: `e2e/screenshots/${name}.png`, fullPage: true, animations: "disabled" };
}

/**
 * Collects uncaught page errors and console errors (hydration mismatches, failed
 * client code) so a test can assert the page ran cleanly.
 */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // A failed resource's message does not name it: its location does.
    if (message.type() === "error")
      errors.push(
        `console.error: ${message.text()}${message.location().url ? ` (${message.location().url})` : ""}`,
      );
  });
  return errors;
}

export interface LeaderboardEntry {
  model: string;
  pass1: number | null;
}

export async function leaderboardEntries(page: Page): Promise<LeaderboardEntry[]> {
  return page.getByTestId("leaderboard-row").evaluateAll((rows) =>
    rows.map((row) => {
      const pass1 = row.getAttribute("data-pass1");
      return {
        model: row.getAttribute("data-model") ?? "",
        pass1: pass1 === null || pass1 === "" ? null : Number(pass1),
      };
    }),
  );
}

/** Column texts of the leaderboard body, by 0-based cell index (0 is the rank, 1 the model). */
export async function leaderboardColumn(page: Page, cellIndex: number): Promise<string[]> {
  return page
    .getByTestId("leaderboard-row")
    .evaluateAll(
      (rows, index) =>
        rows.map((row) => (row.querySelectorAll("td")[index]?.textContent ?? "").trim()),
      cellIndex,
    );
}

export const LEADERBOARD_CELL = {
  rank: 0,
  model: 1,
  pass1: 2,
  fcr: 3,
  grounded: 4,
  hitRate: 5,
  toolCalls: 6,
  n: 7,
} as const;

/** The leading number of a cell such as "38.6% [35.5, 41.7]" or "8.72", or null for "—" / "n/a". */
export function leadingNumber(text: string): number | null {
  const match = /^-?\d+(?:\.\d+)?/.exec(text.trim());
  return match ? Number(match[0]) : null;
}

export function expectSorted(values: number[], dir: "asc" | "desc", what: string): void {
  expect(values.length, `${what}: needs at least two values to check an order`).toBeGreaterThan(1);
  for (let i = 1; i < values.length; i++) {
    const ok = dir === "asc" ? values[i - 1] <= values[i] : values[i - 1] >= values[i];
    expect(
      ok,
      `${what} not ${dir} at position ${i}: ${values[i - 1]} then ${values[i]} in [${values.join(", ")}]`,
    ).toBe(true);
  }
}

/** Alphabetical order as a reader expects it: case-insensitive. */
export function expectAlphabetical(values: string[], dir: "asc" | "desc", what: string): void {
  expect(values.length, `${what}: needs at least two values to check an order`).toBeGreaterThan(1);
  const sorted = [...values].sort((a, b) =>
    a.localeCompare(b, "en", { sensitivity: "base", numeric: false }),
  );
  if (dir === "desc") sorted.reverse();
  expect(values, `${what} should be ${dir === "asc" ? "A→Z" : "Z→A"}`).toEqual(sorted);
}

/** Opens the leaderboard under a setting and returns the submission id of a model's row. */
export async function submissionIdOf(page: Page, model: string, setting = "C"): Promise<number> {
  await page.goto(`/b/mpw?setting=${encodeURIComponent(setting)}`);
  const link = page
    .locator(`[data-testid="leaderboard-row"][data-model="${model}"]`)
    .getByRole("link", { name: model, exact: true });
  const href = await link.getAttribute("href");
  const match = /^\/s\/(\d+)$/.exec(href ?? "");
  expect(
    match,
    `leaderboard link for ${model} (${setting}) should be /s/<id>, got ${href}`,
  ).not.toBeNull();
  return Number(match![1]);
}

export async function sampleRowsAttr(page: Page, attr: string): Promise<string[]> {
  return page
    .getByTestId("sample-row")
    .evaluateAll((rows, name) => rows.map((row) => row.getAttribute(name) ?? ""), attr);
}

export async function sampleTotal(page: Page): Promise<number> {
  const total = await page.getByTestId("sample-count").getAttribute("data-total");
  expect(total, "sample-count carries data-total").not.toBeNull();
  return Number(total);
}

/** The data-step of the step currently carrying the keyboard focus class, asserting there is exactly one. */
export async function focusedStep(steps: Locator): Promise<string> {
  const focused = steps.locator("li[data-step].step-focused");
  await expect(focused, "exactly one step carries step-focused").toHaveCount(1);
  return (await focused.getAttribute("data-step")) ?? "";
}

/**
 * Ingests a fixture bundle into the e2e server's database with the CLI, as *pending*: the
 * public pages and counts the other specs check stay those of the demo data, and only the
 * admin sees it. Answers the CLI's JSON summary.
 */
export function ingestPendingFixture(
  testInfo: TestInfo,
  bundle: string,
): { submissionId: number; samples: number } {
  const root = dirname(
    testInfo.config.configFile ?? join(testInfo.project.testDir, "playwright.config.ts"),
  );
  // playwright.config.ts says where: a SQLite file, or the PostgreSQL database of the run.
  const target = process.env.E2E_DB_TARGET ?? "data/e2e.db";
  const db = /^postgres(ql)?:/.test(target) ? target : resolve(root, target);
  const out = execFileSync(
    join(root, "node_modules", ".bin", "tsx"),
    [
      "--conditions=react-server",
      "cli/main.ts",
      "ingest",
      bundle,
      "--db",
      db,
      "--status",
      "pending",
    ],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  return JSON.parse(out) as { submissionId: number; samples: number };
}

/** The filter-language box of a submission's sample table. */
export const filterBox = (page: Page): Locator =>
  page.getByTestId("sample-filters").getByTestId("filter-query");

/**
 * A board's default order: the ranked rows by "#", which never decreases down the table,
 * then by the primary figure (the row attribute named); the rows below them by that figure.
 */
export async function expectRankOrder(page: Page, attribute: string, what: string): Promise<void> {
  const rows = await page.getByTestId("leaderboard-row").evaluateAll(
    (els, attr) =>
      els.map((el) => ({
        ranked: el.getAttribute("data-ranked") === "true",
        rank: Number(el.querySelector("[data-testid=rank]")?.getAttribute("data-rank")),
        value: Number(el.getAttribute(attr)),
      })),
    attribute,
  );
  expect(rows.length, `${what}: rows`).toBeGreaterThan(1);
  const ranked = rows.filter((r) => r.ranked);
  expect(rows.slice(0, ranked.length), `${what}: ranked rows first`).toEqual(ranked);
  for (let i = 1; i < ranked.length; i++) {
    const [above, below] = [ranked[i - 1], ranked[i]];
    expect(below.rank, `${what}: "#" at row ${i + 1}`).toBeGreaterThanOrEqual(above.rank);
    if (below.rank === above.rank)
      expect(below.value, `${what}: within rank ${below.rank}`).toBeLessThanOrEqual(above.value);
  }
  const rest = rows.slice(ranked.length).map((r) => r.value);
  if (rest.length > 1) expectSorted(rest, "desc", `${what}: the rows not ranked`);
}
