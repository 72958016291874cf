import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { databaseUrl } from "../test/postgres-cluster";
import { ADMIN_TOKEN, writeMpwZip } from "./submit-helpers";

/**
 * Several instances on one PostgreSQL database (docs/DEPLOY.md): two `next start`
 * processes, each with its own job worker, share a fresh database and an upload spool
 * folder (as instances behind a proxy share a volume). Run only when the suite runs on
 * PostgreSQL (E2E_POSTGRES_URL, playwright.config.ts).
 */
const SERVER = process.env.E2E_POSTGRES_URL ?? "";
const DATABASE = "seekboard_multi";
const url = databaseUrl(SERVER, DATABASE);

interface Instance {
  base: string;
  process: ChildProcess;
  log: string[];
}

let instances: Instance[] = [];
let work: string;
let client: pg.Client;
let token: string;

async function startInstance(port: number, spool: string): Promise<Instance> {
  const log: string[] = [];
  const child = spawn(
    "./node_modules/.bin/next",
    ["start", "-H", "127.0.0.1", "-p", String(port)],
    {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        SEEKBOARD_DATABASE_URL: url,
        SEEKBOARD_SPOOL_DIR: spool,
        SEEKBOARD_NO_DEMO: "1",
        SEEKBOARD_ADMIN_TOKEN: ADMIN_TOKEN,
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  );
  child.stdout!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/`)).ok) return { base, process: child, log };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`instance on ${port} did not start:\n${log.join("")}`);
    await new Promise((done) => setTimeout(done, 300));
  }
}

async function upload(instance: Instance, zip: string, wait?: number): Promise<Response> {
  const body = new FormData();
  body.append("bundle", new Blob([new Uint8Array(readFileSync(zip))]), "bundle.zip");
  const target = `${instance.base}/api/submissions${wait === undefined ? "" : `?wait=${wait}`}`;
  try {
    return await fetch(target, {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${token}` },
    });
  } catch (error) {
    // A connection closed mid-upload says nothing alone: the instance's own log says why.
    throw new Error(
      `POST ${target} failed: ${String(error)} (${String((error as Error).cause ?? "")})\n` +
        `the instance's log, last 40 lines:\n${instance.log.join("").split("\n").slice(-40).join("\n")}`,
    );
  }
}

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await client.query(text, params)).rows as T[];
}

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  expect(SERVER, "E2E_POSTGRES_URL names the PostgreSQL server").not.toBe("");
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  work = mkdtempSync(join(tmpdir(), "seekboard-multi-"));
  const spool = join(work, "spool");
  // Both at once: the migrations at start take turns on their advisory lock.
  instances = await Promise.all([startInstance(3641, spool), startInstance(3642, spool)]);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  const issued = await fetch(`${instances[0].base}/api/tokens`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ team: "Multi-instance team" }),
  });
  expect(issued.status).toBe(201);
  token = (await issued.json()).token;
});

test.afterAll(async () => {
  await client?.end();
  for (const instance of instances) {
    try {
      process.kill(-instance.process.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

test("an approval on one instance shows on the other's public leaderboard within 5 s", async () => {
  const [a, b] = instances;
  const model = "Multi-Instance-Approval";
  const created = await upload(a, writeMpwZip(work, "approval", { model, setting: "C" }));
  expect(created.status).toBe(201);
  const { id } = await created.json();
  // B renders (and caches) its public leaderboard before the approval.
  const before = await (await fetch(`${b.base}/b/mpw`)).text();
  expect(before).not.toContain(model);
  const approved = await fetch(`${a.base}/api/submissions/${id}/approve`, {
    method: "POST",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: "{}",
  });
  expect(approved.status).toBe(200);
  const start = Date.now();
  let shown = false;
  while (!shown && Date.now() - start < 5_000) {
    shown = (await (await fetch(`${b.base}/b/mpw`)).text()).includes(model);
    if (!shown) await new Promise((done) => setTimeout(done, 100));
  }
  expect(
    shown,
    `B's leaderboard showed the approved submission after ${Date.now() - start} ms`,
  ).toBe(true);
});

test("each upload's job is run by exactly one of the two workers", async () => {
  const zips = Array.from({ length: 6 }, (_, i) =>
    writeMpwZip(work, `job-${i}`, { model: `Multi-Instance-Job-${i}`, setting: "C" }),
  );
  // Queued at once on both instances (?wait=0: answered before the import), so both workers see every job.
  const answers = await Promise.all(zips.map((zip, i) => upload(instances[i % 2], zip, 0)));
  for (const answer of answers) expect([201, 202]).toContain(answer.status);
  await expect
    .poll(
      async () =>
        (
          await rows<{ n: number }>(
            "SELECT count(*)::int AS n FROM upload_jobs WHERE state NOT IN ('done', 'failed')",
          )
        )[0].n,
      { timeout: 60_000 },
    )
    .toBe(0);
  const jobs = await rows<{ id: number; state: string; attempts: number; worker: string | null }>(
    "SELECT id, state, attempts, worker FROM upload_jobs ORDER BY id",
  );
  for (const job of jobs) {
    expect(job.state, `job ${job.id}`).toBe("done");
    expect(job.attempts, `job ${job.id} was claimed once`).toBe(1);
  }
  for (let i = 0; i < zips.length; i++) {
    const [{ n }] = await rows<{ n: number }>(
      "SELECT count(*)::int AS n FROM submissions WHERE model = $1",
      [`Multi-Instance-Job-${i}`],
    );
    expect(n, `submissions of bundle ${i}`).toBe(1);
  }
});

test("the same bundle uploaded to both instances at once gives one submission", async () => {
  const zip = writeMpwZip(work, "same", { model: "Multi-Instance-Same", setting: "C" });
  const answers = await Promise.all(instances.map((instance) => upload(instance, zip)));
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([200, 201]);
  const ids = await Promise.all(answers.map(async (answer) => (await answer.json()).id));
  expect(ids[0]).toBe(ids[1]);
  const [{ n }] = await rows<{ n: number }>(
    "SELECT count(*)::int AS n FROM submissions WHERE model = 'Multi-Instance-Same'",
  );
  expect(n).toBe(1);
});
