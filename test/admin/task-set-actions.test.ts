/**
 * The task-set server actions: each re-checks the admin session (a cross-site call carries
 * no SameSite=Strict cookie, and Next refuses a foreign Origin before the action runs), so a
 * call without it changes nothing; with it, a task file is parsed, registered and the public
 * pages revalidated, and a malformed file is refused naming its file and line.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { temporaryDatabase } from "../api/support";

const cookieJar = new Map<string, string>();
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined),
  }),
  headers: async () => new Headers(),
}));
const revalidated: string[] = [];
vi.mock("next/cache", () => ({
  revalidatePath: (path: string) => revalidated.push(path),
  refresh: () => {},
}));

const ADMIN_TOKEN = "task-set-actions-test-token";
const MPW_BENCH = readFileSync(
  join(__dirname, "..", "..", "demo", "mpw", "mpw_bench.jsonl"),
  "utf8",
);
let tmp: string;

beforeAll(() => {
  tmp = temporaryDatabase("task-set-actions");
  process.env.SEEKBOARD_ADMIN_TOKEN = ADMIN_TOKEN;
});
afterAll(async () => {
  const { closeDb, getDb } = await import("../../db/client");
  await closeDb(await getDb());
  rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  cookieJar.clear();
  revalidated.length = 0;
});

async function logIn() {
  const { openAdminSession } = await import("../../server/auth");
  cookieJar.set("sb_admin", await openAdminSession());
}

function form(
  fields: Record<string, string>,
  file?: { name: string; content: string | Uint8Array<ArrayBuffer> },
): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  if (file) data.set("file", new File([file.content], file.name));
  return data;
}

async function registered(benchmark: "mpw" | "qa", version: string) {
  const { getDb } = await import("../../db/client");
  const { canonicalTaskSet } = await import("../../db/canonical-tasks");
  return canonicalTaskSet(await getDb(), benchmark, version);
}

describe("task-set server actions", () => {
  it("refuse every call without an admin session (no cookie, or a forged one), changing nothing", async () => {
    const actions = await import("../../server/admin-actions");
    const refused = { ok: false, error: "your admin session has ended; log in again" };
    for (const cookie of [null, "admin.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      cookieJar.clear();
      if (cookie) cookieJar.set("sb_admin", cookie);
      expect(
        await actions.registerTaskSet(
          null,
          form(
            { benchmark: "mpw", version: "v1" },
            { name: "mpw_bench.jsonl", content: MPW_BENCH },
          ),
        ),
      ).toEqual(refused);
      expect(await actions.removeTaskSet(null, form({ benchmark: "mpw", version: "v1" }))).toEqual(
        refused,
      );
    }
    expect(await registered("mpw", "v1")).toBeNull();
    expect(revalidated).toEqual([]);
  });

  it("as admin: registers the real MPW task file, replaces it on a second upload, and revalidates the public pages", async () => {
    await logIn();
    const actions = await import("../../server/admin-actions");
    const first = await actions.registerTaskSet(
      null,
      form({ benchmark: "mpw", version: " v1 " }, { name: "mpw_bench.jsonl", content: MPW_BENCH }),
    );
    expect(first).toEqual({
      ok: true,
      benchmark: "mpw",
      version: "v1",
      tasks: 3,
      replaced: 0,
      source: "mpw_bench.jsonl",
    });
    expect(revalidated).toEqual(["/"]);
    expect((await registered("mpw", "v1"))?.tasks).toEqual([
      { taskKey: "0", tier: "easy", language: "zh" },
      { taskKey: "1", tier: "easy", language: "zh" },
      { taskKey: "2", tier: "easy", language: "zh" },
    ]);
    const second = await actions.registerTaskSet(
      null,
      form(
        { benchmark: "mpw", version: "v1" },
        { name: "C:\\data\\ids.json", content: "[0, 1, 2, 3]" },
      ),
    );
    expect(second).toMatchObject({ ok: true, tasks: 4, replaced: 3, source: "ids.json" });
    expect((await registered("mpw", "v1"))?.tasks.map((t) => t.taskKey)).toEqual([
      "0",
      "1",
      "2",
      "3",
    ]);
  });

  it("as admin: refuses a malformed file naming its file and line, and leaves the registered set as it was", async () => {
    await logIn();
    const actions = await import("../../server/admin-actions");
    const before = await registered("mpw", "v1");
    const lines = MPW_BENCH.trimEnd().split("\n");
    const duplicate = await actions.registerTaskSet(
      null,
      form(
        { benchmark: "mpw", version: "v1" },
        { name: "mpw_bench.jsonl", content: [...lines, lines[0]].join("\n") },
      ),
    );
    expect(duplicate).toEqual({
      ok: false,
      error: 'mpw_bench.jsonl, line 4: task "0" is listed twice (first at line 1)',
    });
    const broken = await actions.registerTaskSet(
      null,
      form(
        { benchmark: "mpw", version: "v1" },
        { name: "mpw_bench.jsonl", content: `${lines[0]}\n{"index": ` },
      ),
    );
    expect(broken).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^mpw_bench\.jsonl, line 2: not JSON: /),
    });
    expect(
      await actions.registerTaskSet(
        null,
        form({ benchmark: "mpw", version: "v1" }, { name: "empty.jsonl", content: "" }),
      ),
    ).toEqual({ ok: false, error: "empty.jsonl: the file is empty" });
    expect(
      await actions.registerTaskSet(
        null,
        form(
          { benchmark: "mpw", version: "v1" },
          { name: "latin1.txt", content: new Uint8Array([0x22, 0xe9, 0x22]) },
        ),
      ),
    ).toEqual({
      ok: false,
      error: "latin1.txt: not valid UTF-8",
    });
    expect(await registered("mpw", "v1")).toEqual(before);
    expect(revalidated).toEqual([]);
  });

  it("as admin: refuses a missing file, an unknown benchmark and a blank version", async () => {
    await logIn();
    const actions = await import("../../server/admin-actions");
    expect(await actions.registerTaskSet(null, form({ benchmark: "qa", version: "v1" }))).toEqual({
      ok: false,
      error: "choose the task file",
    });
    expect(
      await actions.registerTaskSet(
        null,
        form({ benchmark: "qa", version: "v1" }, { name: "", content: "" }),
      ),
    ).toEqual({ ok: false, error: "choose the task file" });
    expect(
      await actions.registerTaskSet(
        null,
        form({ benchmark: "nope", version: "v1" }, { name: "ids.json", content: '["a"]' }),
      ),
    ).toEqual({ ok: false, error: "benchmark: choose a benchmark" });
    expect(
      await actions.registerTaskSet(
        null,
        form({ benchmark: "qa", version: "  " }, { name: "ids.json", content: '["a"]' }),
      ),
    ).toEqual({ ok: false, error: "version: name the benchmark version" });
    expect(await registered("qa", "v1")).toBeNull();
  });

  it("as admin: removes a registered set, and says when there is none", async () => {
    await logIn();
    const actions = await import("../../server/admin-actions");
    expect(await actions.removeTaskSet(null, form({ benchmark: "mpw", version: "v1" }))).toEqual({
      ok: true,
      removed: 4,
    });
    expect(revalidated).toEqual(["/"]);
    expect(await registered("mpw", "v1")).toBeNull();
    expect(await actions.removeTaskSet(null, form({ benchmark: "mpw", version: "v1" }))).toEqual({
      ok: false,
      error: "no task set is registered for MPW-Bench v1",
    });
  });
});
