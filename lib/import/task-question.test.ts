import { describe, expect, it } from "vitest";
import { questionsAgree } from "./task-question";

describe("questionsAgree", () => {
  it("same text, or one wrapping the other, whatever the spacing and width", () => {
    expect(questionsAgree("Who won?", ["Who  won?"])).toBe(true);
    expect(questionsAgree("Who won?", [null, "Answer briefly.\n\nWho won?"])).toBe(true);
    expect(questionsAgree("谁赢了？他击败了谁？", ["谁赢了?"])).toBe(true);
  });

  it("another question disagrees; nothing to compare agrees", () => {
    expect(questionsAgree("Who won Wimbledon?", ["Which NBA team?", null])).toBe(false);
    expect(questionsAgree(null, ["Which NBA team?"])).toBe(true);
    expect(questionsAgree("Who won?", [null, undefined, "  "])).toBe(true);
  });
});
