/** EvoBrowseComp's judge: the paper's prompt and the reply form it asks for. Pure. */
import { browseCompReply, GraderParseError, type GraderReader } from "../../judges/grader";
import type { JudgePrompt } from "../../judges/prompts";
import type { JudgeVerdict } from "../../judges/types";
import type { AnswerJudge } from "../judging";

// EvoBrowseComp paper, Appendix D "Prompt of LLM-as-a-judge" (derived from Tongyi DeepResearch and xbench).
const prompt: JudgePrompt = {
  source: "EvoBrowseComp paper, Appendix D (Prompt for LLM-as-a-Judge)",
  system: null,
  user: `You are a general artificial intelligence assistant. Based on the [Correct Answer] provided below, judge whether the [Response] to the [Original Question] below is correct.
[Original Question]: {question}
[Correct Answer]: {correct_answer}
[Response]: {response}
Your judgment must follow the following format and standards:
Final Answer: The final accurate answer extracted from the [Response]. If there is no clear final answer in the [Response], fill in 'None'.
Explanation: Explain why the [Final Answer] is correct or incorrect based on the [Correct Answer]. Only focus on whether there is a substantial difference between the [Final Answer] and the [Correct Answer]; do not comment on the background of the question, do not attempt to re-solve the problem, do not defend any answer different from the [Correct Answer], and only focus on judging whether the answers are consistent.
Conclusion: If the [Final Answer] is consistent with the [Correct Answer] provided above, or within an acceptable small error range for numerical questions, fill in 'Correct'; otherwise (i.e., in case of any inconsistency, ambiguity, inequivalence, or incorrect extracted answer), fill in 'Incorrect'.`,
};

/** EvoBrowseComp's judge (appendix D): `Final Answer: …`, `Explanation: …`, `Conclusion: Correct|Incorrect`. */
export function parseEvoJudge(text: string): JudgeVerdict {
  const conclusion =
    /^\s*(?:\*\*)?conclusion(?:\*\*)?\s*:\s*(?:\*\*)?\s*['’"]?(correct|incorrect)\b/im.exec(text);
  if (!conclusion)
    throw new GraderParseError('the judge reply has no "Conclusion: Correct|Incorrect" line');
  const correct = conclusion[1].toLowerCase() === "correct";
  const explanation = /^\s*(?:\*\*)?explanation(?:\*\*)?\s*:\s*(.+)$/im.exec(text)?.[1].trim();
  return {
    correct,
    label: correct ? "Correct" : "Incorrect",
    rationale: explanation || text.trim(),
  };
}

const reply: GraderReader = { format: "evobrowsecomp", parse: parseEvoJudge };

// Bundles in the Seekboard format usually carry a BrowseComp grader's output: read that first.
export const evoBrowseCompJudge: AnswerJudge = {
  kind: "answer",
  prompt,
  reply,
  storedReplies: [browseCompReply, reply],
};
