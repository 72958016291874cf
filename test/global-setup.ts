/**
 * vitest's global set-up: with SEEKBOARD_TEST_ENGINE=postgres, a throwaway PostgreSQL
 * cluster for the whole run (unless SEEKBOARD_TEST_POSTGRES_URL names a server already),
 * with a template database the migrations were applied to; the test files' databases are
 * copies of it (test/db.ts).
 */
import { execFileSync } from "node:child_process";
import { closeDb, openDb } from "../db/client";
import { startCluster, type Cluster } from "./postgres-cluster";
import { databaseUrl, TEMPLATE_DATABASE, testEngine } from "./db";

let cluster: Cluster | undefined;

export async function setup(): Promise<void> {
  if (testEngine() !== "postgres") return;
  if (!process.env.SEEKBOARD_TEST_POSTGRES_URL) {
    cluster = await startCluster();
    process.env.SEEKBOARD_TEST_POSTGRES_URL = cluster.url;
  }
  const server = process.env.SEEKBOARD_TEST_POSTGRES_URL;
  execFileSync(
    "psql",
    [
      server,
      "-qc",
      `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`,
      "-c",
      `CREATE DATABASE ${TEMPLATE_DATABASE}`,
    ],
    { stdio: "pipe" },
  );
  const template = await openDb(databaseUrl(server, TEMPLATE_DATABASE), {
    retryForMs: 0,
    maxConnections: 1,
  });
  await closeDb(template);
}

export function teardown(): void {
  cluster?.stop();
}
