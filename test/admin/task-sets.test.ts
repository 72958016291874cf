/**
 * Task sets: registering one is an API route (POST /api/admin/task-sets, the file too large
 * for a server action's 1 MB), removing one a server action. Each checks the admin (a live
 * session from the page's own origin, or the admin Bearer), so a call without it changes
 * nothing; with it, a task file is parsed, registered and the public pages revalidated, a
 * malformed file is refused naming its file and line, and a body over the limit is refused
 * before it is all read.
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

const SITE = "http://seekboard.test";

/** POSTs `data` to the route as the admin page does (its session cookie, its own origin), or with `headers`. */
async function register(
  data: FormData,
  headers: Record<string, string> = {
    cookie: `sb_admin=${cookieJar.get("sb_admin") ?? ""}`,
    origin: SITE,
    host: "seekboard.test",
  },
): Promise<Record<string, unknown>> {
  const { POST } = await import("../../app/api/admin/task-sets/route");
  const response = await POST(
    new Request(`${SITE}/api/admin/task-sets`, { method: "POST", body: data, headers }),
  );
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

async function registered(benchmark: "mpw" | "qa", version: string) {
  const { getDb } = await import("../../db/client");
  const { canonicalTaskSet } = await import("../../db/canonical-tasks");
  return canonicalTaskSet(await getDb(), benchmark, version);
}

describe("task sets", () => {
  it("refuse every call without a live admin session (none, a forged one, one logged out), changing nothing", async () => {
    const actions = await import("../../server/admin-actions");
    const { endAdminSession, openAdminSession } = await import("../../server/auth");
    const loggedOut = await openAdminSession();
    await endAdminSession(loggedOut);
    const message = "your admin session has ended; log in again";
    for (const cookie of [
      null,
      "admin.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "A".repeat(43),
      loggedOut,
    ]) {
      cookieJar.clear();
      if (cookie) cookieJar.set("sb_admin", cookie);
      expect(
        await register(
          form(
            { benchmark: "mpw", version: "v1" },
            { name: "mpw_bench.jsonl", content: MPW_BENCH },
          ),
        ),
      ).toEqual({ status: 401, error: message });
      expect(await actions.removeTaskSet(null, form({ benchmark: "mpw", version: "v1" }))).toEqual({
        ok: false,
        error: message,
      });
    }
    // A live session sent from another origin of the site, and a wrong Bearer, are refused too.
    const live = await openAdminSession();
    const upload = () =>
      form({ benchmark: "mpw", version: "v1" }, { name: "mpw_bench.jsonl", content: MPW_BENCH });
    expect(
      await register(upload(), {
        cookie: `sb_admin=${live}`,
        origin: "http://evil.seekboard.test",
        host: "seekboard.test",
      }),
    ).toEqual({ status: 401, error: message });
    expect(await register(upload(), { authorization: "Bearer not-the-admin-token" })).toMatchObject(
      { status: 401 },
    );
    expect(await registered("mpw", "v1")).toBeNull();
    expect(revalidated).toEqual([]);
  });

  it("refuse a body over the task file's limit with 413, before reading it all", async () => {
    await logIn();
    const { MAX_TASK_FILE_BYTES } = await import("../../lib/standing/task-file");
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    // A body that would go on for ever: the route must stop reading it.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        controller.enqueue(
          pulled === chunk.length
            ? new TextEncoder().encode(
                '--b\r\ncontent-disposition: form-data; name="file"; filename="big.jsonl"\r\n\r\n',
              )
            : chunk,
        );
      },
    });
    const { POST } = await import("../../app/api/admin/task-sets/route");
    const response = await POST(
      new Request(`${SITE}/api/admin/task-sets`, {
        method: "POST",
        body: endless,
        duplex: "half",
        headers: {
          cookie: `sb_admin=${cookieJar.get("sb_admin")}`,
          origin: SITE,
          host: "seekboard.test",
          "content-type": "multipart/form-data; boundary=b",
        },
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: `the task file is larger than ${MAX_TASK_FILE_BYTES} bytes`,
    });
    expect(pulled).toBeLessThan(MAX_TASK_FILE_BYTES + 4 * chunk.length);
    // A declared length over the limit is refused before a byte is read.
    const declared = await register(form({ benchmark: "mpw", version: "v1" }), {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      "content-length": String(MAX_TASK_FILE_BYTES * 2),
    });
    expect(declared).toEqual({
      status: 413,
      error: `the task file is larger than ${MAX_TASK_FILE_BYTES} bytes`,
    });
  });

  it("take the admin token as Bearer, as the other admin APIs do", async () => {
    expect(
      await register(
        form({ benchmark: "qa", version: "bearer" }, { name: "ids.json", content: '["a", "b"]' }),
        { authorization: `Bearer ${ADMIN_TOKEN}` },
      ),
    ).toEqual({
      status: 201,
      benchmark: "qa",
      version: "bearer",
      tasks: 2,
      replaced: 0,
      source: "ids.json",
    });
    const { getDb } = await import("../../db/client");
    const { removeCanonicalTasks } = await import("../../db/canonical-tasks");
    await removeCanonicalTasks(await getDb(), "qa", "bearer");
    revalidated.length = 0;
  });

  it("as admin: registers the real MPW task file, replaces it on a second upload, and revalidates the public pages", async () => {
    await logIn();
    const first = await register(
      form({ benchmark: "mpw", version: " v1 " }, { name: "mpw_bench.jsonl", content: MPW_BENCH }),
    );
    expect(first).toEqual({
      status: 201,
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
    const second = await register(
      form({ benchmark: "mpw", version: "v1" }, { name: "data/ids.json", content: "[0, 1, 2, 3]" }),
    );
    expect(second).toMatchObject({ status: 201, tasks: 4, replaced: 3, source: "ids.json" });
    expect((await registered("mpw", "v1"))?.tasks.map((t) => t.taskKey)).toEqual([
      "0",
      "1",
      "2",
      "3",
    ]);
  });

  it("as admin: refuses a malformed file naming its file and line, and leaves the registered set as it was", async () => {
    await logIn();
    const before = await registered("mpw", "v1");
    const lines = MPW_BENCH.trimEnd().split("\n");
    const duplicate = await register(
      form(
        { benchmark: "mpw", version: "v1" },
        { name: "mpw_bench.jsonl", content: [...lines, lines[0]].join("\n") },
      ),
    );
    expect(duplicate).toEqual({
      status: 400,
      error: 'mpw_bench.jsonl, line 4: task "0" is listed twice (first at line 1)',
    });
    const broken = await register(
      form(
        { benchmark: "mpw", version: "v1" },
        { name: "mpw_bench.jsonl", content: `${lines[0]}\n{"index": ` },
      ),
    );
    expect(broken).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^mpw_bench\.jsonl, line 2: not JSON: /),
    });
    expect(
      await register(
        form({ benchmark: "mpw", version: "v1" }, { name: "empty.jsonl", content: "" }),
      ),
    ).toEqual({ status: 400, error: "empty.jsonl: the file is empty" });
    expect(
      await register(
        form(
          { benchmark: "mpw", version: "v1" },
          { name: "latin1.txt", content: new Uint8Array([0x22, 0xe9, 0x22]) },
        ),
      ),
    ).toEqual({
      status: 400,
      error: "latin1.txt: not valid UTF-8",
    });
    expect(await registered("mpw", "v1")).toEqual(before);
    expect(revalidated).toEqual([]);
  });

  it("as admin: refuses a missing file, an unknown benchmark and a blank version", async () => {
    await logIn();
    expect(await register(form({ benchmark: "qa", version: "v1" }))).toEqual({
      status: 400,
      error: "choose the task file",
    });
    expect(
      await register(form({ benchmark: "qa", version: "v1" }, { name: "", content: "" })),
    ).toEqual({ status: 400, error: "choose the task file" });
    expect(
      await register(
        form({ benchmark: "nope", version: "v1" }, { name: "ids.json", content: '["a"]' }),
      ),
    ).toEqual({ status: 400, error: "benchmark: choose a benchmark" });
    expect(
      await register(
        form({ benchmark: "qa", version: "  " }, { name: "ids.json", content: '["a"]' }),
      ),
    ).toEqual({ status: 400, error: "version: name the benchmark version" });
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
