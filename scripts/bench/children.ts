/** Runs a bench child script in a fresh Node process (with the app's conditions) and reads its JSON line. */
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";

export function childScript(name: string): string {
  return join(process.cwd(), "scripts", "bench", name);
}

/** `node --conditions=react-server --import tsx <script> …args`; rejects on a non-zero exit. */
export function runChild<T>(
  script: string,
  args: string[],
  timeoutMs = 30 * 60_000,
): Promise<T & { wallSeconds: number }> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", script, ...args],
      {
        cwd: process.cwd(),
        env: { ...process.env, NODE_ENV: "production" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const wallSeconds = (performance.now() - started) / 1000;
      if (code !== 0) {
        reject(new Error(`${script} ${args.join(" ")} exited ${code ?? signal}\n${stderr.trim()}`));
        return;
      }
      const line = stdout.trim().split("\n").at(-1) ?? "";
      try {
        resolvePromise({ ...(JSON.parse(line) as T), wallSeconds });
      } catch {
        reject(new Error(`${script}: no JSON result on stdout\n${stdout}\n${stderr}`));
      }
    });
  });
}

/** Flushes dirty pages: a timed run must not pay for the writeback of earlier writes. */
export function sync(): void {
  spawnSync("sync", { stdio: "ignore" });
}
