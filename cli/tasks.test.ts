/** `cli tasks register` / `tasks list`, run as a user runs them: npm run cli, JSON on stdout, exit codes. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./run-cli";
import { testDatabaseTarget } from "../test/db";

const ROOT = join(__dirname, "..");
const MPW_BENCH = join(ROOT, "demo", "mpw", "mpw_bench.jsonl");

const cli = (...args: string[]) => runCli(args);

let tmp: string;
let db: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "seekboard-cli-tasks-"));
  db = testDatabaseTarget(join(tmp, "cli.db"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("cli tasks", () => {
  it("register prints the set it registered; a second file replaces it; list prints every set", async () => {
    const first = await cli("tasks", "register", "mpw", "v1", MPW_BENCH, "--db", db);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      benchmark: "mpw",
      version: "v1",
      tasks: 3,
      replaced: 0,
      source: "mpw_bench.jsonl",
    });

    const ids = join(tmp, "ids.json");
    writeFileSync(ids, JSON.stringify(["ws_en_001", "ws_zh_001"]));
    const second = await cli("tasks", "register", "widesearch", "v1", ids, "--db", db);
    expect(JSON.parse(second.stdout)).toMatchObject({
      benchmark: "widesearch",
      tasks: 2,
      replaced: 0,
    });

    const list = await cli("tasks", "list", "--db", db);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([
      {
        benchmark: "mpw",
        version: "v1",
        tasks: 3,
        source: "mpw_bench.jsonl",
        registeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      {
        benchmark: "widesearch",
        version: "v1",
        tasks: 2,
        source: "ids.json",
        registeredAt: expect.any(String),
      },
    ]);
  });

  it("refuses a malformed file with its line (exit 2) and a wrong call with the usage (exit 64), registering nothing", async () => {
    const bad = join(tmp, "bad.jsonl");
    writeFileSync(bad, '{"task_id": "a"}\nnot json\n');
    const run = await cli("tasks", "register", "qa", "v1", bad, "--db", db);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^invalid task file:\nbad\.jsonl, line 2: not JSON: /);
    expect((await cli("tasks", "register", "nope", "v1", bad, "--db", db)).code).toBe(64);
    expect((await cli("tasks", "register", "qa", "v1", "--db", db)).code).toBe(64);
    expect(
      JSON.parse((await cli("tasks", "list", "--db", db)).stdout).map(
        (s: { benchmark: string }) => s.benchmark,
      ),
    ).toEqual(["mpw", "widesearch"]);
  });
});
