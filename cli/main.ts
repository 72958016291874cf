/**
 * Seekboard's command line. Stable contract (later checks use it):
 *   ingest <bundle> [--db FILE] [--status approved|pending]   → {"submissionId", "samples", …}
 *   ingest <log.eval|log.json> --benchmark B [--dataset D] [--model M] [--agent A] [--setting S] [--scorer S] [--db FILE] [--status …]
 *                                                             → the same, for one Inspect log without a manifest
 *   metrics <submissionId> [--db FILE] --json                 → {"benchmark", "aggregate", "samples"}
 *   analysis <kind> <submissionId>… [--bins N] [--k-cohort K] [--n-threshold T] [--k-trunc K] [--db FILE] --json
 *                                                             → the plot's data, as /api/analysis/<kind>
 *   export <submissionId> [--out DIR] [--db FILE]             → {"submissionId", "out", "samples", "files", "inexactTrajectories"}:
 *                                                               a Seekboard-format bundle folder (default ./submission-<id>/)
 *   backup <file> [--db FILE]                                 → {"backup", "bytes"}: a consistent copy of the
 *                                                               live SQLite database (the server may keep running);
 *                                                               on PostgreSQL exit 2 (pg_dump or the provider's backups)
 *   seed-demo [--db FILE]                                     → {"submissions": n, …}
 *   submit <bundle> --url URL [--token TOKEN] [--model M] [--agent A] [--setting S] [--no-wait]
 *                                                             → the server's answer, {"id", "status", …}; a 202 is
 *                                                               followed to the job's end (progress on stderr),
 *                                                               or with --no-wait printed as is: {"jobId", "statusUrl", …}
 *   tasks register <benchmark> <version> <file> [--db FILE]   → {"benchmark", "version", "tasks", …}
 *   tasks list [--db FILE]                                    → [{"benchmark", "version", "tasks", "source", "registeredAt"}]
 *   tokens issue <team> [--db FILE]                           → {"id", "team", "token"} (the token is shown this once)
 *   tokens list [--db FILE]                                   → [{"id", "team", "createdAt", "revokedAt", "lastUsedAt"}]
 *   tokens revoke <id> [--db FILE]                            → {"id", "revoked": true}
 *   migrate [--db FILE]                                       → {"database", "applied": [tags]}: applies
 *                                                             the pending migrations (a deploy's release step when
 *                                                             SEEKBOARD_MIGRATIONS=external); exit 1 if one fails
 *                                                             (the schema stays as it was)
 *   worker [--db FILE]                                        runs upload and re-evaluation jobs until stopped
 *                                                             (SIGTERM/SIGINT, or its parent server going away)
 * --db is a SQLite file or a postgres:// URL (default: SEEKBOARD_DATABASE_URL, else SEEKBOARD_DB,
 * else data/seekboard.db). `backup` is SQLite's only (exit 2 on PostgreSQL: use pg_dump).
 * Output goes to stdout as JSON; failures exit non-zero with a message on stderr.
 */
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import {
  closeDb,
  dbTargetFromEnv,
  describeTarget,
  isPostgresUrl,
  openDb,
  openDbMigrating,
  type Db,
} from "../db/client";
import { BackupUnsupported, backupDatabase } from "../db/backup";
import { ingestBundle, ingestInspectLog } from "../db/ingest";
import { bumpDataVersion, PUBLIC_DATA } from "../db/jobs/data-version";
import { uploadKind } from "../lib/submit/manifest-peek";
import { sweepStaleUnpackDirs } from "../lib/import/bundle";
import { benchmarkIdOf } from "../db/benchmark-id";
import { submissionChecks } from "../db/queries/standing";
import { seedDemo } from "../db/seed-demo";
import { BundleError, formatDetail, moreErrorsLine } from "../lib/import/errors";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "../db/schema";
import { metricsReport } from "./metrics-report";
import { ExportRefused, exportSubmissionTo } from "./export";
import { runWorkerProcess } from "./worker";
import { RemoteError, submitToRemote } from "./submit";
import { jobReporter } from "./job-progress";
import { listTaskSets, registerTaskFile } from "./tasks";
import { BENCHMARK_IDS, isBenchmarkId } from "../lib/benchmarks/registry";
import { TaskFileError } from "../lib/standing/task-file";
import { teamNameSchema } from "../lib/auth/tokens";
import { issueUploadToken, listUploadTokens, revokeUploadToken } from "../db/upload-tokens";
import { analysisData } from "../db/queries/fact-plots";
import {
  ANALYSIS_KINDS,
  analysisOptionsSchema,
  submissionIdsSchema,
  type AnalysisKind,
} from "../lib/url/analysis";

