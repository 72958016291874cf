/**
 * Seekboard's performance harness. Measures, in one run on this machine:
 *   - ingest of a 1,608-sample MPW bundle and of one 10× larger (seconds, samples/s,
 *     steps/s, peak RSS), each in a fresh process into an empty database, against a
 *     raw-insert baseline (the same rows, raw prepared statements, one transaction);
 *   - import of an Inspect `.eval` log of 1 GiB uncompressed (search-agent samples, as a
 *     `qa` submission) in a fresh process: seconds, samples/s, peak RSS (scripts/bench/inspect.ts);
 *   - server time p50/p95 of `next start` over a large database (100 submissions ×
 *     1,608 tasks, ≈ 10 tool calls a sample): leaderboard, submission page, a 40-call
 *     trajectory page and its API, a 500-call trajectory page with 1 MiB tool outputs, the
 *     step API on one of those outputs and the find API over that trajectory, the sample
 *     API, each analysis plot's data; against the same server returning a static JSON file;
 *   - each analysis plot's data computed directly (db/queries/fact-plots.ts) at ≥ 100,000 samples;
 *   - the stall probe: while the 10× bundle, zipped, uploads and ingests, the leaderboard
 *     and the trajectory API timed every 50 ms against their idle times, and the ingest's
 *     throughput and the server's and worker's peak RSS (scripts/bench/stall.ts);
 * on one engine: SQLite (`--engine sqlite`, the default) or PostgreSQL (`--engine postgres`:
 * a throwaway cluster started for the run, test/postgres-cluster.ts, unless `--db postgres://…`
 * or SEEKBOARD_DATABASE_URL names a database; scripts/bench/engine.ts). A full run keeps its
 * figures as the engine's entry of docs/performance-results.json (the other engine's last
 * run stays) and writes docs/PERFORMANCE.md from both, side by side (the small run writes a
 * report of its own figures to a temp file instead).
 *
 *   npm run bench [-- --engine sqlite|postgres] [--build] [--port 3230] [--requests 100] [--db FILE|URL] [--out FILE] [--results FILE] [--json FILE]
 *   npm run bench:small            # 4 × 100, 10 requests each: proves the harness works (CI)
 *   npm run bench -- --only inspect [--small]   # the Inspect step alone; prints its section, writes no file
 *   npm run bench -- --report      # docs/PERFORMANCE.md again from docs/performance-results.json, nothing measured
 *
 * It needs a production build (`npm run build`, or pass --build). It reports; it never
 * fails on a figure, only when something breaks.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { closeDb, describeTarget, engineOf, openDb, rawRows, type Db } from "../db/client";
import { samples, steps } from "../db/schema";
import { analysisData } from "../db/queries/fact-plots";
import { getReportBoard } from "../db/queries/seekboard";
import { listSamples, sampleFacets } from "../db/queries/samples";
import { getAggregates, getSubmission } from "../db/queries/submissions";
import {
  getTrajectory,
  neighbourFailedSample,
  sampleOfSubmission,
  sampleStep,
  sampleSteps,
} from "../db/queries/trajectory";
import { parseBoardState } from "../lib/benchmarks/board-state";
import { BENCHMARKS } from "../lib/benchmarks/registry";
import { ANALYSIS_DEFAULTS, ANALYSIS_KINDS } from "../lib/url/analysis";
import { parseSampleFilters, SAMPLE_PAGE_SIZE } from "../lib/url/samples";
import { sync } from "./bench/children";
import { buildDataset, checkDatasetTarget } from "./bench/dataset";
import { openBenchDatabases, parseEngine, type BenchDatabases } from "./bench/engine";
import { LONG_TRAJECTORY, SEARCH_TERMS, VERY_LONG_TRAJECTORY } from "./bench/generate";
import { measureIngest } from "./bench/ingest";
import { measureInspect } from "./bench/inspect";
import { describeMachine, load, LoadSampler } from "./bench/machine";
import {
  checkTargets,
  FIND_PROBE,
  SEARCH_PROBES,
  inspectCheck,
  renderInspect,
  LARGE_STEP_PROBES,
  readResultsFile,
  renderReport,
  VERY_LONG_PAGE,
  writeResultsFile,
  type AnalysisPool,
  type BenchResults,
  type DatabaseInfo,
} from "./bench/report";
import {
  hasProductionBuild,
  measure,
  publicETag,
  startServer,
  type Probe,
  type ProbeResult,
} from "./bench/server";
import { measureStall, TICK_MS } from "./bench/stall";
import { summarise, type Timing } from "./bench/stats";

const PRESETS = {
  full: {
    submissions: 100,
    tasks: 1608,
    ingestSizes: [1608, 16080] as [number, number],
    ingestRepeats: 3,
    requests: 100,
    analysisRequests: 50,
    warmup: 5,
    passes: 4,
    dbCalls: 30,
    stallIdleSeconds: 5,
    inspectBytes: 2 ** 30,
  },
  small: {
    submissions: 4,
    tasks: 100,
    ingestSizes: [100, 500] as [number, number],
    ingestRepeats: 1,
    requests: 10,
    analysisRequests: 10,
    warmup: 2,
    passes: 2,
    dbCalls: 5,
    stallIdleSeconds: 2,
    inspectBytes: 5 * 2 ** 20,
  },
};

/**
 * A visitor with a session (here an uploader cookie that names no token, so it sees only
 * public data) gets no validator (proxy.ts): the page is rendered on demand, as for the
 * admin, for navigations inside the app and for a visitor's first load.
 */
