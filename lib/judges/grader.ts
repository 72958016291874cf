/**
 * Reading a judge's reply. Each benchmark's judge prompt asks for its own output form;
 * these parsers accept exactly that form and fail loudly on anything else, so a malformed
 * reply never turns into a verdict. Pure.
 */
import type { JudgeVerdict } from "./types";

/** The reply forms of the judge prompts in lib/judges/prompts.ts. */
export const GRADER_FORMATS = ["browsecomp", "mpw", "evobrowsecomp", "infomosaic"] as const;
export type GraderFormat = (typeof GRADER_FORMATS)[number];

export class GraderParseError extends Error {}

/**
 * BrowseComp's grader: `extracted_final_answer: …`, `reasoning: …`, `correct: yes|no`,
 * `confidence: N%`. The `correct:` line decides; bold markers around keys are tolerated.
 */
export function parseBrowseCompGrader(text: string): JudgeVerdict & { extractedFinalAnswer: string | null; confidence: number | null } {
  const field = (name: string) => new RegExp(`^\\s*(?:\\*\\*)?${name}(?:\\*\\*)?\\s*:\\s*(?:\\*\\*)?\\s*(.*?)\\s*(?:\\*\\*)?\\s*$`, "im").exec(text)?.[1] ?? null;
  const correct = field("correct");
  if (correct === null) throw new GraderParseError('the grader output has no "correct: yes|no" line');
  const word = correct.toLowerCase().replace(/[^a-z]/g, "");
  if (word !== "yes" && word !== "no") throw new GraderParseError(`the grader's "correct:" is "${correct.slice(0, 40)}", not yes or no`);
  const confidence = field("confidence");
  const percent = confidence === null ? null : /(\d+(?:\.\d+)?)/.exec(confidence);
  return {
    correct: word === "yes",
    label: word === "yes" ? "yes" : "no",
    rationale: field("reasoning") ?? text.trim(),
    extractedFinalAnswer: field("extracted_final_answer"),
    confidence: percent ? Number(percent[1]) : null,
  };
}

/** MPW's judge (appendix A, "LLM–as–Judge"): `<think>…</think>` then `<answer>Correct|Incorrect</answer>`. */
export function parseMpwJudge(text: string): JudgeVerdict {
  const answers = [...text.matchAll(/<answer>\s*([\s\S]*?)\s*<\/answer>/gi)];
  if (!answers.length) throw new GraderParseError("the judge reply has no <answer>…</answer>");
  const word = answers[answers.length - 1][1].trim();
  if (word !== "Correct" && word !== "Incorrect") throw new GraderParseError(`the judge's <answer> is "${word.slice(0, 40)}", not Correct or Incorrect`);
  const think = /<think>([\s\S]*?)<\/think>/i.exec(text)?.[1].trim();
  return { correct: word === "Correct", label: word, rationale: think || text.trim() };
}

/** EvoBrowseComp's judge (appendix D): `Final Answer: …`, `Explanation: …`, `Conclusion: Correct|Incorrect`. */
export function parseEvoJudge(text: string): JudgeVerdict {
  const conclusion = /^\s*(?:\*\*)?conclusion(?:\*\*)?\s*:\s*(?:\*\*)?\s*['’"]?(correct|incorrect)\b/im.exec(text);
  if (!conclusion) throw new GraderParseError('the judge reply has no "Conclusion: Correct|Incorrect" line');
  const correct = conclusion[1].toLowerCase() === "correct";
  const explanation = /^\s*(?:\*\*)?explanation(?:\*\*)?\s*:\s*(.+)$/im.exec(text)?.[1].trim();
  return { correct, label: correct ? "Correct" : "Incorrect", rationale: explanation || text.trim() };
}

/**
 * InfoMosaic's eval prompt (appendix A.12.7) ends with one of four comments. Only "The
 * answer is correct." scores 2 (counted correct); "approximated but should be correct"
 * scores 1, which the paper's accuracy does not count.
 */
const INFOMOSAIC_COMMENTS: { pattern: RegExp; correct: boolean; label: string; score: 0 | 1 | 2 }[] = [
  { pattern: /the answer is approximated but should be correct/g, correct: false, label: "approximated", score: 1 },
  { pattern: /the answer is incorrect/g, correct: false, label: "incorrect", score: 0 },
  { pattern: /the reply doesn['’]t contain an answer/g, correct: false, label: "no answer", score: 0 },
  { pattern: /the answer is correct/g, correct: true, label: "correct", score: 2 },
];

/** The comment the reply ends on: its reasoning may quote the others before it. */
export function parseInfoMosaicJudge(text: string): JudgeVerdict & { score: 0 | 1 | 2 } {
  const lower = text.toLowerCase();
  let last: { at: number; comment: (typeof INFOMOSAIC_COMMENTS)[number] } | null = null;
  for (const comment of INFOMOSAIC_COMMENTS) {
    for (const match of lower.matchAll(comment.pattern)) {
      if (last === null || match.index > last.at) last = { at: match.index, comment };
    }
  }
  if (last === null) throw new GraderParseError("the judge reply holds none of the four InfoMosaic comments");
  return { correct: last.comment.correct, label: last.comment.label, score: last.comment.score, rationale: text.trim() };
}

export function parseGraderOutput(format: GraderFormat, text: string): JudgeVerdict {
  switch (format) {
    case "browsecomp":
      return parseBrowseCompGrader(text);
    case "mpw":
      return parseMpwJudge(text);
    case "evobrowsecomp":
      return parseEvoJudge(text);
    case "infomosaic":
      return parseInfoMosaicJudge(text);
  }
}
