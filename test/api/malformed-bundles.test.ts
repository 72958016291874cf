/**
 * Hostile and broken uploads, table-driven: each goes through POST /api/submissions
 * and must come back 400 with an error that names what is wrong, leave every table
 * exactly as it was, and leave no temporary files behind.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spoolRoot } from "../../db/jobs/worker";
import {
  bundleDir,
  startWorker,
  dumpDatabase,
  fileAt,
  json,
  jsonl,
  mpwManifest,
  mpwRecords,
  tgzOf,
  uploadRequest,
  temporaryDatabase,
  zipDir,
  zipOf,
} from "./support";

const tmp = temporaryDatabase("malformed");
// Uploads unpack under os.tmpdir(): a private one shows whether anything is left behind.
const uploadsTmp = join(tmp, "os-tmp");
mkdirSync(uploadsTmp);
process.env.TMPDIR = uploadsTmp;
// Every case is an upload with the same token: the rate limit is not what is tested here.
process.env.SEEKBOARD_UPLOADS_PER_HOUR = "1000";
const { closeDb, getDb } = await import("@/db/client");
const { issueUploadToken } = await import("@/db/upload-tokens");
const { POST: upload } = await import("@/app/api/submissions/route");

const db = await getDb();
const worker = startWorker(db);
const MiB = 1024 ** 2;
let token: string;
/** A sibling of the unpack folder: where a `../` entry would land if it escaped. */
const evilName = `seekboard-evil-${process.pid}.txt`;

beforeAll(async () => {
  token = (await issueUploadToken(db, "Team Hostile")).token;
  // One good submission, so "unchanged" is checked against a database with rows in every table.
  const good = bundleDir(tmp, { "results.jsonl": jsonl(mpwRecords(0)) }, mpwManifest("Good"));
  expect(
    (
      await upload(
        uploadRequest(fileAt(zipDir(tmp, good, ["manifest.json", "results.jsonl"])), token),
      )
    ).status,
  ).toBe(201);
});

afterAll(async () => {
  await worker.stop();
  await closeDb(db);
  rmSync(tmp, { recursive: true, force: true });
});

const goodResults = () => jsonl(mpwRecords(1));
const manifest = mpwManifest("Hostile");
const manifestText = JSON.stringify(manifest);

/** A zip of a manifest and results (plus extra entries) written with python3's zipfile. */
const zipWith = (entries: [string, string | Buffer | null][]) => zipOf(tmp, entries);

/** The results file with `line` (1-based) replaced. */
function resultsWithLine(line: number, text: string | Buffer) {
  const lines: Buffer[] = goodResults()
    .trimEnd()
    .split("\n")
    .map((l) => Buffer.from(l));
  lines[line - 1] = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return Buffer.concat(lines.flatMap((l) => [l, Buffer.from("\n")]));
}

/** A zip whose one entry declares far fewer bytes than it holds (a bomb that lies in its headers). */
function lyingZip(): string {
  const out = join(tmp, "lying.zip");
  const script = [
    "import struct, sys, zipfile",
    "out, manifest = sys.argv[1], sys.argv[2]",
    "with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:",
    "    z.writestr('manifest.json', manifest)",
    "    z.writestr('results.jsonl', b'a' * (8 << 20))",
    "data = bytearray(open(out, 'rb').read())",
    "name = b'results.jsonl'",
    "for sig, size_at in ((b'PK\\x03\\x04', 22), (b'PK\\x01\\x02', 24)):",
    "    at = 0",
    "    while True:",
    "        at = data.find(sig, at)",
    "        if at < 0: break",
    "        name_at = at + (30 if sig == b'PK\\x03\\x04' else 46)",
    "        if data[name_at:name_at + len(name)] == name: struct.pack_into('<I', data, at + size_at, 100)",
    "        at += 4",
    "open(out, 'wb').write(bytes(data))",
  ].join("\n");
  execFileSync("python3", ["-c", script, out, manifestText]);
  return out;
}

