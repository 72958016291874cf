/** MPW-Bench's judge: the paper's prompt and the reply form it asks for. Pure. */
import { browseCompReply, GraderParseError, type GraderReader } from "../../judges/grader";
import type { JudgePrompt } from "../../judges/prompts";
import type { JudgeVerdict } from "../../judges/types";
import type { AnswerJudge } from "../judging";

// MPW-Bench (Mind-ParaWorld), Appendix A "Prompt: LLM–as–Judge": the role, criteria and
// output form are the system prompt; the paper's data sample shows question, ground truth
// and prediction given to it.
const prompt: JudgePrompt = {
  source: "MPW-Bench paper, Appendix A (Prompt: LLM–as–Judge)",
  system: `Role Definition
You are a professional answer evaluation expert. Your task is to determine whether the model's predicted answer is consistent with the ground truth answer.
Evaluation Criteria
If the predicted answer is semantically consistent with the ground truth answer, judge it as "Correct". If the predicted answer is inconsistent with the ground truth answer, missing key information, or completely wrong, judge it as "Incorrect".
Notes
Focus on semantic consistency; exact wording match is not required. Key information such as numbers, dates, and names must be accurate. If the ground truth answer contains multiple parts, the predicted answer must include all parts to be considered correct. The predicted answer may contain additional explanations, as long as the core information is correct.
Output Format
You must encapsulate your response within the following XML structure:
<think>
Your reasoning for the judgment
</think>
<answer>
Correct or Incorrect (only one of the two)
</answer>`,
  user: "Question:\n{question}\n\nGround Truth Answer:\n{correct_answer}\n\nPredicted Answer:\n{response}",
};

/** MPW's judge (appendix A, "LLM–as–Judge"): `<think>…</think>` then `<answer>Correct|Incorrect</answer>`. */
export function parseMpwJudge(text: string): JudgeVerdict {
  const answers = [...text.matchAll(/<answer>\s*([\s\S]*?)\s*<\/answer>/gi)];
  if (!answers.length) throw new GraderParseError("the judge reply has no <answer>…</answer>");
  const word = answers[answers.length - 1][1].trim();
  if (word !== "Correct" && word !== "Incorrect")
    throw new GraderParseError(
      `the judge's <answer> is "${word.slice(0, 40)}", not Correct or Incorrect`,
    );
  const think = /<think>([\s\S]*?)<\/think>/i.exec(text)?.[1].trim();
  return { correct: word === "Correct", label: word, rationale: think || text.trim() };
}

const reply: GraderReader = { format: "mpw", parse: parseMpwJudge };

// Stored grader output may also be a BrowseComp-style grader's (bundles judged by another harness).
export const mpwJudge: AnswerJudge = {
  kind: "answer",
  prompt,
  reply,
  storedReplies: [reply, browseCompReply],
};
