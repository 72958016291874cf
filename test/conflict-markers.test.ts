/** No tracked source or document keeps a merge's conflict markers (one once landed in the README unnoticed). */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..");
const MARKER = /^(<{7}|>{7}) /m;

describe("the repository", () => {
  // Needs the git checkout that lists the tracked files (CI tests a clone).
  it.skipIf(!existsSync(join(ROOT, ".git")))(
    "has no merge conflict markers in its tracked text files",
    () => {
      const files = execFileSync(
        "git",
        ["ls-files", "*.md", "*.ts", "*.tsx", "*.mjs", "*.json", "*.css", "*.yml", "*.sh"],
        { cwd: ROOT, encoding: "utf8" },
      )
        .split("\n")
        .filter((f) => f !== "");
      expect(files.length).toBeGreaterThan(100);
      const marked = files.filter((f) => MARKER.test(readFileSync(join(ROOT, f), "utf8")));
      expect(marked).toEqual([]);
    },
  );
});
