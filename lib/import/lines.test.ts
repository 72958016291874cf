import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BundleError } from "./errors";
import { bundleLines, forEachLineSync, linesOf, parseJsonLine } from "./lines";

const CHUNK = 1 << 20; // the reader's chunk size, 1 MiB
const dir = mkdtempSync(join(tmpdir(), "seekboard-lines-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function fileWith(content: string | Buffer): string {
  const path = join(dir, `f${counter++}.jsonl`);
  writeFileSync(path, content);
  return path;
}

function readLines(content: string | Buffer): { lines: [string, number][]; total: number } {
  const lines: [string, number][] = [];
  const total = forEachLineSync(fileWith(content), "results.jsonl", (line, n) =>
    lines.push([line, n]),
  );
  return { lines, total };
}

describe("forEachLineSync", () => {
  it("reads LF lines with 1-based numbers", () => {
    expect(readLines('{"a":1}\n{"b":2}\n')).toEqual({
      lines: [
        ['{"a":1}', 1],
        ['{"b":2}', 2],
      ],
      total: 2,
    });
  });

  it("strips CR of CRLF line ends", () => {
    expect(readLines("a\r\nb\r\n").lines).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("skips blank lines but counts them in the line numbers", () => {
    // line 1 "a", 2 empty, 3 spaces, 4 CR only, 5 "b"
    expect(readLines("a\n\n   \n\r\nb\n").lines).toEqual([
      ["a", 1],
      ["b", 5],
    ]);
  });

  it("reads the last line without a newline", () => {
    expect(readLines("a\nb").lines).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    expect(readLines("only").lines).toEqual([["only", 1]]);
  });

  it("an empty file has no lines", () => {
    expect(readLines("")).toEqual({ lines: [], total: 0 });
  });

  it("joins a line split across the 1 MiB chunk boundary", () => {
    // line 1 ends 10 bytes before the boundary; line 2 (100 bytes) straddles it.
    const first = "x".repeat(CHUNK - 10);
    const second = "y".repeat(100);
    const { lines } = readLines(`${first}\n${second}\r\nz`);
    expect(lines.map(([l, n]) => [l.length, n])).toEqual([
      [CHUNK - 10, 1],
      [100, 2],
      [1, 3],
    ]);
    expect(lines[1][0]).toBe(second);
  });

  it("handles a newline exactly at the last byte of a chunk, and CR/LF split by the boundary", () => {
    // "x"×(CHUNK−1) + "\n": the newline is byte CHUNK−1, the last of chunk 1.
    const a = readLines(`${"x".repeat(CHUNK - 1)}\nnext\n`).lines;
    expect(a.map(([l, n]) => [l.length, n])).toEqual([
      [CHUNK - 1, 1],
      [4, 2],
    ]);
    // "\r" is the last byte of chunk 1, "\n" the first of chunk 2.
    const b = readLines(`${"x".repeat(CHUNK - 1)}\r\nnext`).lines;
    expect(b.map(([l, n]) => [l.length, n])).toEqual([
      [CHUNK - 1, 1],
      [4, 2],
    ]);
  });

  it("decodes a multi-byte character split by the chunk boundary", () => {
    // "温" is 3 bytes in UTF-8; put its first byte at offset CHUNK−1.
    const { lines } = readLines(`${"x".repeat(CHUNK - 1)}温布尔登\nend\n`);
    expect(lines[0][0].endsWith("温布尔登")).toBe(true);
    expect(lines[0][0].length).toBe(CHUNK - 1 + 4);
    expect(lines[1]).toEqual(["end", 2]);
  });

  it("reads a line longer than two chunks", () => {
    const long = "L".repeat(2 * CHUNK + 123);
    const { lines } = readLines(`short\n${long}\nafter`);
    expect(lines.map(([l, n]) => [l.length, n])).toEqual([
      [5, 1],
      [long.length, 2],
      [5, 3],
    ]);
  });

  it("invalid UTF-8 → BundleError naming the file and line", () => {
    const bad = Buffer.concat([
      Buffer.from("ok\n\nfine\n"),
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
      Buffer.from("\nlast\n"),
    ]);
    const seen: number[] = [];
    let error: unknown;
    try {
      forEachLineSync(fileWith(bad), "results.jsonl", (_l, n) => seen.push(n));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BundleError);
    // line 1 ok, 2 blank, 3 fine, 4 the bad bytes
    expect((error as BundleError).details[0]).toMatchObject({ file: "results.jsonl", line: 4 });
    expect((error as BundleError).message).toContain("line 4");
    expect(seen).toEqual([1, 3]);
  });

  it("a truncated multi-byte character at the end of the file is invalid UTF-8", () => {
    const bad = Buffer.concat([Buffer.from("a\n"), Buffer.from("温").subarray(0, 2)]);
    expect(() => forEachLineSync(fileWith(bad), "r.jsonl", () => {})).toThrow(BundleError);
  });

  it("a leading byte-order mark is not part of the first line", () => {
    expect(readLines('\uFEFF{"a":1}\n').lines).toEqual([['{"a":1}', 1]]);
  });
});

describe("linesOf (the generator under forEachLineSync)", () => {
  it("yields the same lines and returns the line count, blank lines included", () => {
    const path = fileWith("a\n\n b \r\nc");
    const lines = linesOf(path, "r.jsonl");
    const seen: { text: string; lineNumber: number }[] = [];
    let next = lines.next();
    while (!next.done) {
      seen.push(next.value);
      next = lines.next();
    }
    expect(seen).toEqual([
      { text: "a", lineNumber: 1 },
      { text: " b ", lineNumber: 3 },
      { text: "c", lineNumber: 4 },
    ]);
    expect(next.value).toBe(4);
  });

  it("reads lazily: an error past the lines consumed is not raised, and stopping early closes the file", () => {
    const bad = Buffer.concat([Buffer.from("one\ntwo\n"), Buffer.from([0xff]), Buffer.from("\n")]);
    const path = fileWith(bad);
    const openFds = () => readdirSync("/proc/self/fd").length;
    const before = openFds();
    const lines = linesOf(path, "r.jsonl");
    expect(lines.next().value).toEqual({ text: "one", lineNumber: 1 });
    expect(openFds()).toBe(before + 1);
    // return() runs the reader's `finally` (closing its descriptor); the bad line is never decoded.
    expect(lines.return(0)).toEqual({ done: true, value: 0 });
    expect(openFds()).toBe(before);
    expect(lines.next().done).toBe(true);
  });

  it("a line that each yield hands out is a string of its own, not a view of the reused chunk buffer", () => {
    const a = "a".repeat(CHUNK - 2);
    const lines = [...linesOf(fileWith(`${a}\n${"b".repeat(10)}\n`), "r.jsonl")];
    expect(lines.map((l) => [l.text.length, l.lineNumber])).toEqual([
      [CHUNK - 2, 1],
      [10, 2],
    ]);
    expect(lines[0].text).toBe(a);
  });
});

describe("bundleLines", () => {
  it("the lines of each named file in the manifest's order, with the file's name and its own line numbers", () => {
    const root = join(dir, `bundle-${counter++}`);
    mkdirSync(join(root, "runs"), { recursive: true });
    writeFileSync(join(root, "runs", "b.jsonl"), "b1\n\nb3\n");
    writeFileSync(join(root, "a.jsonl"), "a1");
    expect([...bundleLines(root, ["runs/b.jsonl", "a.jsonl"], "results")]).toEqual([
      { text: "b1", file: "runs/b.jsonl", lineNumber: 1 },
      { text: "b3", file: "runs/b.jsonl", lineNumber: 3 },
      { text: "a1", file: "a.jsonl", lineNumber: 1 },
    ]);
    expect([...bundleLines(root, "a.jsonl", "tasks")]).toEqual([
      { text: "a1", file: "a.jsonl", lineNumber: 1 },
    ]);
    expect([...bundleLines(root, undefined, "tasks")]).toEqual([]);
  });

  it("a file named twice is refused, naming the manifest field", () => {
    const root = join(dir, `bundle-${counter++}`);
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, "a.jsonl"), "a1\n");
    expect(() => [...bundleLines(root, ["a.jsonl", "a.jsonl"], "results")]).toThrow(BundleError);
  });
});

describe("parseJsonLine", () => {
  it("parses JSON and names file and line on failure", () => {
    expect(parseJsonLine('{"index": 3}', "r.jsonl", 1)).toEqual({ index: 3 });
    try {
      parseJsonLine('{"index": 3', "r.jsonl", 12);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BundleError);
      expect((error as BundleError).details[0]).toMatchObject({
        file: "r.jsonl",
        line: 12,
        field: null,
      });
    }
  });
});
