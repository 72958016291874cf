/** InfoMosaic-Bench's judge: the paper's prompt and the reply form it asks for. Pure. */
import { GraderParseError, type GraderReader } from "../../judges/grader";
import type { JudgePrompt } from "../../judges/prompts";
import type { JudgeVerdict } from "../../judges/types";
import type { AnswerJudge } from "../judging";

// InfoMosaic-Bench paper, Appendix A.12.7 "Benchmark evaluation prompt", eval_prompt_template.
const prompt: JudgePrompt = {
  source: "InfoMosaic-Bench paper, Appendix A.12.7 (eval_prompt_template)",
  system: null,
  user: `You are a helpful AI assistant. You will use your coding and language skills to verify the answer.
You are given:
1. A problem, which is going to start like "===Problem: <problem>".
2. A ground truth answer, which is going to start like "===Ground truth answer:".
3. A reply with the answer to the problem, which are going to start like "===Reply:".
Please do the following:
1. Extract the answer in reply: "The answer is <answer extracted> in reply".
2. Check whether the answer in reply matches the ground truth answer. When comparison is not obvious (for example, 3*\\sqrt(6) and 7.348), you may compare by calculation, allowing a small margin of error.
3. After everything is done, please give each reply a comment like the following options:
- "The answer is correct."
- "The answer is approximated but should be correct. Correct Answer: <ground truth answer> | Answer extracted: <answer extracted>."
- "The answer is incorrect. Correct Answer: <ground truth answer> | Answer extracted: <answer extracted>."
- "The reply doesn't contain an answer."
Here are the problem, the ground truth answer and the reply:
===Problem: {question}
===Ground truth answer: {correct_answer}
===Reply: {response}`,
};

/**
 * InfoMosaic's eval prompt (appendix A.12.7) ends with one of four comments. Only "The
 * answer is correct." scores 2 (counted correct); "approximated but should be correct"
 * scores 1, which the paper's accuracy does not count.
 */
const INFOMOSAIC_COMMENTS: {
  pattern: RegExp;
  correct: boolean;
  label: string;
  score: 0 | 1 | 2;
}[] = [
  {
    pattern: /the answer is approximated but should be correct/g,
    correct: false,
    label: "approximated",
    score: 1,
  },
  { pattern: /the answer is incorrect/g, correct: false, label: "incorrect", score: 0 },
  {
    pattern: /the reply doesn['’]t contain an answer/g,
    correct: false,
    label: "no answer",
    score: 0,
  },
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
  if (last === null)
    throw new GraderParseError("the judge reply holds none of the four InfoMosaic comments");
  return {
    correct: last.comment.correct,
    label: last.comment.label,
    score: last.comment.score,
    rationale: text.trim(),
  };
}

const reply: GraderReader = { format: "infomosaic", parse: parseInfoMosaicJudge };

export const infoMosaicJudge: AnswerJudge = {
  kind: "answer",
  prompt,
  reply,
  storedReplies: [reply],
};
