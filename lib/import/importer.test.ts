import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BundleError } from "./errors";
import {
  defineImporter,
  judgeModelField,
  NameTally,
  readEveryRecord,
  type ImportSink,
  type ReadOutcome,
  type SampleRow,
} from "./importer";

describe("NameTally", () => {
  it("is the most frequent name, ties to the alphabetically first, blanks ignored, null when none", () => {
    const tally = new NameTally();
    expect(tally.mostFrequent).toBeNull();
    for (const name of [null, undefined, "", "  "]) tally.add(name);
    expect(tally.mostFrequent).toBeNull();
    for (const name of ["o3", "gpt-4.1", " o3 ", "gpt-4.1"]) tally.add(name);
    expect(tally.mostFrequent).toBe("gpt-4.1");
    tally.add("o3");
    expect(tally.mostFrequent).toBe("o3");
  });
});

describe("defineImporter: the submission's judge model", () => {
  const manifestSchema = z.object({
    benchmark: z.literal("x"),
    model: z.string(),
    setting: z.string().default("s"),
    benchmarkVersion: z.string().default("v1"),
    judgeModel: judgeModelField,
  });
  const bound = (manifest: Record<string, unknown>, outcome: ReadOutcome) => {
    const importer = defineImporter({
      manifestSchema,
      files: () => [],
      read: async () => outcome,
      noSamples: () => ({ file: "f", message: "none" }),
    });
    const result = importer.bind({ benchmark: "x", model: "m", ...manifest });
    if (!result.success) throw result.error;
    return result.bundle.read("/nowhere", { task: async () => {}, sample: async () => {} }, {});
  };

  it("is the manifest's, else the records', else null; import notes pass through", async () => {
    expect(
      await bound(
        { judgeModel: "declared" },
        { judgeModel: "from-records", importNotes: { a: 1 } },
      ),
    ).toEqual({ judgeModel: "declared", importNotes: { a: 1 } });
    expect(await bound({}, { judgeModel: "from-records" })).toEqual({
      judgeModel: "from-records",
      importNotes: null,
    });
    expect(await bound({}, {})).toEqual({ judgeModel: null, importNotes: null });
  });

  it("a judgeModel that is empty or not a string is refused", () => {
    const importer = defineImporter({
      manifestSchema,
      files: () => [],
      read: async () => ({}),
      noSamples: () => ({ file: "f", message: "none" }),
    });
    for (const judgeModel of ["", "   ", 42, null])
      expect(importer.bind({ benchmark: "x", model: "m", judgeModel }).success).toBe(false);
  });
});

describe("readEveryRecord", () => {
  const bad = (line: number) => BundleError.at("r.jsonl", line, "verdict", "invalid");
  const row = (line: number) => ({ line }) as SampleRow;
  const recording = (fail?: (line: number) => unknown) => {
    const lines: number[] = [];
    const sink: ImportSink = {
      task: async () => undefined,
      sample: async (sample) => {
        const error = fail?.(sample.line);
        if (error) throw error;
        lines.push(sample.line);
      },
    };
    return { lines, sink };
  };
  const thrown = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it("answers the reading's value when every record is valid", async () => {
    const { lines, sink } = recording();
    const value = await readEveryRecord(sink, {}, async (gated) => {
      await gated.sample(row(1));
      return "read";
    });
    expect(value).toBe("read");
    expect(lines).toEqual([1]);
  });

  it("reads on past a bad record, hands the sink nothing after it, and throws every problem", async () => {
    const { lines, sink } = recording();
    const error = await thrown(
      readEveryRecord(sink, {}, async (gated, _options, errors) => {
        for (const line of [1, 2, 3, 4])
          await errors.check(() =>
            line % 2 === 0 ? Promise.reject(bad(line)) : gated.sample(row(line)),
          );
      }),
    );
    expect((error as BundleError).details.map((d) => d.line)).toEqual([2, 4]);
    expect(lines).toEqual([1]);
  });

  it("ends at once on what the sink or the progress callback throws, after the problems found before", async () => {
    const deadline = BundleError.at("bundle.zip", null, null, "the import took longer than 1 ms");
    const { sink } = recording(() => deadline);
    let read = 0;
    const error = await thrown(
      readEveryRecord(sink, {}, async (gated, _options, errors) => {
        for (const line of [1, 2, 3]) {
          read += 1;
          await errors.check(() => gated.sample(row(line)));
        }
      }),
    );
    expect(read).toBe(1);
    expect((error as BundleError).details).toEqual(deadline.details);

    const late = await thrown(
      readEveryRecord(
        recording().sink,
        {
          onBytesRead: () => {
            throw deadline;
          },
        },
        async (_gated, options, errors) => {
          errors.add(bad(1));
          errors.checkSync(() => options.onBytesRead?.(10));
        },
      ),
    );
    expect((late as BundleError).details.map((d) => d.message)).toEqual([
      "invalid",
      "the import took longer than 1 ms",
    ]);
  });

  it("passes on any other error of the sink as it is", async () => {
    const failure = new Error("SQLITE_BUSY");
    const error = await thrown(
      readEveryRecord(recording(() => failure).sink, {}, async (gated, _options, errors) => {
        await errors.check(() => gated.sample(row(1)));
      }),
    );
    expect(error).toBe(failure);
  });
});
