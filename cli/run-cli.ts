/** Runs the CLI as a user does (`npm run --silent cli -- …`), for the CLI's tests. */
import { spawn } from "node:child_process";
import { join } from "node:path";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

const ROOT = join(__dirname, "..");

export function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "cli", "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