/** A zip with an entry whose name holds a NUL byte: python's zipfile cuts names at NUL, so the name is patched in afterwards. */
function nulNameZip(): string {
  const out = zipWith([
    ["manifest.json", manifestText],
    ["results.jsonl", goodResults()],
    ["evil_name.txt", "x"],
  ]);
  const data = readFileSync(out);
  // The name sits in the local header and in the central directory; lengths and CRCs are unchanged.
  for (let at = data.indexOf("evil_name.txt"); at >= 0; at = data.indexOf("evil_name.txt", at + 1))
    data[at + 4] = 0;
  writeFileSync(out, data);
  return out;
}

/** A tarball (uncompressed) of a good bundle's files. */
async function plainTarOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const dir = bundleDir(tmp, entries, null);
  const out = join(tmp, `plain-${Object.keys(entries).length}-${Date.now()}.tar`);
  await tar.c({ file: out, cwd: dir, portable: true }, Object.keys(entries));
  return readFileSync(out);
}

/**
 * A .tar.gz whose entries claim a few KB but that decompresses to `count` MB: each good
 * entry is preceded by 1 MB pax extended headers (meta data, no entry of their own).
 */
async function paxPaddedTgz(count: number): Promise<Buffer> {
  const pax = (): Buffer => {
    // A pax record is "<length> <key>=<value>\n", its length counting its own digits.
    const rest = ` comment=${"a".repeat(999_970)}\n`;
    const record = `${rest.length + 7}${rest}`;
    const header = Buffer.alloc(512);
    new tar.Header({
      path: "PaxHeader/pad",
      type: "ExtendedHeader",
      size: Buffer.byteLength(record),
      mode: 0o644,
      mtime: new Date(0),
    }).encode(header);
    const body = Buffer.alloc(Math.ceil(Buffer.byteLength(record) / 512) * 512);
    body.write(record);
    return Buffer.concat([header, body]);
  };
  const padding = Buffer.concat(Array.from({ length: count }, pax));
  return gzipSync(
    Buffer.concat([
      padding,
      await plainTarOf({ "manifest.json": manifestText, "results.jsonl": goodResults() }),
    ]),
  );
}

interface Case {
  name: string;
  /** The file to upload. */
  file: () =>
    Promise<{ name: string; bytes: Buffer | string }> | { name: string; bytes: Buffer | string };
  fields?: Record<string, string>;
  env?: Record<string, string>;
  expected: { file: string | RegExp; line?: number | null; field?: string | null; message: RegExp };
  /** Longest the refusal may take, in ms. */
  within?: number;
  /** Extra check after the refusal. */
  after?: () => void;
}