const USAGE = `usage:
  cli ingest <bundle> [--db FILE] [--status approved|pending]
  cli ingest <log.eval|log.json> --benchmark B [--dataset D] [--model M] [--agent A] [--setting S] [--scorer S] [--db FILE] [--status approved|pending]
  cli metrics <submissionId> [--db FILE] --json
  cli analysis fcr-pass1|delta-facts|truncated <submissionId>… [--bins N] [--k-cohort K] [--n-threshold T] [--k-trunc K] [--db FILE] --json
  cli export <submissionId> [--out DIR] [--db FILE]
  cli backup <file> [--db FILE]
  cli seed-demo [--db FILE]
  cli submit <bundle> --url URL [--token TOKEN] [--model M] [--agent A] [--setting S] [--benchmark B] [--no-wait]
      (the token may come from SEEKBOARD_TOKEN instead of --token; when the server answers 202,
      the import is followed to its end unless --no-wait)
  cli tasks register <benchmark> <version> <file> [--db FILE]
  cli tasks list [--db FILE]
  cli tokens issue <team> [--db FILE]
  cli tokens list [--db FILE]
  cli tokens revoke <id> [--db FILE]
  cli migrate [--db FILE]
  cli worker [--db FILE]
  (--db: a SQLite file or a postgres:// URL; by default SEEKBOARD_DATABASE_URL, else SEEKBOARD_DB)`;

class UsageError extends Error {}

/** How long a one-shot command waits for an unreachable PostgreSQL server (the worker waits for ever, as the server does). */
const COMMAND_RETRY_MS = 10_000;

/** The databases a command opened, closed once it is done (a PostgreSQL pool would keep the process alive). */
const opened: Db[] = [];

async function main(argv: string[]): Promise<unknown> {
  try {
    return await command(argv);
  } finally {
    await Promise.all(opened.splice(0).map((db) => closeDb(db)));
  }
}

