/**
 * Hostile Inspect logs of issue 28, built small and deterministically: each is a few
 * hundred bytes to a few MB on disk and asks the importer for far more memory or storage
 * than it holds. Used by the importer's tests and by scripts/hostile-rss.ts, which
 * measures the worker's peak RSS on each.
 */
import { crc32 } from "node:zlib";

/** A zip member as stored: its bytes after compression (`method` 0 stored, 93 zstd). */
export interface StoredMember {
  name: string;
  method: 0 | 93;
  data: Buffer;
  /** The size the archive states for it decompressed. */
  uncompressedSize: number;
  /** The CRC-32 stated (of the decompressed bytes; a stored member's own). */
  crc?: number;
}

/** A zip (APPNOTE 4.3) of the members as given: local headers, central directory, end record. */
export function zipOfStored(members: readonly StoredMember[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const name = Buffer.from(member.name, "utf8");
    const crc = member.crc ?? (member.method === 0 ? crc32(member.data) : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(63, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(member.method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(member.data.length, 18);
    local.writeUInt32LE(member.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(63, 4);
    central.writeUInt16LE(63, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(member.method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(member.data.length, 20);
    central.writeUInt32LE(member.uncompressedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, member.data);
    centrals.push(central, name);
    offset += local.length + name.length + member.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * One zstd frame (RFC 8878) holding `content` as a single raw block, whose header declares
 * a window of 2^`windowLog` bytes: no single segment, no content size, no checksum.
 */
export function zstdFrame(content: Buffer, windowLog: number): Buffer {
  const header = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, (windowLog - 10) << 3]);
  // Block header: last block, type raw (0), size in the upper 21 bits.
  const block = (content.length << 3) | 1;
  const blockHeader = Buffer.from([block & 0xff, (block >> 8) & 0xff, (block >> 16) & 0xff]);
  return Buffer.concat([header, blockHeader, content]);
}

const HEADER = {
  version: 2,
  status: "success",
  eval: { task: "hostile", model: "openai/hostile" },
  results: { scores: [{ name: "match" }] },
};

/** Issue 28 #1: a `.eval` whose sample members are zstd frames declaring a 1 GiB window (`members` of them). */
export function windowBombEval(members = 1): Buffer {
  const list: StoredMember[] = [
    {
      name: "header.json",
      method: 0,
      data: Buffer.from(JSON.stringify(HEADER)),
      uncompressedSize: JSON.stringify(HEADER).length,
    },
  ];
  for (let i = 1; i <= members; i += 1) {
    const content = Buffer.from(
      JSON.stringify({ id: i, epoch: 1, input: "q", target: "a", messages: [] }),
    );
    list.push({
      name: `samples/${i}_epoch_1.json`,
      method: 93,
      data: zstdFrame(content, 30),
      uncompressedSize: content.length,
      crc: crc32(content),
    });
  }
  return zipOfStored(list);
}

/**
 * Issue 28 #2: an Inspect `.json` log of one condensed sample: `events` model events, each
 * with `refs` input_refs spanning the whole pool of `pool` messages of about
 * `messageBytes` each. (2,000 × 24 into 2,000 short messages: 543 KiB; with
 * `messageBytes` 1,200, about 3 MB.)
 */
export function inputRefsLog(events = 2000, refs = 24, pool = 2000, messageBytes = 20): string {
  const filler = "x".repeat(Math.max(0, messageBytes - 20));
  const messages = Array.from({ length: pool }, (_, i) => ({
    role: i % 2 ? "assistant" : "user",
    content: `m${i}${filler}`,
  }));
  const range = Array.from({ length: refs }, () => [0, pool]);
  const modelEvents = Array.from({ length: events }, () => ({
    event: "model",
    model: "openai/hostile",
    input: [],
    input_refs: range,
  }));
  return JSON.stringify({
    ...HEADER,
    samples: [
      {
        id: 1,
        epoch: 1,
        input: "q",
        target: "a",
        scores: { match: { value: "C" } },
        events: modelEvents,
        events_data: { messages },
      },
    ],
  });
}

/**
 * Issue 28 #3: an Inspect `.json` log of one sample whose `references` tool messages each
 * hold `attachment://` of one `attachmentBytes` attachment (4,000 × 32 KiB: a 213 KiB log
 * standing for 125 MiB).
 */
export function attachmentLog(references = 4000, attachmentBytes = 32 * 1024): string {
  const hash = "0123456789abcdef0123456789abcdef";
  const messages = [
    { role: "user", content: "q" },
    ...Array.from({ length: references }, () => ({
      role: "tool",
      content: `attachment://${hash}`,
    })),
  ];
  return JSON.stringify({
    ...HEADER,
    samples: [
      {
        id: 1,
        epoch: 1,
        input: "q",
        target: "a",
        scores: { match: { value: "C" } },
        messages,
        attachments: { [hash]: "y".repeat(attachmentBytes) },
      },
    ],
  });
}
