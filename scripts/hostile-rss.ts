/**
 * Peak worker RSS over idle on issue 28's hostile logs (scripts/bench/hostile.ts), each
 * uploaded into an empty SQLite database and run as the worker runs a job
 * (scripts/bench/hostile-child.ts), in a fresh process with the worker's bounded heap.
 * Target: ≤ 256 MB over idle each, the job failing once with a clear error (or, within the
 * budgets, importing). Prints a table; fails only when a child breaks.
 *
 *   npx tsx scripts/hostile-rss.ts
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_WORKER_HEAP_MB } from "../server/worker-process";
import { attachmentLog, inputRefsLog, windowBombEval } from "./bench/hostile";

interface ChildResult {
  idleMiB: number;
  peakMiB: number;
  seconds: number;
  state: string;
  outcome: string;
}

const CASES: { label: string; name: string; bytes: () => string | Buffer }[] = [
  {
    label: "#1 .eval, a zstd frame declaring a 1 GiB window",
    name: "bomb.eval",
    bytes: () => windowBombEval(),
  },
  { label: "#1 .eval, 200 such members", name: "bombs.eval", bytes: () => windowBombEval(200) },
  {
    label: "#2 2,000 model events × 24 input_refs, 2,000-message pool",
    name: "refs.json",
    bytes: () => inputRefsLog(),
  },
  {
    label: "#2 the same, 1.2 KB messages (3 MB)",
    name: "refs-3mb.json",
    bytes: () => inputRefsLog(2000, 24, 2000, 1200),
  },
  {
    label: "#2 the same, 1.5 KB messages (3.6 MB)",
    name: "refs-4mb.json",
    bytes: () => inputRefsLog(2000, 24, 2000, 1500),
  },
  {
    label: "#3 one 32 KiB attachment referenced 4,000 times",
    name: "attached.json",
    bytes: () => attachmentLog(),
  },
];

function runChild(args: string[]): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--conditions=react-server",
        "--import",
        "tsx",
        `--max-old-space-size=${DEFAULT_WORKER_HEAP_MB}`,
        join(process.cwd(), "scripts", "bench", "hostile-child.ts"),
        ...args,
      ],
      {
        env: { ...process.env, NODE_ENV: "production", SEEKBOARD_NO_DEMO: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("close", (code, signal) => {
      if (code !== 0) return reject(new Error(`exited ${code ?? signal}\n${stderr.trim()}`));
      resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as ChildResult);
    });
  });
}

const MB = 1e6;
const MiB = 2 ** 20;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "seekboard-hostile-"));
  try {
    console.log("| log | on disk | idle RSS | peak RSS | over idle | job |");
    console.log("|---|---|---|---|---|---|");
    for (const [i, test] of CASES.entries()) {
      const path = join(dir, test.name);
      writeFileSync(path, test.bytes());
      const run = await runChild([path, test.name, join(dir, `db-${i}.sqlite`)]);
      const over = ((run.peakMiB - run.idleMiB) * MiB) / MB;
      console.log(
        `| ${test.label} | ${statSync(path).size.toLocaleString("en-US")} B | ${run.idleMiB.toFixed(0)} MiB | ${run.peakMiB.toFixed(0)} MiB | ${over.toFixed(0)} MB ${over <= 256 ? "(pass)" : "(**over 256 MB**)"} | ${run.state} in ${run.seconds.toFixed(1)} s: ${run.outcome} |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
