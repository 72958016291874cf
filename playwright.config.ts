import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { databaseUrl } from "./test/postgres-cluster";

// E2E_POSTGRES_URL (a PostgreSQL server) runs the suite on PostgreSQL: a fresh database on it each run.
const POSTGRES = process.env.E2E_POSTGRES_URL;
// The SQLite and PostgreSQL runs have their own port, files and Caddy home, so .ci/run can run them at once.
const PORT = Number(process.env.E2E_PORT ?? (POSTGRES ? 3218 : 3217));
/**
 * A free local port, asked of the system in a child process (the config is read
 * synchronously). Read once: the test workers, which read this config again, inherit it.
 */
function freePort(): string {
  return execFileSync(process.execPath, [
    "-e",
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
  ]).toString();
}
// The `tls` project: Caddy terminates TLS on this port in front of the app (e2e/tls/Caddyfile).
const TLS_PORT = (process.env.E2E_TLS_PORT ||= freePort());
// The local OpenAI-compatible judge the app is configured with (e2e/judge-server.ts).
const JUDGE_PORT = (process.env.E2E_JUDGE_PORT ||= freePort());
// Caddy's local CA, certificates and autosaved config, inside the checkout.
const CADDY_HOME = join(__dirname, ".tmp", POSTGRES ? "e2e-caddy-postgres" : "e2e-caddy");
mkdirSync(CADDY_HOME, { recursive: true });
// On PostgreSQL only its uploads' spool (`${DB}-uploads`) is a file.
const DB = process.env.E2E_DB ?? (POSTGRES ? "data/e2e-postgres.db" : "data/e2e.db");
const E2E_DATABASE = "seekboard_e2e";
// The specs that reach the database (e2e/helpers.ts) read where it is from here.
process.env.E2E_DB_TARGET = POSTGRES ? databaseUrl(POSTGRES, E2E_DATABASE) : DB;
const REPORT = POSTGRES ? "playwright-report-postgres" : "playwright-report";
/**
 * The specs that also run on PostgreSQL: those that write through the app (uploads, jobs,
 * moderation, tags, re-evaluation, rubric searches), those that lean on an engine's own
 * machinery (the public pages' validators over LISTEN, the step-search index, two instances
 * on one database) and the primary figure across every page. The others read, filter, sort
 * and rank through queries the unit/API suite runs on both engines (test/api), and render
 * what those return: at about 30 minutes on two cores they run on SQLite only, so .ci/run
 * stays within its time.
 */
const POSTGRES_SPECS = [
  "admin.spec.ts",
  "figure-notices.spec.ts",
  "inspect-upload.spec.ts",
  "moderation-names.spec.ts",
  "multi-instance.spec.ts",
  "primary-figure.spec.ts",
  "public-cache.spec.ts",
  "reeval.spec.ts",
  "rubric.spec.ts",
  "step-search.spec.ts",
  "submit.spec.ts",
  "tags.spec.ts",
  "task-sets.spec.ts",
  "upload-jobs.spec.ts",
];
// The admin specs log in with it; set here (not only on the server) so the tests read the same value.
process.env.SEEKBOARD_ADMIN_TOKEN ||= "e2e-admin-token";

export default defineConfig({
  testDir: "e2e",
  // The two engines' suites run at once on CI (.ci/run): a long test can take 1.5 times as long as alone.
  timeout: 90_000,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ["list"],
    ["html", { open: "never", outputFolder: REPORT }],
    ["json", { outputFile: `${REPORT}/results.json` }],
  ],
  outputDir: POSTGRES ? "test-results-postgres" : "test-results",
  projects: [
    {
      name: "app",
      // Two app instances on one PostgreSQL database: only with a server to put them on.
      ...(POSTGRES
        ? { testMatch: POSTGRES_SPECS }
        : { testIgnore: ["tls-proxy.spec.ts", "multi-instance.spec.ts"] }),
    },
    {
      // Behind a TLS-terminating reverse proxy, as docs/DEPLOY.md sets one up.
      name: "tls",
      testMatch: ["tls-proxy.spec.ts"],
      use: { baseURL: `https://localhost:${TLS_PORT}`, ignoreHTTPSErrors: true },
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1400, height: 1000 },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    {
      // A fresh database each run: the server loads the demo data into it at start.
      command: POSTGRES
        ? `psql "${POSTGRES}" -qc "DROP DATABASE IF EXISTS ${E2E_DATABASE} WITH (FORCE)" -c "CREATE DATABASE ${E2E_DATABASE}" && rm -rf ${DB}-uploads && ./node_modules/.bin/next start -H 127.0.0.1 -p ${PORT}`
        : `rm -rf ${DB} ${DB}-wal ${DB}-shm ${DB}-uploads && ./node_modules/.bin/next start -H 127.0.0.1 -p ${PORT}`,
      url: `http://127.0.0.1:${PORT}/`,
      // Loading the demo data into PostgreSQL, while the other engine's suite runs, can pass 2 minutes.
      timeout: 300_000,
      reuseExistingServer: false,
      env: {
        ...(POSTGRES
          ? {
              SEEKBOARD_DATABASE_URL: process.env.E2E_DB_TARGET,
              SEEKBOARD_SPOOL_DIR: `${DB}-uploads`,
            }
          : { SEEKBOARD_DB: DB }),
        NEXT_TELEMETRY_DISABLED: "1",
        SEEKBOARD_ADMIN_TOKEN: process.env.SEEKBOARD_ADMIN_TOKEN,
        // The `tls` project's Caddy connects from here (docs/DEPLOY.md, "Reverse proxy").
        SEEKBOARD_TRUSTED_PROXIES: "127.0.0.1,::1",
        SEEKBOARD_JUDGE_BASE_URL: `http://127.0.0.1:${JUDGE_PORT}/v1`,
        SEEKBOARD_JUDGE_MODEL: "e2e-judge",
      },
    },
    {
      command: "./node_modules/.bin/tsx e2e/judge-server.ts",
      url: `http://127.0.0.1:${JUDGE_PORT}/v1/models`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_JUDGE_PORT: JUDGE_PORT },
    },
    {
      command: "caddy run --config e2e/tls/Caddyfile --adapter caddyfile",
      url: `https://localhost:${TLS_PORT}/`,
      ignoreHTTPSErrors: true,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        E2E_PORT: String(PORT),
        E2E_TLS_PORT: TLS_PORT,
        XDG_DATA_HOME: join(CADDY_HOME, "data"),
        XDG_CONFIG_HOME: join(CADDY_HOME, "config"),
      },
    },
  ],
});
