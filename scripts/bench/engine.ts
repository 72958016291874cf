/**
 * The bench's databases, on the engine it measures.
 *
 * SQLite: files. The large database is `--db FILE` (kept) or a file in the work folder
 * (removed at the end); each child's empty database is a new file in the work folder.
 *
 * PostgreSQL: databases on one server. The server is the one `--db postgres://…` or
 * SEEKBOARD_DATABASE_URL names (the large database is that very database, kept for the next
 * run), or else a throwaway cluster started here (test/postgres-cluster.ts: loopback, trust
 * authentication, fsync off), stopped at the end. Each child's empty database is a new
 * database on the same server (`CREATE DATABASE`, so a named server's role needs CREATEDB),
 * dropped after it.
 */
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import pg from "pg";
import { isPostgresUrl, type Engine } from "../../db/client";
import { startCluster, type Cluster } from "../../test/postgres-cluster";
import { removeDb } from "./dataset";

export interface BenchDatabases {
  engine: Engine;
  /** The large database: a SQLite path or a PostgreSQL URL. */
  main: string;
  /** How the server came to be, for the report: "throwaway cluster (fsync off)", "the server --db names". */
  origin: string;
  /** A new empty database for one child: a path in the work folder, or a new database on the server. */
  fresh(name: string): Promise<string>;
  /** Removes a database `fresh` made. */
  drop(target: string): Promise<void>;
  /** Removes what the bench made (the unnamed large database, the throwaway cluster). Safe to call twice; synchronous, for the exit handler. */
  close(): void;
}

export function parseEngine(value: string | undefined, db: string | undefined): Engine {
  if (value === undefined) return db !== undefined && isPostgresUrl(db) ? "postgres" : "sqlite";
  if (value !== "sqlite" && value !== "postgres")
    throw new Error(`--engine takes sqlite or postgres, not ${value}`);
  return value;
}

/** A PostgreSQL URL naming another database on the same server. */
function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || "postgres";
}

async function onServer(server: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function openBenchDatabases(options: {
  engine: Engine;
  db: string | undefined;
  workDir: string;
  log: (line: string) => void;
}): Promise<BenchDatabases> {
  const { engine, workDir } = options;
  if (engine === "sqlite") {
    if (options.db !== undefined && isPostgresUrl(options.db))
      throw new Error("--engine sqlite takes a file for --db, not a postgres:// URL");
    const main = options.db !== undefined ? resolve(options.db) : join(workDir, "bench.db");
    return {
      engine,
      main,
      origin: options.db !== undefined ? "the file --db names" : "a file in a temporary folder",
      fresh: async (name) => {
        const path = join(workDir, `${name}.db`);
        removeDb(path);
        return path;
      },
      drop: async (target) => removeDb(target),
      close: () => {
        if (options.db === undefined) removeDb(main);
      },
    };
  }

  const named = options.db ?? (process.env.SEEKBOARD_DATABASE_URL?.trim() || undefined);
  if (named !== undefined && !isPostgresUrl(named))
    throw new Error(`--engine postgres takes a postgres:// URL for --db, not ${named}`);
  let cluster: Cluster | undefined;
  let server: string;
  let main: string;
  if (named !== undefined) {
    server = named;
    main = named;
  } else {
    options.log("PostgreSQL: starting a throwaway cluster");
    cluster = await startCluster();
    server = cluster.url;
    main = databaseUrl(server, "seekboard_bench");
    await onServer(server, `CREATE DATABASE ${quoted(databaseName(main))}`);
  }
  const made = new Set<string>();
  const drop = async (target: string) => {
    await onServer(server, `DROP DATABASE IF EXISTS ${quoted(databaseName(target))} WITH (FORCE)`);
    made.delete(target);
  };
  return {
    engine,
    main,
    origin:
      named !== undefined
        ? `the server ${options.db !== undefined ? "--db" : "SEEKBOARD_DATABASE_URL"} names`
        : "a throwaway cluster (test/postgres-cluster.ts: fsync off)",
    fresh: async (name) => {
      const target = databaseUrl(
        server,
        `seekboard_bench_${name.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`,
      );
      await onServer(server, `CREATE DATABASE ${quoted(databaseName(target))}`);
      made.add(target);
      return target;
    },
    drop,
    close: () => {
      // The throwaway cluster goes with its databases; on a named server, children's databases are dropped as they end (an interrupted run may leave one).
      cluster?.stop();
      cluster = undefined;
    },
  };
}
