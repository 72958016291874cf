/**
 * The server's disk full while it unpacks an upload (issue 28 #5): the team is told to
 * upload again later (503 with Retry-After), never that its bundle is bad; nothing is
 * imported and nothing is left in the temporary directory.
 */
import { readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import {
  bundleDir,
  dumpDatabase,
  fileAt,
  json,
  jsonl,
  mpwManifest,
  mpwRecords,
  startWorker,
  temporaryDatabase,
  uploadRequest,
  zipDir,
} from "./support";

vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

/** While set, files written into an unpack folder fail as on a full disk. */
const full = vi.hoisted(() => ({ on: false }));
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const createWriteStream = ((path: string, options?: unknown) => {
    if (!full.on || !String(path).includes("seekboard-bundle-"))
      return fs.createWriteStream(path, options as never);
    return new Writable({
      write(_chunk, _encoding, callback) {
        callback(
          Object.assign(new Error("ENOSPC: no space left on device, write"), {
            code: "ENOSPC",
            errno: -28,
          }),
        );
      },
    });
  }) as typeof fs.createWriteStream;
  return { ...fs, default: { ...fs, createWriteStream }, createWriteStream };
});

const tmp = temporaryDatabase("full-disk");
const { closeDb, getDb } = await import("@/db/client");
const { issueUploadToken } = await import("@/db/upload-tokens");
const { POST: upload } = await import("@/app/api/submissions/route");

const db = await getDb();
let team: { id: number; token: string };

beforeAll(async () => {
  team = await issueUploadToken(db, "Team Full");
});
afterAll(async () => {
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const unpackFolders = () => readdirSync(tmpdir()).filter((n) => n.startsWith("seekboard-bundle-"));

it("a full disk while unpacking: 503 with Retry-After naming the server, not 400 naming the bundle", async () => {
  const dir = bundleDir(tmp, { "results.jsonl": jsonl(mpwRecords(1)) }, mpwManifest("Full 1B"));
  const zip = fileAt(zipDir(tmp, dir, ["manifest.json", "results.jsonl"]));
  const before = unpackFolders();
  const worker = startWorker(db);
  try {
    full.on = true;
    const response = await upload(uploadRequest(zip, team.token));
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await json(response);
    expect(body.error).toMatch(/ran out of room while importing \(ENOSPC\).*upload it again later/);
    expect(body.errors).toBeUndefined();
    expect((await dumpDatabase(db)).submissions).toHaveLength(0);
    expect(unpackFolders()).toEqual(before);
    // Room again: the same upload is imported.
    full.on = false;
    expect((await upload(uploadRequest(zip, team.token))).status).toBe(201);
  } finally {
    full.on = false;
    await worker.stop();
  }
});