const SESSION = { cookie: "sb_uploader=bench-session" };

/** What the find API is timed on: a phrase of the hit results ("Confirmed by the league's data office"), on every page of the 500-call trajectory. */
const FIND_PHRASE = "data office";

/**
 * The 500-call sample's step count and its largest tool results, one of each kind (a SERP,
 * a page's raw text): the steps the step API is timed on.
 */
async function veryLongSample(
  target: string,
  submissionId: number,
  taskKey: string,
): Promise<{
  stepCount: number;
  largeSteps: Record<"serp" | "text", { ordinal: number; chars: number }>;
}> {
  const db = await openDb(target);
  try {
    const found = await sampleOfSubmission(db, submissionId, taskKey, 0);
    if (!found)
      throw new Error(`the bench database has no sample ${taskKey} in submission ${submissionId}`);
    // A step's stored size and whether it holds a parsed SERP: SQLite's JSON text, PostgreSQL's json (its text, and a JSON null is not a SERP).
    const query =
      engineOf(db) === "postgres"
        ? sql`SELECT ordinal, length(data::text) AS chars, coalesce(json_typeof(data -> 'serp'), 'null') <> 'null' AS serp FROM steps WHERE sample_id = ${found.sampleId} AND kind = 'tool_result' ORDER BY chars DESC, ordinal`
        : sql`SELECT ordinal, length(data) AS chars, json_extract(data, '$.serp') IS NOT NULL AS serp FROM steps WHERE sample_id = ${found.sampleId} AND kind = 'tool_result' ORDER BY chars DESC, ordinal`;
    const rows = z
      .array(
        z.object({
          ordinal: z.coerce.number(),
          chars: z.coerce.number(),
          serp: z.union([z.boolean(), z.number()]).transform(Boolean),
        }),
      )
      .parse(await rawRows(db, query));
    const largest = (serp: boolean) => {
      const row = rows.find((r) => r.serp === serp);
      if (!row)
        throw new Error(`the ${taskKey} sample has no ${serp ? "SERP" : "raw-text"} tool result`);
      return { ordinal: row.ordinal, chars: row.chars };
    };
    const [{ n }] = await db
      .select({ n: count() })
      .from(steps)
      .where(eq(steps.sampleId, found.sampleId));
    return { stepCount: n, largeSteps: { serp: largest(true), text: largest(false) } };
  } finally {
    await closeDb(db);
  }
}