const CASES: Case[] = [
  {
    name: "a zip entry with ../ in its path (path traversal)",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
          [`../${evilName}`, "pwned"],
        ]),
      ),
    // yauzl refuses the name itself before our own path check sees it.
    expected: {
      file: "bundle.zip",
      message: new RegExp(`invalid relative path: \\.\\./${evilName}`),
    },
    after: () => expect(existsSync(join(uploadsTmp, evilName))).toBe(false),
  },
  {
    name: "a zip entry with an absolute path",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
          ["/etc/seekboard-evil", "pwned"],
        ]),
      ),
    expected: { file: "bundle.zip", message: /absolute path: \/etc\/seekboard-evil/ },
  },
  {
    name: "a .tar.gz entry with ../ in its path",
    file: async () => {
      const dir = bundleDir(tmp, { "results.jsonl": goodResults() }, manifest);
      writeFileSync(join(dir, "..", evilName), "pwned");
      const out = join(tmp, "evil.tar.gz");
      await tar.c({ gzip: true, file: out, cwd: dir, preservePaths: true }, [
        "manifest.json",
        "results.jsonl",
        `../${evilName}`,
      ]);
      rmSync(join(dir, "..", evilName));
      return fileAt(out);
    },
    expected: { file: `../${evilName}`, message: /outside the bundle/ },
    after: () => expect(existsSync(join(uploadsTmp, evilName))).toBe(false),
  },
  {
    name: "a .tar.gz holding a symbolic link",
    file: async () => {
      const dir = bundleDir(tmp, { "results.jsonl": goodResults() }, manifest);
      symlinkSync("/etc/passwd", join(dir, "tasks.jsonl"));
      return fileAt(await tgzOf(tmp, dir, ["manifest.json", "results.jsonl", "tasks.jsonl"]));
    },
    expected: { file: "tasks.jsonl", message: /links are not allowed/ },
  },
  {
    name: "a zip bomb over the file count (SEEKBOARD_MAX_FILES)",
    env: { SEEKBOARD_MAX_FILES: "50" },
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
          ...Array.from({ length: 200 }, (_, i): [string, string] => [`pad/${i}.txt`, "x"]),
        ]),
      ),
    expected: { file: /^pad\/\d+\.txt$/, message: /more than 50 files and folders/ },
  },
  {
    name: "a zip bomb of empty folders over the file count",
    env: { SEEKBOARD_MAX_FILES: "50" },
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
          ...Array.from({ length: 200 }, (_, i): [string, null] => [`d${i}/`, null]),
        ]),
      ),
    expected: { file: /^d\d+\/$/, message: /more than 50 files and folders/ },
  },
  {
    name: "a zip bomb over the unpacked size (SEEKBOARD_MAX_UNPACKED_BYTES)",
    env: { SEEKBOARD_MAX_UNPACKED_BYTES: String(16 * MiB) },
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", Buffer.alloc(64 * MiB, 0x20)],
        ]),
      ),
    expected: { file: "results.jsonl", message: new RegExp(`expands beyond ${16 * MiB} bytes`) },
  },
  {
    name: "a zip whose entry lies about its size",
    file: () => fileAt(lyingZip()),
    expected: { file: "lying.zip", message: /^zip: .*bytes/ },
  },
  {
    name: "a .tar.gz bomb over the unpacked size",
    env: { SEEKBOARD_MAX_UNPACKED_BYTES: String(16 * MiB) },
    file: async () => {
      const dir = bundleDir(tmp, { "results.jsonl": Buffer.alloc(64 * MiB, 0x20) }, manifest);
      return fileAt(await tgzOf(tmp, dir, ["manifest.json", "results.jsonl"]));
    },
    expected: { file: "results.jsonl", message: new RegExp(`expands beyond ${16 * MiB} bytes`) },
  },
  {
    name: "non-UTF-8 bytes in a record",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", resultsWithLine(2, Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]))],
        ]),
      ),
    expected: { file: "results.jsonl", line: 2, message: /not valid UTF-8/ },
  },
  {
    name: "non-UTF-8 bytes in the manifest",
    file: () =>
      fileAt(
        zipWith([
          [
            "manifest.json",
            Buffer.concat([
              Buffer.from('{"benchmark": "mpw", "model": "'),
              Buffer.from([0xc3, 0x28]),
              Buffer.from('"}'),
            ]),
          ],
          ["results.jsonl", goodResults()],
        ]),
      ),
    expected: { file: "manifest.json", message: /not valid UTF-8/ },
  },
  {
    name: "a 70 MiB line (over the default 64 MiB cap)",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          [
            "results.jsonl",
            resultsWithLine(2, `{"index": 1, "prediction": "${"a".repeat(70 * MiB)}"}`),
          ],
        ]),
      ),
    expected: { file: "results.jsonl", line: 2, message: /line longer than 67108864 bytes/ },
  },
  {
    name: "a line over a smaller configured cap (SEEKBOARD_MAX_LINE_BYTES)",
    env: { SEEKBOARD_MAX_LINE_BYTES: "4096" },
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          [
            "results.jsonl",
            resultsWithLine(3, `{"index": 2, "prediction": "${"b".repeat(10_000)}"}`),
          ],
        ]),
      ),
    expected: { file: "results.jsonl", line: 3, message: /line longer than 4096 bytes/ },
  },
  {
    name: "JSON nested 10,000 deep in a record",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          [
            "results.jsonl",
            resultsWithLine(1, `{"index": 0, "x": ${"[".repeat(10_000)}${"]".repeat(10_000)}}`),
          ],
        ]),
      ),
    expected: { file: "results.jsonl", line: 1, message: /nested deeper than 64 levels/ },
  },
  {
    name: "JSON nested 10,000 deep in the manifest",
    file: () =>
      fileAt(
        zipWith([
          [
            "manifest.json",
            `{"benchmark": "mpw", "x": ${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}}`,
          ],
          ["results.jsonl", goodResults()],
        ]),
      ),
    expected: { file: "manifest.json", message: /nested deeper than 64 levels/ },
  },
  {
    name: "wrong types in a record",
    file: () => {
      const records = mpwRecords(1);
      (records[2] as Record<string, unknown>).index = { not: "an index" };
      return fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", jsonl(records)],
        ]),
      );
    },
    expected: { file: "results.jsonl", line: 3, field: "index", message: /./ },
  },
  {
    name: "wrong types in the manifest",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", JSON.stringify({ ...manifest, results: "results.jsonl" })],
          ["results.jsonl", goodResults()],
        ]),
      ),
    expected: { file: "manifest.json", field: "results", message: /./ },
  },
  {
    name: "a missing manifest",
    file: () => fileAt(zipWith([["results.jsonl", goodResults()]])),
    expected: { file: "manifest.json", message: /no manifest\.json/ },
  },
  {
    name: "an unknown benchmark",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", JSON.stringify({ ...manifest, benchmark: "not-a-benchmark" })],
          ["results.jsonl", goodResults()],
        ]),
      ),
    expected: {
      file: "manifest.json",
      field: "benchmark",
      message: /unknown benchmark "not-a-benchmark"/,
    },
  },
  {
    name: "an unknown benchmark from the form",
    fields: { benchmark: "not-a-benchmark" },
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
        ]),
      ),
    expected: {
      file: "manifest.json",
      field: "benchmark",
      message: /unknown benchmark "not-a-benchmark"/,
    },
  },
  {
    name: "an empty zip",
    file: () => fileAt(zipWith([])),
    expected: { file: "manifest.json", message: /no manifest\.json/ },
  },
  {
    name: "an empty .tar.gz",
    // An empty tarball is its two zero blocks, gzipped.
    file: () => ({ name: "empty.tar.gz", bytes: gzipSync(Buffer.alloc(1024)) }),
    expected: { file: "empty.tar.gz", message: /not a readable \.tar\.gz/ },
  },
  {
    name: "a zero-byte .zip",
    file: () => ({ name: "nothing.zip", bytes: Buffer.alloc(0) }),
    expected: { file: "nothing.zip", message: /not a readable zip/ },
  },
  {
    name: "a .tar.gz that is not gzip",
    file: () => ({ name: "broken.tar.gz", bytes: "this is not gzip" }),
    expected: { file: "broken.tar.gz", message: /not a readable \.tar\.gz/ },
  },
  {
    name: "a .jsonl that is not JSON",
    fields: { model: "Plain text", setting: "C" },
    file: () => ({ name: "notes.jsonl", bytes: "these are my notes\nnot JSON at all\n" }),
    expected: { file: "notes.jsonl", line: 1, message: /invalid JSON/ },
  },
  {
    name: "an empty .jsonl",
    fields: { model: "Empty", setting: "C" },
    file: () => ({ name: "empty.jsonl", bytes: "\n\n" }),
    expected: { file: "empty.jsonl", message: /no records/ },
  },
  {
    name: "a .jsonl for another benchmark",
    fields: { model: "W", setting: "C", benchmark: "widesearch" },
    file: () => ({ name: "results.jsonl", bytes: goodResults() }),
    expected: { file: "form", field: "benchmark", message: /\.zip or \.tar\.gz/ },
  },
  {
    name: "a file that is not a bundle",
    file: () => ({ name: "setup.exe", bytes: "MZ" }),
    expected: {
      file: "setup.exe",
      message: /\.zip, a \.tar\.gz, a \.jsonl results file or an Inspect log/,
    },
  },
  {
    name: "a zip entry whose name holds a NUL byte",
    file: () => fileAt(nulNameZip()),
    expected: { file: "evil\\u0000name.txt", message: /control character/ },
  },
  {
    name: "a zip entry whose name holds a line break",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
          ["evil\nname.txt", "x"],
        ]),
      ),
    expected: { file: "evil\\u000aname.txt", message: /control character/ },
  },
  {
    name: "a .tar.gz entry whose name holds a control character",
    file: async () => {
      const header = Buffer.alloc(512);
      new tar.Header({
        path: "evil\u0001name.txt",
        type: "File",
        size: 1,
        mode: 0o644,
        mtime: new Date(0),
      }).encode(header);
      const good = await plainTarOf({
        "manifest.json": manifestText,
        "results.jsonl": goodResults(),
      });
      return {
        name: "evil.tar.gz",
        bytes: gzipSync(
          Buffer.concat([
            good.subarray(0, -1024),
            header,
            Buffer.from("x".padEnd(512, "\0")),
            Buffer.alloc(1024),
          ]),
        ),
      };
    },
    expected: { file: "evil\\u0001name.txt", message: /control character/ },
  },
  {
    name: "a zip with the same entry name twice",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
          ["results.jsonl", jsonl(mpwRecords(2))],
        ]),
      ),
    expected: { file: "results.jsonl", message: /this name twice/ },
  },
  {
    name: "a zip with two manifest.json entries (the last must not win)",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
          ["manifest.json", JSON.stringify({ ...manifest, model: "Second" })],
        ]),
      ),
    expected: { file: "manifest.json", message: /this name twice/ },
  },
  {
    name: "a zip with results.jsonl as a file and then as a folder",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
          ["results.jsonl/x.jsonl", goodResults()],
        ]),
      ),
    expected: {
      file: "results.jsonl/x.jsonl",
      message: /results\.jsonl both as a file and as a folder/,
    },
  },
  {
    name: "a zip with a folder and then a file of the same name",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
          ["extra/", null],
          ["extra", "x"],
        ]),
      ),
    expected: { file: "extra", message: /both as a file and as a folder/ },
  },
  {
    name: "a .tar.gz with results.jsonl as a file and then as a folder",
    file: async () => ({
      name: "clash.tar.gz",
      bytes: gzipSync(
        Buffer.concat([
          (
            await plainTarOf({ "manifest.json": manifestText, "results.jsonl": goodResults() })
          ).subarray(0, -1024),
          await plainTarOf({ "results.jsonl/x.jsonl": goodResults() }),
        ]),
      ),
    }),
    expected: { file: "results.jsonl/x.jsonl", message: /both as a file and as a folder/ },
  },
  {
    name: "48 MB of zeros as a .tar.gz (tar's zero blocks are decompressed, not trusted)",
    file: () => ({ name: "z.tar.gz", bytes: gzipSync(Buffer.alloc(48 * MiB)) }),
    within: 5000,
    expected: { file: "z.tar.gz", message: /not a readable \.tar\.gz/ },
  },
  {
    name: "a .tar.gz that claims a few KB but decompresses to 40 MB (pax headers)",
    env: { SEEKBOARD_MAX_UNPACKED_BYTES: String(16 * MiB) },
    file: async () => ({ name: "pax.tar.gz", bytes: await paxPaddedTgz(40) }),
    expected: { file: "pax.tar.gz", message: new RegExp(`expands beyond ${16 * MiB} bytes`) },
  },
  {
    name: "a zip that takes longer than SEEKBOARD_MAX_UNPACK_MS",
    env: { SEEKBOARD_MAX_UNPACK_MS: "1" },
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", manifestText],
          ["results.jsonl", goodResults()],
          ["pad.bin", Buffer.alloc(32 * MiB, 0x61)],
        ]),
      ),
    expected: {
      file: /^(bundle\.zip|pad\.bin|results\.jsonl|manifest\.json)$/,
      message: /took longer than 1 ms to unpack/,
    },
  },
  {
    name: "a .tar.gz that takes longer than SEEKBOARD_MAX_UNPACK_MS",
    env: { SEEKBOARD_MAX_UNPACK_MS: "1" },
    file: async () => ({
      name: "slow.tar.gz",
      bytes: gzipSync(
        await plainTarOf({
          "manifest.json": manifestText,
          "results.jsonl": goodResults(),
          "pad.bin": Buffer.alloc(32 * MiB, 0x61),
        }),
      ),
    }),
    expected: {
      file: /^(slow\.tar\.gz|pad\.bin|results\.jsonl|manifest\.json)$/,
      message: /took longer than 1 ms to unpack/,
    },
  },
  {
    name: "an import that takes longer than SEEKBOARD_MAX_IMPORT_MS (the worker stops it between records)",
    env: { SEEKBOARD_MAX_IMPORT_MS: "1" },
    file: () => ({ name: "slow.jsonl", bytes: goodResults().repeat(100) }),
    fields: { model: "Slow", setting: "C" },
    expected: { file: "slow.jsonl", message: /took longer than 1 ms \(SEEKBOARD_MAX_IMPORT_MS\)/ },
  },
  {
    name: "a manifest listing the same results file 1,500 times",
    file: () =>
      fileAt(
        zipWith([
          [
            "manifest.json",
            JSON.stringify({
              ...manifest,
              results: Array.from({ length: 1500 }, () => "results.jsonl"),
            }),
          ],
          ["results.jsonl", goodResults()],
        ]),
      ),
    expected: {
      file: "manifest.json",
      field: "results.1",
      message: /results\.jsonl is named twice/,
    },
  },
  {
    name: "a manifest naming the same results file under two spellings",
    file: () =>
      fileAt(
        zipWith([
          [
            "manifest.json",
            JSON.stringify({ ...manifest, results: ["results.jsonl", "./results.jsonl"] }),
          ],
          ["results.jsonl", goodResults()],
        ]),
      ),
    expected: { file: "manifest.json", field: "results.1", message: /is named twice/ },
  },
  {
    name: "a manifest naming a results file outside the bundle",
    file: () =>
      fileAt(
        zipWith([
          ["manifest.json", JSON.stringify({ ...manifest, results: ["../../../etc/passwd"] })],
          ["results.jsonl", goodResults()],
        ]),
      ),
    expected: { file: "manifest.json", field: "results.0", message: /outside the bundle/ },
  },
];

