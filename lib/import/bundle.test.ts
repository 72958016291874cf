import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  archiveKind,
  bundleFile,
  checkReadBudget,
  DEFAULT_LIMITS,
  hashBundleFiles,
  MAX_ZSTD_WINDOW_BYTES,
  openBundle,
  STALE_UNPACK_MS,
  sweepStaleUnpackDirs,
  unpackEvalLog,
} from "./bundle";
import { BundleError } from "./errors";
import { readManifest } from "./manifest";
import { windowBombEval, zipOfStored, zstdFrame } from "../../scripts/bench/hostile";

const tmp = mkdtempSync(join(tmpdir(), "seekboard-bundle-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
function dirWith(files: Record<string, string>): string {
  const dir = join(tmp, `d${counter++}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

function errorOf(fn: () => unknown): BundleError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BundleError);
    return error as BundleError;
  }
  throw new Error("expected a BundleError");
}

describe("DEFAULT_LIMITS", () => {
  it("allows 4 GiB unpacked and 10,000 files", () => {
    // 4 GiB = 4 · 1024³ = 4,294,967,296 bytes. (`4 << 30` overflows 32-bit shifts to 0.)
    expect(DEFAULT_LIMITS.maxUnpackedBytes).toBe(4 * 1024 ** 3);
    expect(DEFAULT_LIMITS.maxFiles).toBe(10_000);
  });

  it("a small zip opens with the default limits", async () => {
    const src = dirWith({ "manifest.json": "{}" });
    const zip = join(tmp, "small.zip");
    execFileSync("zip", ["-q", "-X", zip, "manifest.json"], { cwd: src });
    const bundle = await openBundle(zip);
    try {
      expect(readFileSync(join(bundle.root, "manifest.json"), "utf8")).toBe("{}");
    } finally {
      bundle.cleanup();
    }
  });
});

describe("archiveKind", () => {
  it("recognises .zip, .tar.gz and .tgz, case-insensitively", () => {
    expect(archiveKind("a/b.zip")).toBe("zip");
    expect(archiveKind("B.ZIP")).toBe("zip");
    expect(archiveKind("x.tar.gz")).toBe("tar.gz");
    expect(archiveKind("x.tgz")).toBe("tar.gz");
    expect(archiveKind("x.tar")).toBeNull();
    expect(archiveKind("x.jsonl")).toBeNull();
  });
});

describe("openBundle", () => {
  it("a directory with manifest.json at the top, or wrapped in one folder", async () => {
    const top = dirWith({ "manifest.json": "{}" });
    expect((await openBundle(top)).root).toBe(top);
    const wrapped = dirWith({ "inner/manifest.json": "{}" });
    expect((await openBundle(wrapped)).root).toBe(join(wrapped, "inner"));
  });

  it("refuses a missing path and a directory without a manifest", async () => {
    await expect(openBundle(join(tmp, "missing"))).rejects.toBeInstanceOf(BundleError);
    await expect(openBundle(dirWith({ "results.jsonl": "" }))).rejects.toThrow(/manifest\.json/);
  });
});

describe("bundleFile", () => {
  it("resolves a named file inside the bundle and refuses others", () => {
    const root = dirWith({ "results.jsonl": "x", "sub/r2.jsonl": "y" });
    expect(bundleFile(root, "results.jsonl", "results.0")).toBe(join(root, "results.jsonl"));
    expect(bundleFile(root, "sub/r2.jsonl", "results.1")).toBe(join(root, "sub", "r2.jsonl"));
    expect(errorOf(() => bundleFile(root, "missing.jsonl", "results.0")).details[0]).toMatchObject({
      file: "manifest.json",
      field: "results.0",
    });
    expect(errorOf(() => bundleFile(root, "../x.jsonl", "tasks")).details[0]).toMatchObject({
      field: "tasks",
    });
    expect(errorOf(() => bundleFile(root, "/etc/passwd", "tasks")).details[0]).toMatchObject({
      field: "tasks",
    });
    expect(errorOf(() => bundleFile(root, "sub", "tasks")).details[0]).toMatchObject({
      field: "tasks",
    });
  });
});

describe("hashBundleFiles", () => {
  it("depends on names and contents, not on where the files are", () => {
    const a = dirWith({ "m.json": "{}", "r.jsonl": "1\n" });
    const b = dirWith({ "m.json": "{}", "r.jsonl": "1\n" });
    const files = (root: string) => [
      { name: "m.json", path: join(root, "m.json") },
      { name: "r.jsonl", path: join(root, "r.jsonl") },
    ];
    expect(hashBundleFiles(files(a))).toBe(hashBundleFiles(files(b)));
    expect(hashBundleFiles(files(a))).toMatch(/^[0-9a-f]{64}$/);
    const c = dirWith({ "m.json": "{}", "r.jsonl": "2\n" });
    expect(hashBundleFiles(files(c))).not.toBe(hashBundleFiles(files(a)));
    expect(hashBundleFiles([{ name: "other.jsonl", path: join(a, "r.jsonl") }])).not.toBe(
      hashBundleFiles([{ name: "r.jsonl", path: join(a, "r.jsonl") }]),
    );
  });

  it("does not confuse where one file ends and the next begins", () => {
    const d = dirWith({ a: "xy", b: "z", c: "x", e: "yz" });
    expect(
      hashBundleFiles([
        { name: "f", path: join(d, "a") },
        { name: "g", path: join(d, "b") },
      ]),
    ).not.toBe(
      hashBundleFiles([
        { name: "f", path: join(d, "c") },
        { name: "g", path: join(d, "e") },
      ]),
    );
  });
});

describe("readManifest", () => {
  const manifest = (value: unknown) =>
    dirWith({ "manifest.json": typeof value === "string" ? value : JSON.stringify(value) });
  const good = { benchmark: "mpw", model: "M", setting: "C", results: ["results.jsonl"] };

  it("reads a good manifest and defaults the benchmark version to v1", () => {
    expect(readManifest(manifest(good))).toEqual({ ...good, benchmarkVersion: "v1" });
    expect(
      readManifest(
        manifest({ ...good, tasks: "tasks.jsonl", agent: "ReAct", benchmarkVersion: "v2" }),
      ),
    ).toMatchObject({
      tasks: "tasks.jsonl",
      agent: "ReAct",
      benchmarkVersion: "v2",
    });
  });

  it("accepts every MPW setting", () => {
    for (const setting of ["A", "B-guidance", "B-fewshot", "C"])
      expect(readManifest(manifest({ ...good, setting })).setting).toBe(setting);
  });

  it('reads MPW "B" as the prompt its records ran under, or refuses saying what each B is', () => {
    const record = (system: string) =>
      JSON.stringify({ index: 0, messages: [{ role: "system", content: system }] });
    const withRecord = (system: string) =>
      dirWith({
        "manifest.json": JSON.stringify({ ...good, setting: "B" }),
        "results.jsonl": record(system) + "\n",
      });
    expect(readManifest(withRecord("# 查询分解指南（Query Decomposition Guide）")).setting).toBe(
      "B-fewshot",
    );
    expect(readManifest(withRecord("# 🎯 query构建指南")).setting).toBe("B-guidance");
    const refused = errorOf(() => readManifest(withRecord("你是一个ReAct范式的agent"))).details[0];
    expect(refused).toMatchObject({ field: "setting" });
    expect(refused.message).toMatch(/"B-guidance" \(guided search, guidance prompt/);
    expect(refused.message).toMatch(/"B-fewshot" \(guided search, few-shot prompt/);
    // Without the records, the refusal still says what each B is.
    expect(
      errorOf(() => readManifest(manifest({ ...good, setting: "B" }))).details[0].message,
    ).toMatch(/name the variant in manifest\.json/);
  });

  it("names the failing field", () => {
    expect(
      errorOf(() => readManifest(manifest({ ...good, setting: "B" }))).details[0],
    ).toMatchObject({ file: "manifest.json", field: "setting" });
    expect(
      errorOf(() => readManifest(manifest({ ...good, model: "  " }))).details[0],
    ).toMatchObject({ field: "model" });
    expect(
      errorOf(() => readManifest(manifest({ ...good, results: [] }))).details[0],
    ).toMatchObject({ field: "results" });
    expect(
      errorOf(() => readManifest(manifest({ ...good, results: [""] }))).details[0],
    ).toMatchObject({ field: "results.0" });
    expect(
      errorOf(() => readManifest(manifest({ ...good, benchmark: undefined }))).details[0],
    ).toMatchObject({ field: "benchmark" });
    expect(
      errorOf(() => readManifest(manifest({ ...good, benchmark: "nonesuch" }))).details[0],
    ).toMatchObject({ field: "benchmark" });
  });

  it("refuses invalid JSON and JSON that is not an object", () => {
    expect(errorOf(() => readManifest(manifest("{"))).details[0]).toMatchObject({
      file: "manifest.json",
      line: null,
    });
    errorOf(() => readManifest(manifest("[]")));
    errorOf(() => readManifest(manifest("null")));
  });

  it("a benchmark named after an Object.prototype member is unknown, not a crash", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(
        errorOf(() => readManifest(manifest({ ...good, benchmark: name }))).details[0],
      ).toMatchObject({ field: "benchmark" });
    }
  });
});

describe("sweepStaleUnpackDirs", () => {
  it("removes unpack folders older than the age, and nothing else", () => {
    const dir = join(tmp, `sweep-${counter++}`);
    const now = Date.now();
    const old = new Date(now - STALE_UNPACK_MS - 60_000);
    for (const name of ["seekboard-bundle-old", "seekboard-bundle-fresh", "other-old"]) {
      mkdirSync(join(dir, name, "inner"), { recursive: true });
      writeFileSync(join(dir, name, "inner", "results.jsonl"), "{}");
      if (name.endsWith("-old")) utimesSync(join(dir, name), old, old);
    }
    writeFileSync(join(dir, "seekboard-bundle-file"), "a file, not a folder");
    utimesSync(join(dir, "seekboard-bundle-file"), old, old);
    expect(sweepStaleUnpackDirs(dir, STALE_UNPACK_MS, now)).toBe(1);
    expect(
      ["seekboard-bundle-old", "seekboard-bundle-fresh", "other-old", "seekboard-bundle-file"].map(
        (n) => existsSync(join(dir, n)),
      ),
    ).toEqual([false, true, true, true]);
  });
});

describe("checkReadBudget", () => {
  it("refuses a file read twice, under another name too, and more bytes than the budget", () => {
    const root = dirWith({ "a.jsonl": "x".repeat(100), "b.jsonl": "y".repeat(100) });
    symlinkSync(join(root, "a.jsonl"), join(root, "alias.jsonl"));
    const file = (name: string) => ({ name, path: join(root, name) });
    expect(() => checkReadBudget([file("a.jsonl"), file("b.jsonl")], 200)).not.toThrow();
    expect(
      errorOf(() => checkReadBudget([file("a.jsonl"), file("a.jsonl")], 1000)).details[0],
    ).toMatchObject({ file: "manifest.json", message: "a.jsonl is named twice" });
    expect(
      errorOf(() => checkReadBudget([file("a.jsonl"), file("alias.jsonl")], 1000)).details[0],
    ).toMatchObject({ message: "alias.jsonl is named twice" });
    expect(
      errorOf(() => checkReadBudget([file("a.jsonl"), file("b.jsonl")], 199)).details[0],
    ).toMatchObject({ file: "b.jsonl", message: expect.stringMatching(/more than 199 bytes/) });
  });
});

describe("zstd members of a .eval: each frame's declared window checked before it is decoded", () => {
  const unpacked = async (log: Buffer) => {
    const path = join(tmp, `log-${counter++}.eval`);
    writeFileSync(path, log);
    const target = mkdtempSync(join(tmp, "eval-"));
    const error = await unpackEvalLog(path, "run.eval", target, DEFAULT_LIMITS).then(
      () => null,
      (e: unknown) => e,
    );
    return { target, error };
  };
  const member = (name: string, frames: Buffer[], content: Buffer) => ({
    name,
    method: 93 as const,
    data: Buffer.concat(frames),
    uncompressedSize: content.length,
  });

  it("a frame declaring a 1 GiB window is refused, naming the member, before anything is allocated", async () => {
    const log = windowBombEval();
    expect(log.length).toBeLessThan(600);
    const before = process.memoryUsage().arrayBuffers;
    const { error } = await unpacked(log);
    expect(error).toBeInstanceOf(BundleError);
    expect((error as BundleError).details[0]).toMatchObject({
      file: "run.eval: samples/1_epoch_1.json",
      message: expect.stringContaining(`window, more than the ${MAX_ZSTD_WINDOW_BYTES} bytes`),
    });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 ** 2);
  });

  it("two hundred such members: the first stops the log", async () => {
    const { error } = await unpacked(windowBombEval(200));
    expect((error as BundleError).details).toHaveLength(1);
    expect((error as BundleError).details[0].file).toBe("run.eval: samples/1_epoch_1.json");
  });

  it("frames within the limit decode; a later frame of the same member is checked too", async () => {
    const a = Buffer.from("first frame;");
    const b = Buffer.from("second frame");
    const good = await unpacked(
      zipOfStored([member("a.json", [zstdFrame(a, 20), zstdFrame(b, 25)], Buffer.concat([a, b]))]),
    );
    expect(good.error).toBeNull();
    expect(readFileSync(join(good.target, "a.json"), "utf8")).toBe("first frame;second frame");
    const bad = await unpacked(
      zipOfStored([member("a.json", [zstdFrame(a, 20), zstdFrame(b, 26)], Buffer.concat([a, b]))]),
    );
    expect((bad.error as BundleError).details[0]).toMatchObject({
      file: "run.eval: a.json",
      message: expect.stringContaining("a 67108864-byte window"),
    });
  });

  it("tiny blocks in a large window (seconds of decoder work per few bytes) are refused before they are decoded", async () => {
    const blocks = 16_384;
    // Window 2^25 (allowed), then one-byte RLE blocks (type 1, size 1), the last one flagged.
    const rle = (last: boolean) => {
      const header = (1 << 3) | (1 << 1) | (last ? 1 : 0);
      return Buffer.from([header & 0xff, (header >> 8) & 0xff, header >> 16, 0x61]);
    };
    const frame = Buffer.concat([
      Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, (25 - 10) << 3]),
      ...Array.from({ length: blocks }, (_, i) => rle(i === blocks - 1)),
    ]);
    const content = Buffer.alloc(blocks, 0x61);
    const { error } = await unpacked(zipOfStored([member("a.json", [frame], content)]));
    expect((error as BundleError).details[0]).toMatchObject({
      file: "run.eval: a.json",
      message: expect.stringContaining("too small for their 33554432-byte window"),
    });
  });

  it("a single-segment frame declaring more content than the member states is refused before decoding", async () => {
    const content = Buffer.from("tiny");
    // Single segment, 4-byte Frame_Content_Size of 1 MiB: the window is the content.
    const frame = Buffer.concat([
      Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0xa0, 0, 0, 0x10, 0]),
      Buffer.from([(content.length << 3) | 1, 0, 0]),
      content,
    ]);
    const { error } = await unpacked(zipOfStored([member("a.json", [frame], content)]));
    expect((error as BundleError).details[0].message).toContain(
      "declares 1048576 bytes of content",
    );
  });
});