/** The database's engine, version and (PostgreSQL) the settings that bear on the figures. */
async function describeDatabase(
  db: Db,
  databases: BenchDatabases,
  sqliteVersion: string,
): Promise<DatabaseInfo> {
  if (engineOf(db) === "sqlite")
    return { engine: "sqlite", version: sqliteVersion, origin: databases.origin, settings: {} };
  const show = async (name: string) =>
    z
      .array(z.record(z.string(), z.string()))
      .length(1)
      .parse(await rawRows(db, sql.raw(`SHOW ${name}`)))
      .map((row) => Object.values(row)[0])[0];
  const settings: Record<string, string> = {};
  for (const name of ["fsync", "synchronous_commit", "shared_buffers", "work_mem"])
    settings[name] = await show(name);
  return {
    engine: "postgres",
    version: await show("server_version"),
    origin: databases.origin,
    settings,
  };
}

/** The static baseline: a ~2 KB JSON file in public/, served by the same `next start`. */
const STATIC_PATH = "/bench/static.json";
const STATIC_NAME = "static JSON";

/**
 * The submissions each plot's data is computed over: the first ones that together reach
 * 100,000 samples (the target's scale), then all of them (the whole leaderboard).
 */
function analysisPools(
  ids: number[],
  tasksPerSubmission: number,
): { label: string; ids: number[] }[] {
  const enough = Math.ceil(100_000 / tasksPerSubmission);
  if (enough >= ids.length) return [{ label: "all submissions", ids }];
  return [
    { label: "≥ 100,000 samples", ids: ids.slice(0, enough) },
    { label: "all submissions", ids },
  ];
}

function assertAnswer(ok: boolean, what: string): void {
  if (!ok) throw new Error(`unexpected answer: ${what}`);
}

const log = (line: string) =>
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

