/**
 * `cli submit` against a real HTTP server that hands each request to the route
 * handler of POST /api/submissions, as Next would.
 */
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleDir,
  jsonl,
  mpwManifest,
  mpwRecords,
  startWorker,
  temporaryDatabase,
  zipDir,
} from "../test/api/support";
import { runCli } from "./run-cli";

const tmp = temporaryDatabase("cli-submit");
const { closeDb, getDb } = await import("@/db/client");
const { issueUploadToken } = await import("@/db/upload-tokens");
const { POST } = await import("@/app/api/submissions/route");

let server: Server;
let url: string;
let token: string;
let dir: string;
let zip: string;
let worker: ReturnType<typeof startWorker>;

const cli = runCli;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(key, value);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers,
      body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
    const response =
      req.url === "/site/api/submissions"
        ? await POST(request)
        : new Response("not found", { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/site`;
  token = (await issueUploadToken(await getDb(), "Team CLI")).token;
  worker = startWorker(await getDb());
  dir = bundleDir(tmp, { "results.jsonl": jsonl(mpwRecords(0)) }, mpwManifest("CLI 7B"));
  zip = zipDir(tmp, dir, ["manifest.json", "results.jsonl"]);
});

afterAll(async () => {
  await worker.stop();
  await new Promise((resolve) => server.close(resolve));
  await closeDb(await getDb());
});

describe("cli submit", () => {
  let id: number;

  it("uploads a .zip and prints the server's answer as JSON", async () => {
    const run = await cli(["submit", zip, "--url", url, "--token", token]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer).toMatchObject({
      id: expect.any(Number),
      status: "pending",
      duplicate: false,
      model: "CLI 7B",
      samples: 3,
    });
    id = answer.id;
  });

  it("packs a directory bundle: the same content is the same submission; the token may come from SEEKBOARD_TOKEN", async () => {
    const run = await cli(["submit", dir, "--url", `${url}/`], { SEEKBOARD_TOKEN: token });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ id, duplicate: true });
  });

  it("--model, --setting correct the manifest", async () => {
    const run = await cli([
      "submit",
      zip,
      "--url",
      url,
      "--token",
      token,
      "--model",
      "CLI 7B (rerun)",
      "--setting",
      "B-guidance",
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      model: "CLI 7B (rerun)",
      setting: "B-guidance",
      duplicate: false,
    });
  });

  it("an invalid bundle: exit 2, every error on stderr, nothing on stdout", async () => {
    const records = mpwRecords(1);
    (records[1] as Record<string, unknown>).messages = "not a list";
    const bad = bundleDir(tmp, { "results.jsonl": jsonl(records) }, mpwManifest("CLI broken"));
    const run = await cli(["submit", bad, "--url", url, "--token", token]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("HTTP 400");
    expect(run.stderr).toMatch(/results\.jsonl, line 2, field messages: /);
  });

  it("a wrong token (401) and a bundle over the size limit (413): exit 1 with the server's message", async () => {
    const denied = await cli(["submit", zip, "--url", url, "--token", "sb_wrong"]);
    expect(denied.code).toBe(1);
    expect(denied.stdout).toBe("");
    expect(denied.stderr).toMatch(/HTTP 401: the upload token is not valid/);
    process.env.SEEKBOARD_MAX_UPLOAD_BYTES = "2000";
    try {
      const large = await cli(["submit", zip, "--url", url, "--token", token]);
      expect(large.code).toBe(1);
      expect(large.stderr).toMatch(/HTTP 413/);
    } finally {
      delete process.env.SEEKBOARD_MAX_UPLOAD_BYTES;
    }
  });

  it("usage errors: no --url, no token, a path that does not exist", async () => {
    expect((await cli(["submit", zip, "--token", token])).code).toBe(64);
    const noToken = await cli(["submit", zip, "--url", url], { SEEKBOARD_TOKEN: "" });
    expect(noToken.code).toBe(64);
    expect(noToken.stderr).toMatch(/SEEKBOARD_TOKEN/);
    const missing = await cli(["submit", join(tmp, "nope.zip"), "--url", url, "--token", token]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("nope.zip");
  });
});
