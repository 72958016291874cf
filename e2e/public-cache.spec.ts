import { expect, test, type APIRequestContext } from "@playwright/test";
import { logInAsAdmin } from "./submit-helpers";

/** The address of a public trajectory: the first sample of a submission the MPW board links. */
async function aTrajectoryPath(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<string> {
  const html = await (await request.get("/b/mpw", { headers })).text();
  const submission = html.match(/href="(\/s\/\d+)[?"]/);
  expect(submission, "the board links a submission").not.toBeNull();
  const { samples } = (await (
    await request.get(`/api${submission![1]}/samples`, { headers })
  ).json()) as { samples: { taskId: string; run: number }[] };
  const { taskId, run } = samples[0];
  return `${submission![1]}/t/${encodeURIComponent(taskId)}${run > 0 ? `?run=${run}` : ""}`;
}

/**
 * Public pages are rendered on demand; a visitor's page load of a leaderboard or a
 * trajectory (no session) carries a validator made of the public data version (proxy.ts,
 * server/public-data-version.ts), so the browser or a shared cache in front keeps the page
 * and asks again with If-None-Match: a 304, without rendering, until data visitors see
 * changes (e2e/reeval.spec.ts checks a change). Sessions get their pages rendered, never
 * cached.
 */
test.describe("public page caching", () => {
  test("a visitor's leaderboard load carries a validator; asking again with it is a 304, whatever the parameter order", async ({
    request,
  }) => {
    const first = await request.get("/b/mpw?tier=easy&dir=asc&sort=model&setting=B-fewshot");
    expect(first.status()).toBe(200);
    const etag = first.headers()["etag"];
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers()["cache-control"]).toBe("public, no-cache");
    expect(await first.text()).toContain('data-testid="leaderboard-row"');
    const again = await request.get("/b/mpw?setting=B-fewshot&sort=model&dir=asc&tier=easy", {
      headers: { "if-none-match": etag },
    });
    expect(again.status()).toBe(304);
    expect(again.headers()["etag"]).toBe(etag);
    expect(again.headers()["cache-control"]).toBe("public, no-cache");
    expect(again.headers()["content-security-policy"]).toContain("default-src 'self'");
    expect(await again.body()).toHaveLength(0);
    // Another validator (another start of the server, older data) gets the page.
    const stale = await request.get("/b/mpw", { headers: { "if-none-match": 'W/"old-0"' } });
    expect(stale.status()).toBe(200);
  });

  test("a trajectory page the browser holds is revalidated and shows the same sample", async ({
    page,
  }) => {
    const path = await aTrajectoryPath(page.request, {});
    const first = await page.goto(path);
    const etag = first?.headers()["etag"];
    expect(etag).toMatch(/^W\//);
    const header = await page.getByTestId("sample-header").textContent();
    const again = await page.request.get(path, { headers: { "if-none-match": etag! } });
    expect(again.status()).toBe(304);
    await page.reload();
    await expect(page.getByTestId("sample-header")).toHaveText(header!);
  });

  test("behind a TLS proxy (X-Forwarded-Proto: https, X-Forwarded-Host) public pages answer 200", async ({
    request,
  }) => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "seekboard.example" };
    const board = await request.get("/b/mpw", { headers: forwarded });
    expect(board.status()).toBe(200);
    expect(await board.text()).toContain('data-testid="leaderboard-row"');
    const page = await request.get(await aTrajectoryPath(request, forwarded), {
      headers: forwarded,
    });
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain('data-testid="sample-header"');
  });

  test("the admin's pages are rendered for the admin, never cached nor validated", async ({
    page,
    request,
  }) => {
    const etag = (await request.get("/b/mpw")).headers()["etag"];
    await logInAsAdmin(page);
    const response = await page.goto("/b/mpw");
    expect(response?.headers()["etag"]).toBeUndefined();
    expect(response?.headers()["cache-control"]).toContain("no-store");
    // The visitors' validator does not answer the admin's request: the admin's page is rendered.
    const asked = await page.request.get("/b/mpw", { headers: { "if-none-match": etag } });
    expect(asked.status()).toBe(200);
    expect(asked.headers()["cache-control"]).toContain("private");
  });
});