/** What the upload left in the temporary folder and in the spool folder the worker reads uploads from. */
function temporaryLeftovers(): string[] {
  const spool = spoolRoot();
  return [
    ...readdirSync(uploadsTmp).filter((name) => name.startsWith("seekboard-")),
    ...(existsSync(spool) ? readdirSync(spool).map((name) => `spool/${name}`) : []),
  ];
}

describe("malformed bundles through POST /api/submissions", () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    "%s → 400, the error, an unchanged database",
    async (_name, c) => {
      const file = await c.file();
      const before = await dumpDatabase(db);
      const leftoversBefore = temporaryLeftovers();
      Object.assign(process.env, c.env ?? {});
      let response: Response;
      const started = Date.now();
      try {
        response = await upload(uploadRequest(file, token, c.fields ?? {}));
      } finally {
        for (const key of Object.keys(c.env ?? {})) delete process.env[key];
      }
      const elapsed = Date.now() - started;
      const body = await json(response);
      expect(response.status, JSON.stringify(body)).toBe(400);
      if (c.within !== undefined) expect(elapsed).toBeLessThan(c.within);
      // Errors name paths inside the bundle, never the server's temporary folders.
      expect(JSON.stringify(body)).not.toContain(uploadsTmp);
      expect(JSON.stringify(body)).not.toContain(spoolRoot());
      expect(JSON.stringify(body)).not.toMatch(/seekboard-(bundle|upload)-/);
      expect(Object.keys(body)).toEqual(["errors", "moreErrors"]);
      expect(body.moreErrors).toBe(0);
      const { file: expectedFile, line, field, message } = c.expected;
      expect(body.errors, JSON.stringify(body.errors)).toContainEqual({
        file: typeof expectedFile === "string" ? expectedFile : expect.stringMatching(expectedFile),
        line: line === undefined ? null : line,
        field: field === undefined ? null : field,
        message: expect.stringMatching(message),
      });
      expect(await dumpDatabase(db)).toEqual(before);
      expect(temporaryLeftovers()).toEqual(leftoversBefore);
      c.after?.();
    },
  );

  it("every case's archive really is what it claims (sanity: the good zip imports)", async () => {
    const dir = bundleDir(tmp, { "results.jsonl": goodResults() }, manifest);
    const response = await upload(
      uploadRequest(fileAt(zipDir(tmp, dir, ["manifest.json", "results.jsonl"])), token),
    );
    expect(response.status).toBe(201);
    expect(readFileSync(join(dir, "manifest.json"), "utf8")).toBe(manifestText);
  });
});