async function main() {
  const { values } = parseArgs({
    options: {
      small: { type: "boolean", default: false },
      build: { type: "boolean", default: false },
      port: { type: "string", default: "3230" },
      requests: { type: "string" },
      submissions: { type: "string" },
      tasks: { type: "string" },
      db: { type: "string" },
      engine: { type: "string" },
      out: { type: "string" },
      results: { type: "string" },
      json: { type: "string" },
      only: { type: "string" },
      report: { type: "boolean", default: false },
    },
  });
  const engine = parseEngine(values.engine, values.db);
  const mode = values.small ? "small" : "full";
  const preset = PRESETS[mode];
  const requests = values.requests ? Number(values.requests) : preset.requests;
  const config = {
    ...preset,
    submissions: values.submissions ? Number(values.submissions) : preset.submissions,
    tasks: values.tasks ? Number(values.tasks) : preset.tasks,
    requests,
    analysisRequests: values.requests
      ? Math.min(requests, preset.analysisRequests)
      : preset.analysisRequests,
  };
  for (const [k, v] of Object.entries({
    port: Number(values.port),
    requests: config.requests,
    submissions: config.submissions,
    tasks: config.tasks,
  })) {
    if (!Number.isInteger(v) || v < 1) throw new Error(`--${k} must be a positive integer`);
  }
  const cwd = process.cwd();
  if (!JSON.parse(readFileSync(join(cwd, "package.json"), "utf8")).name?.startsWith("seekboard"))
    throw new Error("run the bench from the Seekboard checkout (npm run bench)");
  const outPath = values.out
    ? resolve(values.out)
    : mode === "full"
      ? join(cwd, "docs", "PERFORMANCE.md")
      : null;
  // Each engine's last full run; a run replaces its own engine's entry and keeps the other's.
  const resultsPath = values.results
    ? resolve(values.results)
    : mode === "full"
      ? join(cwd, "docs", "performance-results.json")
      : null;

  if (values.report) {
    if (!resultsPath || !outPath)
      throw new Error(
        "--report renders the full run's results: leave out --small, or give --results and --out",
      );
    const all = readResultsFile(resultsPath, log);
    writeFileSync(outPath, renderReport(all));
    log(
      `report written to ${outPath} from ${resultsPath} (${Object.keys(all).join(" and ") || "no runs"})`,
    );
    return;
  }

  if (values.only !== undefined && values.only !== "inspect")
    throw new Error("--only takes one step: inspect");
  if (values.only === "inspect") {
    const work = mkdtempSync(join(tmpdir(), "seekboard-bench-"));
    const databases = await openBenchDatabases({ engine, db: values.db, workDir: work, log });
    try {
      log(
        `${mode} Inspect step alone on ${engine}, ${describeMachine().cpu}; load ${load().join(" ")}`,
      );
      const run = await measureInspect({
        workDir: work,
        databases,
        bytes: preset.inspectBytes,
        log,
      });
      process.stdout.write(`${renderInspect(run).join("\n")}\n`);
      const check = inspectCheck(run);
      log(`${check.ok ? "pass" : "MISS"}  ${check.target}: ${check.measured}`);
    } finally {
      databases.close();
      rmSync(work, { recursive: true, force: true });
    }
    return;
  }

  const started = performance.now();
  const date = new Date().toISOString();
  const loadStart = load();
  const sampler = new LoadSampler();
  const machine = describeMachine();
  log(
    `${mode} run on ${engine === "postgres" ? "PostgreSQL" : "SQLite"}, ${machine.cpu} (${machine.cores} cores, ${machine.ramGiB} GiB); load ${loadStart.join(" ")}`,
  );

  if (values.build) {
    log("next build");
    const build = spawnSync(join(cwd, "node_modules", ".bin", "next"), ["build"], {
      cwd,
      stdio: ["ignore", 2, 2],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error(`next build failed (${build.status ?? build.signal})`);
  }
  if (!hasProductionBuild(cwd))
    throw new Error("no production build in .next: run `npm run build` first, or pass --build");

  const work = mkdtempSync(join(tmpdir(), "seekboard-bench-"));
  // Interrupted (Ctrl-C, kill): still remove the temporary files, several GB at full size, and stop the throwaway cluster.
  let databases: BenchDatabases | null = null;
  const cleanup = () => {
    databases?.close();
    rmSync(work, { recursive: true, force: true });
  };
  process.once("exit", cleanup);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.once(signal, () => process.exit(130));
  try {
    databases = await openBenchDatabases({ engine, db: values.db, workDir: work, log });
    const dbTarget = databases.main;
    await checkDatasetTarget(dbTarget);
    // 1. Ingest, first, while the page cache is not full of the large database's writes.
    log(`ingest: ${config.ingestSizes.join(" and ")} samples, fresh process each`);
    const ingest = await measureIngest({
      workDir: work,
      databases,
      sizes: config.ingestSizes,
      repeats: config.ingestRepeats,
      log,
    });
    log(
      `Inspect: a .eval of ${(config.inspectBytes / 2 ** 20).toFixed(0)} MiB uncompressed, fresh process`,
    );
    const inspect = await measureInspect({
      workDir: work,
      databases,
      bytes: config.inspectBytes,
      log,
    });

    // 2. The large database.
    log(
      `database: ${config.submissions} submissions × ${config.tasks} tasks → ${describeTarget(dbTarget)} (${databases.origin})`,
    );
    if (engine === "sqlite") mkdirSync(dirname(dbTarget), { recursive: true });
    const dataset = await buildDataset({
      target: dbTarget,
      workDir: work,
      submissions: config.submissions,
      tasks: config.tasks,
      log,
    });
    sync();

    // 3. The server.
    const sub = dataset.pageSubmissionId;
    const taskKey = dataset.longTaskKey;
    const veryLong = await veryLongSample(dbTarget, sub, dataset.veryLongTaskKey);
    const middlePage = Math.max(1, Math.ceil(config.tasks / SAMPLE_PAGE_SIZE / 2));
    const pools = analysisPools(dataset.submissionIds, config.tasks);
    log(`next start on 127.0.0.1:${values.port}`);
    const server = await startServer({
      cwd,
      port: Number(values.port),
      database: dbTarget,
      logPath: join(work, "next-start.log"),
      readyPath: STATIC_PATH,
    });
    let probes: ProbeResult[];
    const poolApi: ProbeResult[][] = [];
    try {
      const task = encodeURIComponent(taskKey);
      const veryLongTask = encodeURIComponent(dataset.veryLongTaskKey);
      const expect =
        (what: string, ok: (body: string, headers: Headers) => boolean) =>
        (body: string, headers: Headers) => {
          if (!ok(body, headers)) throw new Error(`unexpected answer: ${what}`);
        };
      // What a browser or a shared cache holding a visitor's copy of a public page sends back.
      const revalidation = async (path: string) => {
        const etag = await publicETag(server.url, path);
        return {
          path,
          headers: { "if-none-match": etag },
          status: 304,
          check: expect(
            `${path} revalidated without rendering: a 304 with the same validator`,
            (b, h) => b === "" && h.get("etag") === etag,
          ),
        };
      };
      const pageProbes: Probe[] = [
        {
          name: STATIC_NAME,
          path: STATIC_PATH,
          requests,
          check: expect("the static bench file", (b) => b.includes('"seekboard-bench-static"')),
        },
        {
          name: "dynamic API floor",
          path: "/api/s/x/samples",
          status: 400,
          requests,
          check: expect("a 400 from the sample API", (b) => b.includes("must be a number")),
        },
        {
          name: "prerendered page floor",
          path: "/bench-no-such-page",
          status: 404,
          requests,
          // Prerendered at build time: every answer comes from Next's own cache.
          check: expect(
            "the prerendered not-found page, through Next's page cache",
            (b, h) => b.includes("</html>") && h.has("x-nextjs-cache"),
          ),
        },
        {
          name: "dynamic page floor",
          path: "/s/x",
          status: 404,
          requests,
          heavy: true,
          check: expect(
            "the not-found page, rendered",
            (b, h) => b.includes("</html>") && !h.has("x-nextjs-cache"),
          ),
        },
        { name: "leaderboard", requests, ...(await revalidation("/b/mpw")) },
        {
          name: "leaderboard, rendered",
          path: "/b/mpw",
          headers: SESSION,
          requests,
          heavy: true,
          check: expect(
            "the leaderboard rendered for a session",
            (b, h) => b.includes("MindWatcher 32B") && !h.has("x-nextjs-cache"),
          ),
        },
        {
          name: "submission page",
          path: `/s/${sub}`,
          requests,
          heavy: true,
          check: expect("the submission page", (b) => b.includes('data-testid="overall-metrics"')),
        },
        { name: "trajectory page", requests, ...(await revalidation(`/s/${sub}/t/${task}`)) },
        {
          name: "trajectory page, rendered",
          path: `/s/${sub}/t/${task}`,
          headers: SESSION,
          requests,
          heavy: true,
          check: expect(
            `a ${LONG_TRAJECTORY.calls}-call trajectory page rendered for a session`,
            (b, h) =>
              b.includes('data-testid="sample-header"') &&
              b.includes(`(attempt ${LONG_TRAJECTORY.calls})`) &&
              !h.has("x-nextjs-cache"),
          ),
        },
        {
          name: "trajectory API",
          path: `/api/s/${sub}/t/${task}`,
          requests,
          check: expect(
            `${LONG_TRAJECTORY.calls} tool calls`,
            (b) =>
              (JSON.parse(b) as { sample: { toolCalls: number } }).sample.toolCalls ===
              LONG_TRAJECTORY.calls,
          ),
        },
        {
          name: VERY_LONG_PAGE,
          requests,
          ...(await revalidation(`/s/${sub}/t/${veryLongTask}`)),
        },
        {
          name: `${VERY_LONG_PAGE}, rendered`,
          path: `/s/${sub}/t/${veryLongTask}`,
          headers: SESSION,
          requests,
          heavy: true,
          check: expect(
            `the first page of the ${VERY_LONG_TRAJECTORY.calls}-call trajectory (${veryLong.stepCount} steps) rendered for a session`,
            (b, h) =>
              b.includes(`data-count="${veryLong.stepCount}"`) &&
              b.includes("(attempt 1)") &&
              !h.has("x-nextjs-cache"),
          ),
        },
        ...(["serp", "text"] as const).map((kind): Probe => ({
          name: LARGE_STEP_PROBES[kind],
          path: `/api/s/${sub}/t/${veryLongTask}/steps/${veryLong.largeSteps[kind].ordinal}?run=0`,
          requests,
          heavy: true,
          check: expect(
            `step ${veryLong.largeSteps[kind].ordinal}, a large ${kind === "serp" ? "SERP" : "raw-text"} tool result`,
            (b) => {
              const { step } = JSON.parse(b) as {
                step: { kind: string; raw: string; serp: unknown };
              };
              return (
                step.kind === "tool_result" &&
                step.raw.length >= 1_000_000 &&
                (step.serp !== null) === (kind === "serp")
              );
            },
          ),
        })),
        {
          name: FIND_PROBE,
          path: `/api/s/${sub}/t/${veryLongTask}/find?run=0&q=${encodeURIComponent(FIND_PHRASE)}`,
          requests,
          heavy: true,
          check: expect(`matches of "${FIND_PHRASE}" on several pages`, (b) => {
            const found = JSON.parse(b) as { total: number; matches: { page: number }[] };
            return found.total > 0 && found.matches.some((m) => m.page > 1);
          }),
        },
        ...(["rare", "chinese", "none"] as const).map((term): Probe => {
          const q = `result:"${SEARCH_TERMS[term]}"`;
          return {
            name: SEARCH_PROBES[term],
            path: `/api/search?benchmark=mpw&q=${encodeURIComponent(q)}`,
            requests,
            heavy: true,
            check: expect(
              term === "none" ? "no hit" : "hits of the planted term",
              (b) => (JSON.parse(b) as { total: number }).total > 0 === (term !== "none"),
            ),
          };
        }),
        {
          name: "sample API",
          path: `/api/s/${sub}/samples?page=${middlePage}`,
          requests,
          check: expect(
            "a page of samples",
            (b) => (JSON.parse(b) as { samples: unknown[] }).samples.length > 0,
          ),
        },
      ];
      log(
        `timing ${pageProbes.length} URLs: ${config.warmup} warm-up + ${requests} requests each, ${config.passes} passes`,
      );
      probes = await measure(server.url, pageProbes, {
        warmup: config.warmup,
        passes: config.passes,
      });
      for (const pool of pools) {
        const apiProbes: Probe[] = ANALYSIS_KINDS.map((kind) => ({
          name: kind,
          path: `/api/analysis/${kind}?submissions=${pool.ids.join(",")}`,
          requests: config.analysisRequests,
          heavy: true,
          check: expect(`${kind} data`, (b) => (JSON.parse(b) as { kind: string }).kind === kind),
        }));
        log(
          `timing the analysis API over ${pool.ids.length} submissions: ${config.analysisRequests} requests each`,
        );
        poolApi.push(
          await measure(server.url, apiProbes, {
            warmup: Math.min(config.warmup, 3),
            passes: config.passes,
          }),
        );
      }
    } finally {
      await server.stop();
    }

    // 4. The same reads in-process, on the same database: how much of each page is the database.
    log("the same reads in-process (db/queries)");
    const db = await openDb(dbTarget);
    const dbPages: Record<string, Timing> = {};
    const analysis: AnalysisPool[] = [];
    let database: DatabaseInfo;
    try {
      database = await describeDatabase(db, databases, machine.sqlite);
      const time = async (calls: number, fn: () => Promise<unknown>): Promise<Timing> => {
        for (let i = 0; i < 2; i++) await fn();
        const times: number[] = [];
        for (let i = 0; i < calls; i++) {
          const t = performance.now();
          await fn();
          times.push(performance.now() - t);
        }
        return summarise(times);
      };
      dbPages.leaderboard = await time(config.dbCalls, async () =>
        getReportBoard(db, "mpw", BENCHMARKS.mpw.board, parseBoardState("mpw", {})),
      );
      dbPages["leaderboard, rendered"] = dbPages.leaderboard;
      // In sequence, as each page awaits them (the pages may run some at once; the sum is what the database costs them).
      dbPages["submission page"] = await time(config.dbCalls, async () => {
        await getSubmission(db, sub);
        await getAggregates(db, sub);
        await listSamples(db, sub, parseSampleFilters({}));
        await sampleFacets(db, sub);
      });
      dbPages["trajectory page"] = await time(config.dbCalls, async () => {
        const t = (await getTrajectory(db, sub, taskKey, 0))!;
        await neighbourFailedSample(db, sub, t.sample.id, "next");
        await neighbourFailedSample(db, sub, t.sample.id, "previous");
      });
      dbPages["trajectory page, rendered"] = dbPages["trajectory page"];
      dbPages["trajectory API"] = await time(config.dbCalls, async () =>
        getTrajectory(db, sub, taskKey, 0),
      );
      dbPages[VERY_LONG_PAGE] = await time(config.dbCalls, async () => {
        const t = (await getTrajectory(db, sub, dataset.veryLongTaskKey, 0))!;
        await neighbourFailedSample(db, sub, t.sample.id, "next");
        await neighbourFailedSample(db, sub, t.sample.id, "previous");
      });
      dbPages[`${VERY_LONG_PAGE}, rendered`] = dbPages[VERY_LONG_PAGE];
      for (const kind of ["serp", "text"] as const) {
        dbPages[LARGE_STEP_PROBES[kind]] = await time(config.dbCalls, async () =>
          sampleStep(
            db,
            (await sampleOfSubmission(db, sub, dataset.veryLongTaskKey, 0))!.sampleId,
            veryLong.largeSteps[kind].ordinal,
          ),
        );
      }
      dbPages[FIND_PROBE] = await time(config.dbCalls, async () =>
        sampleSteps(db, (await sampleOfSubmission(db, sub, dataset.veryLongTaskKey, 0))!.sampleId),
      );
      dbPages["sample API"] = await time(config.dbCalls, async () => {
        await getSubmission(db, sub);
        await listSamples(db, sub, parseSampleFilters({ page: String(middlePage) }));
      });
      for (const [i, pool] of pools.entries()) {
        const [{ n }] = await db
          .select({ n: count() })
          .from(samples)
          .where(inArray(samples.submissionId, pool.ids));
        const kinds: (Timing & { kind: string })[] = [];
        for (const kind of ANALYSIS_KINDS)
          kinds.push({
            kind,
            ...(await time(config.dbCalls, async () =>
              analysisData(db, kind, pool.ids, ANALYSIS_DEFAULTS),
            )),
          });
        analysis.push({
          label: pool.label,
          submissions: pool.ids.length,
          samples: n,
          api: poolApi[i],
          db: kinds,
        });
      }
    } finally {
      await closeDb(db);
    }

    // 5. Last, so the uploaded submission disturbs nothing above; the probe deletes it again.
    log(
      `stall probe: a ${config.ingestSizes[1]}-sample upload while four URLs are timed every ${TICK_MS} ms and a second team uploads every second`,
    );
    const stall = await measureStall({
      cwd,
      port: Number(values.port),
      database: dbTarget,
      workDir: work,
      samples: config.ingestSizes[1],
      idleSeconds: config.stallIdleSeconds,
      readyPath: STATIC_PATH,
      log,
      urls: [
        {
          name: "leaderboard",
          path: "/b/mpw",
          check: (b) => assertAnswer(b.includes("MindWatcher 32B"), "the public leaderboard"),
        },
        {
          name: "leaderboard, rendered",
          path: "/b/mpw",
          headers: SESSION,
          check: (b) =>
            assertAnswer(b.includes("MindWatcher 32B"), "the leaderboard rendered for a session"),
        },
        {
          name: "trajectory API",
          path: `/api/s/${sub}/t/${encodeURIComponent(taskKey)}`,
          check: (b) =>
            assertAnswer(
              (JSON.parse(b) as { sample: { toolCalls: number } }).sample.toolCalls ===
                LONG_TRAJECTORY.calls,
              `${LONG_TRAJECTORY.calls} tool calls`,
            ),
        },
        {
          // Issue 28: an unknown Bearer is counted as an admin-token guess, a write, which must
          // not wait for the import's write lock; the answer is the public one.
          name: "sample API, junk Bearer",
          path: `/api/s/${sub}/samples`,
          headers: { authorization: "Bearer not-a-token" },
          check: (b) =>
            assertAnswer(
              (JSON.parse(b) as { samples: unknown[] }).samples.length > 0,
              "a page of samples for an anonymous junk Bearer",
            ),
        },
      ],
    });
    sync();

    const results: BenchResults = {
      engine,
      mode,
      date,
      command: `npm run ${mode === "small" ? "bench:small" : "bench"}${
        process.argv.slice(2).filter((a) => a !== "--small").length
          ? ` -- ${process.argv
              .slice(2)
              .filter((a) => a !== "--small")
              .join(" ")}`
          : ""
      }`,
      machine,
      database,
      load: { start: loadStart, end: load(), during: sampler.stop() },
      totalSeconds: (performance.now() - started) / 1000,
      dataset: {
        submissions: dataset.submissionIds.length,
        tasksPerSubmission: config.tasks,
        ...dataset.stats,
        meanToolCalls: dataset.stats.toolCalls / Math.max(1, dataset.stats.samples),
        buildSeconds: dataset.build?.buildSeconds ?? null,
        generateSeconds: dataset.build?.generateSeconds ?? null,
        ingestSeconds: dataset.build?.ingestSeconds ?? null,
        firstBundlesSeconds: dataset.build?.firstBundlesSeconds ?? null,
        lastBundlesSeconds: dataset.build?.lastBundlesSeconds ?? null,
        reused: dataset.reused,
        veryLong: { steps: veryLong.stepCount, largeSteps: veryLong.largeSteps },
      },
      ingest,
      inspect,
      server: {
        requests,
        warmup: config.warmup,
        passes: config.passes,
        probes,
        staticName: STATIC_NAME,
        db: dbPages,
      },
      analysis,
      stall,
    };
    // This engine's entry replaced, the other engine's last run kept: the report shows both.
    const all = resultsPath ? readResultsFile(resultsPath, log) : {};
    all[engine] = results;
    if (resultsPath) writeResultsFile(resultsPath, all);
    const markdown = renderReport(all);
    const target = outPath ?? join(tmpdir(), `seekboard-bench-small-${Date.now()}.md`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, markdown);
    if (values.json) writeFileSync(resolve(values.json), `${JSON.stringify(results, null, 2)}\n`);
    if (mode === "small") process.stdout.write(markdown);
    log(
      `report written to ${target}${resultsPath ? `, the ${engine} figures to ${resultsPath}` : ""}${values.json ? ` and as JSON to ${resolve(values.json)}` : ""}`,
    );
    for (const c of checkTargets(results))
      log(`${c.ok === null ? "n/a " : c.ok ? "pass" : "MISS"}  ${c.target}: ${c.measured}`);
  } finally {
    cleanup();
  }
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
