import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BundleError, BundleErrorList, detailsFromZod, MAX_REPORTED_ERRORS } from "./errors";

const bad = (line: number) => BundleError.at("r.jsonl", line, "verdict", "invalid");

describe("BundleErrorList", () => {
  it("keeps every problem up to the cap and counts the rest", () => {
    const errors = new BundleErrorList();
    expect(errors.any).toBe(false);
    expect(() => errors.throwIfAny()).not.toThrow();
    for (let line = 1; line <= MAX_REPORTED_ERRORS + 30; line++) errors.add(bad(line));
    const error = errors.error();
    expect(error.details).toHaveLength(MAX_REPORTED_ERRORS);
    expect(error.details.at(-1)?.line).toBe(MAX_REPORTED_ERRORS);
    expect(error.moreErrors).toBe(30);
    expect(error.message).toMatch(/… and 30 more problems \(only the first 100 are listed\)$/);
  });

  it("counts what an added error had already counted past its own list", () => {
    const errors = new BundleErrorList();
    for (let line = 1; line < MAX_REPORTED_ERRORS; line++) errors.add(bad(line));
    errors.add(new BundleError([bad(100).details[0], bad(101).details[0]], { moreErrors: 5 }));
    expect(errors.error().details.at(-1)?.line).toBe(100);
    expect(errors.error().moreErrors).toBe(6);
  });

  it("keeps a record's BundleError and reads on; any other error is thrown", async () => {
    const errors = new BundleErrorList();
    expect(errors.checkSync(() => 7)).toBe(7);
    expect(
      errors.checkSync(() => {
        throw bad(2);
      }),
    ).toBeUndefined();
    expect(await errors.check(async () => Promise.reject(bad(3)))).toBeUndefined();
    await expect(errors.check(async () => Promise.reject(new Error("disk")))).rejects.toThrow(
      "disk",
    );
    expect(errors.error().details.map((d) => d.line)).toEqual([2, 3]);
  });
});

describe("detailsFromZod", () => {
  const schema = z.strictObject({
    task_id: z.string(),
    status: z.string().optional(),
    judge: z.strictObject({ model: z.string().optional() }).optional(),
  });
  const detailsOf = (input: unknown, withSource = true) => {
    const parsed = schema.safeParse(input);
    if (parsed.success) throw new Error("expected a failure");
    return detailsFromZod(
      "r.jsonl",
      3,
      parsed.error,
      [],
      withSource ? { schema, input } : undefined,
    );
  };

  it("names each unknown key as its field, with the known key it likely stands for", () => {
    expect(detailsOf({ task_id: "a", stauts: "done", colour: 1, judge: { modle: "x" } })).toEqual([
      {
        file: "r.jsonl",
        line: 3,
        field: "judge.modle",
        message: 'unknown field "modle"; did you mean "model"?',
      },
      {
        file: "r.jsonl",
        line: 3,
        field: "stauts",
        message: 'unknown field "stauts"; did you mean "status"?',
      },
      { file: "r.jsonl", line: 3, field: "colour", message: 'unknown field "colour"' },
    ]);
  });

  it("names an unknown key without a hint when the schema is not given", () => {
    expect(detailsOf({ task_id: "a", stauts: "done" }, false)).toEqual([
      { file: "r.jsonl", line: 3, field: "stauts", message: 'unknown field "stauts"' },
    ]);
  });

  it("points a missing field to the misspelling given in its place", () => {
    const loose = z.object({ model: z.string(), results: z.array(z.string()) });
    const input = { modle: "gpt", results: ["r.jsonl"] };
    const parsed = loose.safeParse(input);
    expect(parsed.success).toBe(false);
    const [detail] = detailsFromZod("manifest.json", null, parsed.error!, [], {
      schema: loose,
      input,
    });
    expect(detail).toMatchObject({
      field: "model",
      message: expect.stringMatching(/; "modle" is given: did you mean "model"\?$/),
    });
  });

  it("puts the prefix before the field", () => {
    const parsed = schema.safeParse({ task_id: 1 });
    expect(detailsFromZod("f", 1, parsed.error!, ["evaluation"])[0].field).toBe(
      "evaluation.task_id",
    );
  });
});
