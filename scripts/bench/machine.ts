/** What the figures were measured on: CPU, cores, RAM, OS, Node, SQLite, Next; and how loaded the machine was. The database server's version is the run's (bench.ts). */
import Database from "better-sqlite3";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, release, totalmem, type as osType } from "node:os";
import { join } from "node:path";

export interface Machine {
  cpu: string;
  cores: number;
  ramGiB: number;
  os: string;
  node: string;
  sqlite: string;
  betterSqlite3: string;
  next: string;
}

function packageVersion(name: string): string {
  try {
    return (
      JSON.parse(
        readFileSync(join(process.cwd(), "node_modules", name, "package.json"), "utf8"),
      ) as { version: string }
    ).version;
  } catch {
    return "?";
  }
}

function osName(): string {
  const file = "/etc/os-release";
  const pretty = existsSync(file)
    ? /^PRETTY_NAME="?([^"\n]*)"?/m.exec(readFileSync(file, "utf8"))?.[1]
    : undefined;
  return `${pretty ?? osType()} (kernel ${release()})`;
}

/** The CPU model, its clock, and whether it is a virtual machine's (the `hypervisor` flag). */
function cpuName(): string {
  const cpu = cpus()[0];
  if (!cpu) return "unknown";
  let virtual = false;
  let mhz = cpu.speed;
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8");
    virtual = /^flags\s*:.*\bhypervisor\b/m.test(info);
    mhz ||= Number(/^cpu MHz\s*:\s*([\d.]+)/m.exec(info)?.[1] ?? 0);
  } catch {
    // Not Linux.
  }
  return `${cpu.model.trim()}${mhz ? ` @ ${(mhz / 1000).toFixed(1)} GHz` : ""}${virtual ? " (virtual machine)" : ""}`;
}

export function describeMachine(): Machine {
  const memory = new Database(":memory:");
  let sqlite = "?";
  for (const version of memory.prepare("SELECT sqlite_version()").pluck().iterate())
    sqlite = String(version);
  memory.close();
  return {
    cpu: cpuName(),
    cores: availableParallelism(),
    ramGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: osName(),
    node: process.version,
    sqlite,
    betterSqlite3: packageVersion("better-sqlite3"),
    next: packageVersion("next"),
  };
}

/** The 1-, 5- and 15-minute load averages, rounded. */
export function load(): [number, number, number] {
  const [a, b, c] = loadavg();
  return [+a.toFixed(2), +b.toFixed(2), +c.toFixed(2)];
}

/** Samples the 1-minute load average every few seconds while the bench runs. */
export class LoadSampler {
  private readonly values: number[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(everyMs = 5000) {
    this.values.push(loadavg()[0]);
    this.timer = setInterval(() => this.values.push(loadavg()[0]), everyMs);
    this.timer.unref();
  }

  stop(): { min: number; max: number; mean: number; samples: number } {
    clearInterval(this.timer);
    this.values.push(loadavg()[0]);
    const sum = this.values.reduce((a, b) => a + b, 0);
    return {
      min: +Math.min(...this.values).toFixed(2),
      max: +Math.max(...this.values).toFixed(2),
      mean: +(sum / this.values.length).toFixed(2),
      samples: this.values.length,
    };
  }
}