async function command(argv: string[]): Promise<unknown> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      db: { type: "string" },
      json: { type: "boolean", default: false },
      status: { type: "string", default: "approved" },
      help: { type: "boolean", short: "h", default: false },
      bins: { type: "string" },
      "k-cohort": { type: "string" },
      "n-threshold": { type: "string" },
      "k-trunc": { type: "string" },
      url: { type: "string" },
      token: { type: "string" },
      model: { type: "string" },
      agent: { type: "string" },
      setting: { type: "string" },
      benchmark: { type: "string" },
      dataset: { type: "string" },
      scorer: { type: "string" },
      "no-wait": { type: "boolean", default: false },
      out: { type: "string" },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) throw new UsageError(USAGE);
  const target = values.db
    ? isPostgresUrl(values.db)
      ? values.db
      : resolve(values.db)
    : dbTargetFromEnv();
  const openTarget = async () => {
    const db = await openDb(target, { retryForMs: COMMAND_RETRY_MS });
    opened.push(db);
    return db;
  };
  switch (command) {
    case "ingest": {
      if (rest.length !== 1) throw new UsageError(`ingest takes one bundle path\n${USAGE}`);
      if (!SUBMISSION_STATUSES.includes(values.status as SubmissionStatus))
        throw new UsageError(`--status must be one of ${SUBMISSION_STATUSES.join(", ")}`);
      sweepStaleUnpackDirs();
      const db = await openTarget();
      const options = { source: "cli", status: values.status as SubmissionStatus };
      const path = resolve(rest[0]);
      let result;
      if (uploadKind(path) === "inspect-log") {
        if (!values.benchmark)
          throw new UsageError(
            `an Inspect log is ingested with --benchmark (one of ${BENCHMARK_IDS.join(", ")})\n${USAGE}`,
          );
        const { benchmark, dataset, model, agent, setting, scorer } = values;
        result = await ingestInspectLog(
          db,
          path,
          { benchmark, dataset, model, agent, setting, scorer },
          options,
        );
      } else {
        result = await ingestBundle(db, path, options);
      }
      // Servers on this database then stop telling visitors their copies of public pages are current (proxy.ts).
      if (options.status === "approved") await bumpDataVersion(db, PUBLIC_DATA);
      return {
        ...result,
        ...(await submissionChecks(db, benchmarkIdOf(result.benchmark), result.submissionId)),
      };
    }
    case "metrics": {
      if (rest.length !== 1 || !/^\d+$/.test(rest[0]))
        throw new UsageError(`metrics takes one numeric submission id\n${USAGE}`);
      const db = await openTarget();
      return metricsReport(db, Number(rest[0]));
    }
    case "backup": {
      if (rest.length !== 1) throw new UsageError(`backup takes one target file\n${USAGE}`);
      if (isPostgresUrl(target)) throw new BackupUnsupported();
      return backupDatabase(await openTarget(), resolve(rest[0]));
    }
    case "export": {
      if (rest.length !== 1 || !/^\d+$/.test(rest[0]))
        throw new UsageError(`export takes one numeric submission id\n${USAGE}`);
      const id = Number(rest[0]);
      return exportSubmissionTo(await openTarget(), id, resolve(values.out ?? `submission-${id}`));
    }
    case "analysis": {
      const [kind, ...ids] = rest;
      if (!(ANALYSIS_KINDS as readonly string[]).includes(kind ?? ""))
        throw new UsageError(`analysis kind must be one of ${ANALYSIS_KINDS.join(", ")}\n${USAGE}`);
      const parsedIds = submissionIdsSchema.safeParse(ids.join(","));
      if (!parsedIds.success || ids.length === 0)
        throw new UsageError(`analysis takes one or more numeric submission ids\n${USAGE}`);
      const options = analysisOptionsSchema.safeParse({
        bins: values.bins,
        kCohort: values["k-cohort"],
        nThreshold: values["n-threshold"],
        kTrunc: values["k-trunc"],
      });
      if (!options.success)
        throw new UsageError(
          options.error.issues
            .map(
              (i) =>
                `--${String(i.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`,
            )
            .join("\n"),
        );
      const db = await openTarget();
      return analysisData(db, kind as AnalysisKind, parsedIds.data, options.data);
    }
    case "submit": {
      if (rest.length !== 1) throw new UsageError(`submit takes one bundle path\n${USAGE}`);
      if (!values.url)
        throw new UsageError(`submit needs --url, the Seekboard site to upload to\n${USAGE}`);
      const token = values.token ?? process.env.SEEKBOARD_TOKEN;
      if (!token)
        throw new UsageError(`submit needs an upload token: --token or SEEKBOARD_TOKEN\n${USAGE}`);
      const { model, agent, setting, benchmark } = values;
      return submitToRemote({
        bundle: resolve(rest[0]),
        url: values.url,
        token,
        fields: { benchmark, model, agent, setting },
        wait: !values["no-wait"],
        progress: jobReporter(process.stderr),
      });
    }
    case "tasks": {
      const [action, ...args] = rest;
      if (action === "list" && args.length === 0) return listTaskSets(await openTarget());
      if (action !== "register" || args.length !== 3)
        throw new UsageError(
          `tasks takes register <benchmark> <version> <file>, or list\n${USAGE}`,
        );
      const [benchmark, version, file] = args;
      if (!isBenchmarkId(benchmark))
        throw new UsageError(
          `unknown benchmark "${benchmark}": one of ${BENCHMARK_IDS.join(", ")}`,
        );
      if (version.trim() === "" || version.trim().length > 100)
        throw new UsageError("the version is 1 to 100 characters");
      const db = await openTarget();
      const registered = await registerTaskFile(db, benchmark, version.trim(), resolve(file));
      await bumpDataVersion(db, PUBLIC_DATA);
      return registered;
    }
    case "tokens": {
      const [action, ...args] = rest;
      if (action === "list" && args.length === 0) return listUploadTokens(await openTarget());
      if (action === "issue" && args.length === 1) {
        const team = teamNameSchema.safeParse(args[0]);
        if (!team.success) throw new UsageError(`the team: ${team.error.issues[0].message}`);
        return issueUploadToken(await openTarget(), team.data);
      }
      if (action === "revoke" && args.length === 1 && /^\d+$/.test(args[0])) {
        const id = Number(args[0]);
        if (!(await revokeUploadToken(await openTarget(), id)))
          throw new Error(`token ${id} is unknown or already revoked`);
        return { id, revoked: true };
      }
      throw new UsageError(`tokens takes issue <team>, list, or revoke <id>\n${USAGE}`);
    }
    case "migrate": {
      if (rest.length !== 0) throw new UsageError(`migrate takes no arguments\n${USAGE}`);
      const { db, applied } = await openDbMigrating(target, {
        retryForMs: COMMAND_RETRY_MS,
        migrations: "apply",
      });
      opened.push(db);
      return { database: describeTarget(target), applied };
    }
    case "worker": {
      if (rest.length !== 0) throw new UsageError(`worker takes no arguments\n${USAGE}`);
      return runWorkerProcess(target);
    }
    case "seed-demo": {
      const db = await openTarget();
      const seeded = await seedDemo(db);
      await bumpDataVersion(db, PUBLIC_DATA);
      return seeded;
    }
    default:
      throw new UsageError(`unknown command "${command}"\n${USAGE}`);
  }
}

// A reader that stops early (`| head`) is not an error of ours.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
});

main(process.argv.slice(2)).then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  },
  (error: unknown) => {
    if (error instanceof TaskFileError) {
      process.stderr.write(`invalid task file:\n${error.message}\n`);
      process.exitCode = 2;
    } else if (error instanceof BundleError) {
      process.stderr.write(`invalid bundle:\n${error.message}\n`);
      process.exitCode = 2;
    } else if (error instanceof ExportRefused || error instanceof BackupUnsupported) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 2;
    } else if (error instanceof RemoteError) {
      process.stderr.write(
        `${error.message}\n${(error.errors ?? []).map((detail) => `${formatDetail(detail)}\n`).join("")}${error.moreErrors ? `${moreErrorsLine(error.moreErrors)}\n` : ""}`,
      );
      process.exitCode = error.errors ? 2 : 1;
    } else if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 64;
    } else {
      process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
