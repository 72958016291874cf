import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as tar from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { peekManifest, uploadKind } from "./manifest-peek";

const dir = mkdtempSync(join(tmpdir(), "seekboard-peek-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MANIFEST = {
  benchmark: "mpw",
  model: "Peek 7B",
  agent: "ReAct",
  setting: "B-fewshot",
  results: ["results.jsonl"],
};
let counter = 0;

/** A folder with a big results file first, so the manifest is not at the start of the archive. */
function source(wrap: string | null): { cwd: string; names: string[] } {
  const cwd = join(dir, `src-${counter++}`);
  const root = wrap ? join(cwd, wrap) : cwd;
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, "results.jsonl"),
    `${JSON.stringify({ index: 0, text: "x".repeat(3_000_000) })}\n`,
  );
  writeFileSync(join(root, "manifest.json"), JSON.stringify(MANIFEST));
  return { cwd, names: wrap ? [wrap] : ["results.jsonl", "manifest.json"] };
}

const blobOf = (path: string) => new Blob([readFileSync(path)]);
const expected = { benchmark: "mpw", model: "Peek 7B", agent: "ReAct", setting: "B-fewshot" };

describe("peekManifest", () => {
  it("reads the manifest of a zip, deflated or stored, flat or wrapped in a folder", async () => {
    for (const [wrap, level] of [
      [null, "-6"],
      ["my-bundle", "-0"],
    ] as const) {
      const { cwd, names } = source(wrap);
      const out = join(dir, `b-${counter++}.zip`);
      execFileSync("zip", ["-q", "-r", level, out, ...names], { cwd });
      expect(await peekManifest(blobOf(out), "b.zip")).toEqual(expected);
    }
  });

  it("reads the manifest of a .tar.gz, flat, wrapped, or with ./ names", async () => {
    for (const wrap of [null, "wrapped"]) {
      const { cwd, names } = source(wrap);
      const out = join(dir, `b-${counter++}.tar.gz`);
      await tar.c({ gzip: true, file: out, cwd }, names);
      expect(await peekManifest(blobOf(out), "b.tar.gz")).toEqual(expected);
    }
    const { cwd } = source(null);
    const out = join(dir, `b-${counter++}.tgz`);
    execFileSync("tar", ["-czf", out, "."], { cwd });
    expect(await peekManifest(blobOf(out), "b.tgz")).toEqual(expected);
  });

  it("null for a .jsonl or an archive without a manifest; an error for a broken one", async () => {
    expect(await peekManifest(new Blob(["{}\n"]), "results.jsonl")).toBeNull();
    const cwd = join(dir, `none-${counter++}`);
    mkdirSync(cwd);
    writeFileSync(join(cwd, "results.jsonl"), "{}\n");
    const zip = join(dir, "none.zip");
    execFileSync("zip", ["-q", zip, "results.jsonl"], { cwd });
    expect(await peekManifest(blobOf(zip), "none.zip")).toBeNull();
    await expect(peekManifest(new Blob(["not a zip"]), "x.zip")).rejects.toThrow(
      /not a readable zip/,
    );
    writeFileSync(join(cwd, "manifest.json"), "{ not json");
    const broken = join(dir, "broken.zip");
    execFileSync("zip", ["-q", broken, "manifest.json"], { cwd });
    await expect(peekManifest(blobOf(broken), "broken.zip")).rejects.toThrow(SyntaxError);
  });
});

describe("uploadKind", () => {
  it("by extension, case-insensitively", () => {
    expect(
      ["a.ZIP", "a.tar.gz", "a.tgz", "a.jsonl", "a.json", "run.EVAL", "a.tar"].map(uploadKind),
    ).toEqual(["zip", "tar.gz", "tar.gz", "jsonl", "inspect-log", "inspect-log", null]);
  });
});
