import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  MalformedUploadError,
  multipartBoundary,
  receiveMultipart,
  UploadTooLargeError,
  type MultipartLimits,
} from "./multipart";

const dir = mkdtempSync(join(tmpdir(), "seekboard-multipart-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LIMITS: MultipartLimits = { maxBodyBytes: 1 << 20, maxFieldBytes: 1024, maxFields: 5 };
let counter = 0;

/** A body as undici (fetch, the CLI) encodes FormData, with its boundary. */
async function encoded(form: FormData): Promise<{ bytes: Uint8Array; boundary: string }> {
  const request = new Request("http://x/", { method: "POST", body: form });
  return {
    bytes: new Uint8Array(await request.arrayBuffer()),
    boundary: multipartBoundary(request.headers.get("content-type"))!,
  };
}

/** A stream that delivers the body in the given chunk sizes (the rest in one last chunk). */
function streamOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let at = 0;
  for (const cut of cuts) {
    chunks.push(bytes.subarray(at, cut));
    at = cut;
  }
  chunks.push(bytes.subarray(at));
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

async function receive(bytes: Uint8Array, boundary: string, cuts: number[] = [], limits = LIMITS) {
  const path = join(dir, `upload-${counter++}`);
  const result = await receiveMultipart(streamOf(bytes, cuts), boundary, "bundle", path, limits);
  return { ...result, content: result.file ? readFileSync(result.file.path) : null };
}

/** Bytes that look like the start of a boundary, to catch a parser that cuts too early. */
const TRICKY = Buffer.concat([
  Buffer.from("line 1\r\n--"),
  Buffer.from([0, 255, 13, 10, 45]),
  Buffer.from("\r\n-\r\n--formdata"),
  Buffer.alloc(300, 7),
]);

describe("receiveMultipart", () => {
  it("writes the file part to disk and keeps the text fields, whatever the chunking", async () => {
    const form = new FormData();
    form.append("model", "Modèle 7B");
    form.append("bundle", new Blob([TRICKY]), "my bundle.zip");
    form.append("setting", "C");
    const { bytes, boundary } = await encoded(form);
    // Every single cut point, and byte-by-byte delivery.
    const splits = [
      ...Array.from({ length: bytes.length - 1 }, (_, i) => [i + 1]),
      Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
    ];
    for (const cuts of splits) {
      const got = await receive(bytes, boundary, cuts);
      expect(got.fields).toEqual({ model: "Modèle 7B", setting: "C" });
      expect(got.file).toMatchObject({ fileName: "my bundle.zip", bytes: TRICKY.length });
      expect(Buffer.compare(got.content!, TRICKY)).toBe(0);
    }
  });

  it("an empty file and a body without a file", async () => {
    const empty = new FormData();
    empty.append("bundle", new Blob([]), "empty.jsonl");
    const a = await encoded(empty);
    expect((await receive(a.bytes, a.boundary)).file).toMatchObject({
      fileName: "empty.jsonl",
      bytes: 0,
    });
    const none = new FormData();
    none.append("model", "x");
    const b = await encoded(none);
    expect(await receive(b.bytes, b.boundary)).toMatchObject({
      file: null,
      fields: { model: "x" },
    });
  });

  it("stops with UploadTooLargeError past the body limit", async () => {
    const form = new FormData();
    form.append("bundle", new Blob([Buffer.alloc(5000)]), "big.zip");
    const { bytes, boundary } = await encoded(form);
    await expect(
      receive(bytes, boundary, [1000, 2000, 3000], { ...LIMITS, maxBodyBytes: 2500 }),
    ).rejects.toBeInstanceOf(UploadTooLargeError);
  });

  it("refuses broken bodies and bodies that break the field rules", async () => {
    const cases: [string, (form: FormData) => void, RegExp][] = [
      [
        "a second bundle",
        (f) => (
          f.append("bundle", new Blob(["a"]), "a.zip"),
          f.append("bundle", new Blob(["b"]), "b.zip")
        ),
        /more than one/,
      ],
      [
        "a stray file field",
        (f) => f.append("other", new Blob(["a"]), "a.zip"),
        /unexpected file field "other"/,
      ],
      ["a long field", (f) => f.append("model", "m".repeat(2000)), /longer than 1024 bytes/],
      [
        "too many fields",
        (f) => ["a", "b", "c", "d", "e", "f"].forEach((k) => f.append(k, "v")),
        /more than 5 form fields/,
      ],
    ];
    for (const [name, build, message] of cases) {
      const form = new FormData();
      build(form);
      const { bytes, boundary } = await encoded(form);
      await expect(receive(bytes, boundary), name).rejects.toThrow(message);
    }
    const truncated = await encoded(
      (() => {
        const f = new FormData();
        f.append("bundle", new Blob(["abc"]), "a.zip");
        return f;
      })(),
    );
    await expect(
      receive(truncated.bytes.subarray(0, truncated.bytes.length - 10), truncated.boundary),
    ).rejects.toBeInstanceOf(MalformedUploadError);
    const utf8 = Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="model"\r\n\r\n\xff\r\n--b--\r\n`,
      "latin1",
    );
    await expect(receive(utf8, "b")).rejects.toThrow(/not valid UTF-8/);
  });
});

describe("multipartBoundary", () => {
  it("reads plain and quoted boundaries, and nothing else", () => {
    expect(multipartBoundary("multipart/form-data; boundary=abc")).toBe("abc");
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe("a b:c");
    expect(multipartBoundary("application/json")).toBeNull();
    expect(multipartBoundary(null)).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
  });
});
