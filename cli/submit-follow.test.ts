/**
 * `cli submit` following a 202 to the job's end, against a real HTTP server that plays
 * the server's side of the contract (202, then GET /api/jobs/{id} through its states),
 * mounted under a path prefix as a site behind a proxy would be.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobReporter } from "./job-progress";
import { runCli } from "./run-cli";
import { followJob, statusUrlOf, submissionsEndpoint } from "./submit";

const TOKEN = "sb_follow-test";
const MiB = 1024 ** 2;

/** What a finished job carries in `result`: the 201 body, as the route answers it. */
const RESULT = {
  id: 41,
  status: "pending",
  duplicate: false,
  benchmark: "mpw",
  model: "Follow 7B",
  agent: "ReAct",
  setting: "C",
  samples: 7200,
  tasks: 3,
  metrics: null,
  url: "/s/41",
  verified: false,
  checks: [],
};

const TOTAL = Math.round(27.1 * MiB);
const progress = (done: number, samples: number) => ({ done, total: TOTAL, samples });
const job = (id: number, state: string, extra: object = {}) => ({
  id,
  state,
  progress: { done: 0, total: null, samples: 0 },
  result: null,
  errors: null,
  ...extra,
});

/** Each scenario: the 202's job, then what each poll of its status URL answers, in order (the last repeats). */
const SCENARIOS: Record<string, { jobId: number; polls: Array<[number, object]> }> = {
  ok: {
    jobId: 7,
    polls: [
      [200, job(7, "queued")],
      [503, { error: "restarting" }],
      [200, job(7, "running", { progress: progress(Math.round(12.3 * MiB), 7200) })],
      [200, job(7, "running", { progress: progress(Math.round(21.7 * MiB), 12_000) })],
      [200, job(7, "done", { progress: progress(TOTAL, 16_080), result: RESULT })],
    ],
  },
  bad: {
    jobId: 8,
    polls: [
      [200, job(8, "running", { progress: progress(MiB, 10) })],
      [
        200,
        job(8, "failed", {
          progress: progress(MiB, 10),
          errors: [
            { file: "results.jsonl", line: 2, field: "messages", message: "expected an array" },
          ],
          moreErrors: 12,
        }),
      ],
    ],
  },
  gone: { jobId: 9, polls: [[404, { error: "no such job" }]] },
  down: { jobId: 10, polls: [[502, { error: "bad gateway" }]] },
};

let server: Server;
let origin: string;
let dir: string;
let bundle: string;
const polled: Record<string, number> = Object.create(null);

function answer(
  res: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const match = /^\/(\w+)\/api\/(submissions|jobs\/(\d+))$/.exec(req.url ?? "");
  const scenario = match ? SCENARIOS[match[1]] : undefined;
  if (!match || !scenario) return answer(res, 404, { error: "not found" });
  if (req.headers.authorization !== `Bearer ${TOKEN}`)
    return answer(res, 401, { error: "the upload token is not valid" });
  if (match[2] === "submissions" && req.method === "POST") {
    const statusUrl = `/api/jobs/${scenario.jobId}`;
    return answer(
      res,
      202,
      {
        jobId: scenario.jobId,
        statusUrl,
        state: "queued",
        progress: { done: 0, total: null, samples: 0 },
      },
      { location: statusUrl },
    );
  }
  if (req.method !== "GET" || Number(match[3]) !== scenario.jobId)
    return answer(res, 404, { error: "not found" });
  const n = (polled[match[1]] = (polled[match[1]] ?? 0) + 1);
  const [status, body] = scenario.polls[Math.min(n, scenario.polls.length) - 1];
  answer(res, status, body);
}

