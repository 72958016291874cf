import { describe, expect, it } from "vitest";
import { closestName, editDistance } from "./did-you-mean";

describe("editDistance", () => {
  it("counts inserts, deletes, substitutions, and a swap of neighbours as one edit", () => {
    expect(editDistance("", "")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("abc", "")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("stauts", "status")).toBe(1);
    expect(editDistance("verdcit", "verdict")).toBe(1);
    expect(editDistance("model", "modle")).toBe(1);
  });
});

describe("closestName", () => {
  const recordKeys = ["task_id", "run", "question", "status", "verdict", "judge"];

  it("is the known name a misspelling stands for", () => {
    expect(closestName("stauts", recordKeys)).toBe("status");
    expect(closestName("verdit", recordKeys)).toBe("verdict");
    expect(closestName("modle", ["model", "agent", "setting"])).toBe("model");
  });

  it("takes case and _/- as no edits", () => {
    expect(closestName("taskId", recordKeys)).toBe("task_id");
    expect(closestName("Task-ID", recordKeys)).toBe("task_id");
    expect(closestName("judge_model", ["judgeModel", "model"])).toBe("judgeModel");
  });

  it("is null for a name far from every known one, or itself known", () => {
    expect(closestName("colour", recordKeys)).toBeNull();
    expect(closestName("status", recordKeys)).toBeNull();
    expect(closestName("x", [])).toBeNull();
  });

  it("allows fewer edits to a short name than to a long one", () => {
    expect(closestName("rn", ["run"])).toBe("run");
    expect(closestName("ab", ["run"])).toBeNull();
    expect(closestName("benchmarkVresoin", ["benchmarkVersion"])).toBe("benchmarkVersion");
  });

  it("prefers the nearest, ties to the first given", () => {
    expect(closestName("runs", ["run", "rung"])).toBe("run");
    expect(closestName("ab", ["aa", "bb"])).toBe("aa");
  });
});
