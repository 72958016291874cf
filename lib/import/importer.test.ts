import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineImporter, judgeModelField, NameTally, type ReadOutcome } from "./importer";

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
