import { describe, expect, it } from "vitest";
import type { Step } from "../trajectory/steps";
import { groundingFigures, normaliseForGrounding, sampleGrounding } from "./grounding";

const call = (callIndex: number): Step => ({
  kind: "tool_call",
  role: "assistant",
  malformed: null,
  callIndex,
  name: "search",
  arguments: {},
  query: null,
  raw: "",
});
const result = (callIndex: number | null, raw: string): Step => ({
  kind: "tool_result",
  role: "tool",
  malformed: null,
  callIndex,
  raw,
  serp: null,
});
const answer = (text: string): Step => ({
  kind: "answer",
  role: "assistant",
  malformed: null,
  text,
});

describe("normaliseForGrounding", () => {
  it("applies NFKC, lower-cases, collapses whitespace runs and trims", () => {
    expect(normaliseForGrounding("  Ｐａｒｉｓ　１９９８\n\t Cup ")).toBe("paris 1998 cup");
  });
});

describe("sampleGrounding", () => {
  it("numbers the first call whose result holds each text, 1-based", () => {
    const steps = [
      call(1),
      result(1, "nothing here"),
      call(2),
      result(2, "The capital is Paris."),
      call(3),
      result(3, "Paris again, and Lyon"),
      answer("Lyon"),
    ];
    expect(sampleGrounding(steps, "Lyon", "Paris")).toEqual({
      answerSeenAtCall: 3,
      goldSeenAtCall: 2,
    });
  });

  it("counts a repeated result at its first call", () => {
    const steps = [
      call(1),
      result(1, "Marie Curie"),
      call(2),
      result(2, "Marie Curie"),
      answer("x"),
    ];
    expect(sampleGrounding(steps, "marie curie", "Marie Curie")).toEqual({
      answerSeenAtCall: 1,
      goldSeenAtCall: 1,
    });
  });

  it("has no answer to find in a run without a final answer, still finds the gold", () => {
    const steps = [call(1), result(1, "Ada Lovelace wrote it")];
    expect(sampleGrounding(steps, null, "Ada Lovelace")).toEqual({
      answerSeenAtCall: null,
      goldSeenAtCall: 1,
    });
  });

  it("matches Chinese text as a substring", () => {
    const steps = [call(1), result(1, "他毕业于麻省理工学院，后来任教。"), answer("麻省理工学院")];
    expect(sampleGrounding(steps, "麻省理工学院", "麻省理工")).toEqual({
      answerSeenAtCall: 1,
      goldSeenAtCall: 1,
    });
  });

  it("never matches an answer shorter than two characters", () => {
    const steps = [call(1), result(1, "A 4 and a 中"), answer("4")];
    expect(sampleGrounding(steps, "4", "中")).toEqual({
      answerSeenAtCall: null,
      goldSeenAtCall: null,
    });
    // Two characters once normalised are enough; a lone full-width digit is still one.
    expect(sampleGrounding(steps, " ４ ", "A 4")).toEqual({
      answerSeenAtCall: null,
      goldSeenAtCall: 1,
    });
  });

  it("ignores results returned after the final answer", () => {
    const steps = [call(1), result(1, "unrelated"), answer("1912"), call(2), result(2, "1912")];
    expect(sampleGrounding(steps, "1912", "1912")).toEqual({
      answerSeenAtCall: null,
      goldSeenAtCall: null,
    });
  });

  it("compares NFKC forms: full-width digits match ASCII ones", () => {
    const steps = [call(1), result(1, "Founded in １９９８."), answer("1998")];
    expect(sampleGrounding(steps, "1998", "Ｆｏｕｎｄｅｄ in 1998")).toEqual({
      answerSeenAtCall: 1,
      goldSeenAtCall: 1,
    });
  });

  it("collapses whitespace on both sides, case-insensitively", () => {
    const steps = [call(1), result(1, "the   New\nYork\tTimes"), answer("x")];
    expect(sampleGrounding(steps, " new york  TIMES ", "New York Times")).toEqual({
      answerSeenAtCall: 1,
      goldSeenAtCall: 1,
    });
  });

  it("numbers a result without its call by the call before it, and reads a SERP's entries", () => {
    const serpResult: Step = {
      kind: "tool_result",
      role: "tool",
      malformed: null,
      callIndex: null,
      raw: '{"search_result":[{"title":"\\u9ebb\\u7701"}]}',
      serp: { search_result: [{ title: "麻省理工学院", content: "" }] },
    };
    expect(
      sampleGrounding([call(1), call(2), serpResult, answer("a")], "麻省理工学院", null),
    ).toEqual({ answerSeenAtCall: 2, goldSeenAtCall: null });
  });
});

describe("groundingFigures", () => {
  it("counts correct runs by grounding and incorrect runs that retrieved the gold", () => {
    const figures = groundingFigures([
      { correct: true, answerSeenAtCall: 2, goldSeenAtCall: 2 },
      { correct: true, answerSeenAtCall: null, goldSeenAtCall: null },
      { correct: true, answerSeenAtCall: 1, goldSeenAtCall: null },
      { correct: false, answerSeenAtCall: 1, goldSeenAtCall: 3 },
      { correct: false, answerSeenAtCall: null, goldSeenAtCall: null },
    ]);
    expect(figures).toMatchObject({
      correct: 3,
      groundedCorrect: 2,
      ungroundedCorrect: 1,
      goldRetrievedButWrong: 1,
      grounded: 2 / 3,
    });
    expect(figures.groundedCi!.lo).toBeLessThanOrEqual(2 / 3);
    expect(figures.groundedCi!.hi).toBeGreaterThanOrEqual(2 / 3);
  });

  it("has no share without a correct run", () => {
    expect(
      groundingFigures([{ correct: false, answerSeenAtCall: null, goldSeenAtCall: 1 }]),
    ).toEqual({
      correct: 0,
      groundedCorrect: 0,
      ungroundedCorrect: 0,
      goldRetrievedButWrong: 1,
      grounded: null,
      groundedCi: null,
    });
  });
});
