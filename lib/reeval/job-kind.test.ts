import { describe, expect, it } from "vitest";
import { interruptedJobMessage, jobProgressVerb, reevalJobKind } from "./job-kind";

describe("a re-evaluation job's kind", () => {
  it("is a gold fix's when it names a task, a judging of unjudged samples otherwise", () => {
    expect(reevalJobKind({ taskId: 3 })).toBe("gold-fix");
    expect(reevalJobKind({ taskId: null })).toBe("judging");
  });

  it("an interrupted job says what is right for its kind: undo a gold fix, judge the rest again", () => {
    expect(interruptedJobMessage("gold-fix")).toMatch(/undo the gold fix and apply it again$/);
    const judging = interruptedJobMessage("judging");
    expect(judging).not.toMatch(/gold/);
    expect(judging).toMatch(
      /keep their verdicts: judge the rest again from the submission's page$/,
    );
    expect(jobProgressVerb("gold-fix")).toBe("re-evaluated");
    expect(jobProgressVerb("judging")).toBe("judged");
  });
});
