/**
 * A throwaway PostgreSQL cluster for tests: Debian's server binaries, a fresh data folder,
 * a free port on loopback, trust authentication, no fsync; stopped and removed after. The
 * server refuses to run as root, so as root it runs as the `postgres` user (.ci/run
 * installs the `postgresql` package, which creates it), its folder then in that user's home:
 * a checkout's temporary folder (.ci/run keeps TMPDIR there) may be one that user cannot
 * enter, as under /root.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Cluster {
  url: string;
  /** The cluster's folder (data, socket, log): `stopCluster(dir)` stops it from another process. */
  dir: string;
  stop: () => void;
}

const VERSIONS = "/usr/lib/postgresql";

function binaries(): string {
  const versions = existsSync(VERSIONS)
    ? readdirSync(VERSIONS).filter((v) => existsSync(join(VERSIONS, v, "bin", "initdb")))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error(
      "PostgreSQL's server is not installed (apt-get install postgresql): the PostgreSQL tests need it",
    );
  return join(VERSIONS, newest, "bin");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** A PostgreSQL URL naming another database on the same server. */
export function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new cluster, on `port` if given (else a free one). */
export async function startCluster(options: { port?: number } = {}): Promise<Cluster> {
  const bin = binaries();
  const owner = process.getuid?.() === 0 ? postgresUser() : null;
  const dir = mkdtempSync(join(owner?.home ?? tmpdir(), "seekboard-pg-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, "data");
  const port = options.port ?? (await freePort());
  // The C locale: text sorts by code point, as on SQLite, whatever the machine's locale.
  runAsOwner(bin, "initdb", [
    "-D",
    data,
    "-A",
    "trust",
    "-U",
    "postgres",
    "--no-sync",
    "--no-locale",
    "-E",
    "UTF8",
  ]);
  // Room for the suites' parallel test files and two app instances with their workers.
  runAsOwner(bin, "pg_ctl", [
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
    "-w",
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    stop: () => stopCluster(dir),
  };
}

/** The `postgres` account's ids and home folder (the server runs as it when we are root). */
function postgresUser(): { uid: number; gid: number; home: string } {
  const entry = execFileSync("getent", ["passwd", "postgres"], { encoding: "utf8" }).trim();
  const [, , uid, gid, , home] = entry.split(":");
  if (!home || !existsSync(home))
    throw new Error(`the postgres user has no home folder to keep a cluster in: ${entry}`);
  return { uid: Number(uid), gid: Number(gid), home };
}

function runAsOwner(bin: string, tool: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot
    ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]]
    : [join(bin, tool), args];
  // From a folder the owner may enter: the server's tools change back to their starting folder.
  execFileSync(command, commandArgs, {
    stdio: "pipe",
    cwd: asRoot ? postgresUser().home : undefined,
  });
}

/** Stops a cluster `startCluster` made and removes its folder. */
export function stopCluster(dir: string): void {
  try {
    runAsOwner(binaries(), "pg_ctl", ["-D", join(dir, "data"), "-m", "immediate", "-w", "stop"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
