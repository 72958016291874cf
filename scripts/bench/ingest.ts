/**
 * Ingest measurements: a bundle and one ten times larger, each ingested in a fresh child
 * process into an empty database of the engine measured, and the raw-insert baseline on
 * the first bundle, also in a fresh process. The baseline is better-sqlite3's prepared
 * statements into a SQLite file on either engine: on PostgreSQL it is SQLite's figure. The smaller ingest and the baseline alternate `repeats` times
 * (medians reported), so a burst of load from elsewhere hits both alike.
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { childScript, runChild, sync } from "./children";
import { removeDb } from "./dataset";
import type { BenchDatabases } from "./engine";
import { benchTasks, ingestSubmission, writeBenchBundle } from "./generate";
import type { IngestRun, RawRun } from "./report";
import { median } from "./stats";

interface IngestChildResult {
  seconds: number;
  rows: { samples: number; steps: number; hitLogs: number; toolCalls: number };
  rssBeforeMiB: number;
  peakRssMiB: number;
}

interface RawChildResult {
  seconds: number;
  preparedSeconds: number;
  rows: { samples: number; steps: number; hitLogs: number };
  phases: Record<string, number>;
}

function dirMiB(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0) / 2 ** 20;
}

async function ingestOnce(bundle: string, databases: BenchDatabases, name: string) {
  const target = await databases.fresh(name);
  sync();
  try {
    return await runChild<IngestChildResult>(childScript("ingest-child.ts"), [bundle, target]);
  } finally {
    await databases.drop(target);
  }
}

function ingestRun(
  label: string,
  bundle: string,
  runs: (IngestChildResult & { wallSeconds: number })[],
): IngestRun {
  const rows = runs[0].rows;
  const seconds = runs.map((r) => r.seconds);
  return {
    label,
    samples: rows.samples,
    steps: rows.steps,
    hitLogs: rows.hitLogs,
    toolCalls: rows.toolCalls,
    bundleMiB: dirMiB(bundle),
    seconds: median(seconds),
    allSeconds: seconds,
    processSeconds: median(runs.map((r) => r.wallSeconds)),
    rssBeforeMiB: Math.max(...runs.map((r) => r.rssBeforeMiB)),
    peakRssMiB: Math.max(...runs.map((r) => r.peakRssMiB)),
  };
}

export async function measureIngest(options: {
  workDir: string;
  databases: BenchDatabases;
  sizes: [number, number];
  repeats: number;
  log: (line: string) => void;
}): Promise<{ small: IngestRun; large: IngestRun; raw: RawRun }> {
  const { workDir, databases, log } = options;
  const [smallSize, largeSize] = options.sizes;
  const submission = ingestSubmission();
  const smallBundle = join(workDir, `ingest-${smallSize}`);
  const largeBundle = join(workDir, `ingest-${largeSize}`);
  try {
    log(`writing the ${smallSize}-sample bundle`);
    writeBenchBundle(smallBundle, benchTasks(smallSize), submission);

    const small: (IngestChildResult & { wallSeconds: number })[] = [];
    const raw: RawChildResult[] = [];
    for (let i = 0; i < options.repeats; i++) {
      const s = await ingestOnce(smallBundle, databases, "ingest_small");
      small.push(s);
      const rawDb = join(workDir, "raw.db");
      removeDb(rawDb);
      removeDb(`${rawDb}-prepared`);
      sync();
      try {
        raw.push(
          await runChild<RawChildResult>(childScript("raw-insert-child.ts"), [smallBundle, rawDb]),
        );
      } finally {
        removeDb(rawDb);
        removeDb(`${rawDb}-prepared`);
      }
      const r = raw.at(-1)!;
      log(
        `  ingest ${smallSize}: ${s.seconds.toFixed(2)} s, peak RSS ${s.peakRssMiB.toFixed(0)} MiB; raw insert ${r.seconds.toFixed(2)} s (statements alone ${r.preparedSeconds.toFixed(2)} s)  [${i + 1}/${options.repeats}]`,
      );
    }
    log(`writing the ${largeSize}-sample bundle`);
    writeBenchBundle(largeBundle, benchTasks(largeSize), submission);
    const large = await ingestOnce(largeBundle, databases, "ingest_large");
    log(
      `  ingest ${largeSize}: ${large.seconds.toFixed(2)} s, peak RSS ${large.peakRssMiB.toFixed(0)} MiB`,
    );

    const phaseNames = Object.keys(raw[0].phases);
    const rawRows = raw[0].rows;
    const smallRun = ingestRun(`${smallSize.toLocaleString("en-US")} samples`, smallBundle, small);
    if (
      rawRows.samples !== smallRun.samples ||
      rawRows.steps !== smallRun.steps ||
      rawRows.hitLogs !== smallRun.hitLogs
    ) {
      throw new Error(
        `the baseline wrote other rows than the importer: ${JSON.stringify(rawRows)} vs ${JSON.stringify(smallRun)}`,
      );
    }
    return {
      small: smallRun,
      large: ingestRun(`${largeSize.toLocaleString("en-US")} samples (10×)`, largeBundle, [large]),
      raw: {
        ...rawRows,
        seconds: median(raw.map((r) => r.seconds)),
        allSeconds: raw.map((r) => r.seconds),
        preparedSeconds: median(raw.map((r) => r.preparedSeconds)),
        phases: Object.fromEntries(
          phaseNames.map((name) => [name, median(raw.map((r) => r.phases[name]))]),
        ),
      },
    };
  } finally {
    rmSync(smallBundle, { recursive: true, force: true });
    rmSync(largeBundle, { recursive: true, force: true });
  }
}