beforeAll(async () => {
  // The upload's body is read to its end before answering, as the real server does.
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => handle(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  dir = mkdtempSync(join(tmpdir(), "cli-follow-"));
  bundle = join(dir, "bundle.zip");
  writeFileSync(bundle, Buffer.alloc(4096, 1));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe("cli submit follows a 202", () => {
  it("queued → a 5xx blip → running → done: progress lines on stderr (not one per poll), the result on stdout as a 201 prints it", async () => {
    const run = await runCli(["submit", bundle, "--url", `${origin}/ok`, "--token", TOKEN]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${JSON.stringify(RESULT, null, 2)}\n`);
    expect(polled.ok).toBe(5);
    // stderr is a pipe here: plain lines, one per state (the second "running" poll within 15 s adds none).
    expect(run.stderr.split("\n")).toEqual([
      `The server is importing the bundle as job 7; its status: ${origin}/ok/api/jobs/7`,
      "Queued (job 7) · waiting for the worker",
      "Importing (job 7) · 45% · 12.3 of 27.1 MiB · 7,200 samples",
      "Imported (job 7) · 100% · 27.1 of 27.1 MiB · 16,080 samples",
      "",
    ]);
  });

  it("a job that fails with errors exits like a 400: exit 2, every error and how many more on stderr, nothing on stdout", async () => {
    const run = await runCli(["submit", bundle, "--url", `${origin}/bad/`, "--token", TOKEN]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`job 8 failed: the bundle was refused (${origin}/bad/api/jobs/8)`);
    expect(run.stderr).toContain("results.jsonl, line 2, field messages: expected an array\n");
    expect(run.stderr).toContain("… and 12 more problems (only the first 100 are listed)\n");
  });

  it("--no-wait prints the 202's body and exits at once, polling nothing", async () => {
    const run = await runCli([
      "submit",
      bundle,
      "--url",
      `${origin}/ok`,
      "--token",
      TOKEN,
      "--no-wait",
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      jobId: 7,
      statusUrl: "/api/jobs/7",
      state: "queued",
      progress: { done: 0, total: null, samples: 0 },
    });
    expect(polled.ok).toBe(5);
  });

  it("a status URL that answers 404 ends at once with exit 1, naming it", async () => {
    const run = await runCli(["submit", bundle, "--url", `${origin}/gone`, "--token", TOKEN]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`HTTP 404 from ${origin}/gone/api/jobs/9: no such job`);
    expect(polled.gone).toBe(1);
  });
});

describe("followJob", () => {
  it("backs off on 5xx and gives up after its bound, naming the job's status URL", async () => {
    const url = new URL(`${origin}/down/api/jobs/10`);
    const started = Date.now();
    await expect(
      followJob(url, TOKEN, undefined, { intervalMs: 20, maxBackoffMs: 80, outageMs: 300 }),
    ).rejects.toThrow(
      new RegExp(
        `gave up polling the job after .* \\(last: HTTP 502\\); it may still finish: its status is at ${url.href}`,
      ),
    );
    // Doubling from 20 ms to 80 ms: far fewer polls than one every 20 ms for 300 ms.
    expect(polled.down).toBeLessThanOrEqual(7);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it("a connection that fails counts as an outage too", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const address = closed.address();
    await new Promise((resolve) => closed.close(resolve));
    const url = new URL(
      `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api/jobs/1`,
    );
    await expect(
      followJob(url, TOKEN, undefined, { intervalMs: 10, maxBackoffMs: 20, outageMs: 100 }),
    ).rejects.toThrow(/ECONNREFUSED.*its status is at http:\/\/127\.0\.0\.1:\d+\/api\/jobs\/1/);
  });
});

describe("statusUrlOf", () => {
  it("resolves the server's absolute path under the site's own path prefix, on the upload's origin", () => {
    expect(statusUrlOf(submissionsEndpoint("https://board.example"), "/api/jobs/3").href).toBe(
      "https://board.example/api/jobs/3",
    );
    expect(
      statusUrlOf(submissionsEndpoint("https://board.example/seekboard"), "/api/jobs/3").href,
    ).toBe("https://board.example/seekboard/api/jobs/3");
    // A server that knows its prefix names it already.
    expect(
      statusUrlOf(submissionsEndpoint("https://board.example/seekboard/"), "/seekboard/api/jobs/3")
        .href,
    ).toBe("https://board.example/seekboard/api/jobs/3");
  });
});

describe("the progress on a terminal", () => {
  it("is one line redrawn with \\r, cut to the terminal's width, ended with a newline", () => {
    const written: string[] = [];
    const reporter = jobReporter({
      isTTY: true,
      columns: 120,
      write: (text: string) => written.push(text),
    });
    reporter.update({ id: 7, state: "queued", progress: { done: 0, total: null, samples: 0 } });
    reporter.update({ id: 7, state: "running", progress: progress(Math.round(12.3 * MiB), 7200) });
    reporter.end();
    expect(written).toEqual([
      "\rQueued ▕░░░░░░░░░░░░░░░░░░░░▏ waiting for the worker\x1b[K",
      "\rImporting ▕█████████░░░░░░░░░░░▏ 45% · 12.3 of 27.1 MiB · 7,200 samples\x1b[K",
      "\n",
    ]);
    const narrow: string[] = [];
    jobReporter({ isTTY: true, columns: 20, write: (text: string) => narrow.push(text) }).update({
      id: 7,
      state: "running",
      progress: progress(MiB, 1),
    });
    expect(narrow[0]).toBe("\rImporting ▕█░░░░░░░\x1b[K");
  });
});
