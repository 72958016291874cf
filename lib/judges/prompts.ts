/**
 * Each benchmark's own judge prompt, as its paper gives it (the seeds in ../shared/seeds/),
 * and the reply form it asks for. Placeholders are filled by `judgeMessages`. Pure.
 */
import type { GraderFormat } from "./grader";

export interface JudgePrompt {
  /** Where the prompt comes from. */
  source: string;
  format: GraderFormat;
  system: string | null;
  user: string;
}

// MPW-Bench (Mind-ParaWorld), Appendix A "Prompt: LLM–as–Judge": the role, criteria and
// output form are the system prompt; the paper's data sample shows question, ground truth
// and prediction given to it.
const MPW: JudgePrompt = {
  source: "MPW-Bench paper, Appendix A (Prompt: LLM–as–Judge)",
  format: "mpw",
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

// EvoBrowseComp paper, Appendix D "Prompt of LLM-as-a-judge" (derived from Tongyi DeepResearch and xbench).
const EVOBROWSECOMP: JudgePrompt = {
  source: "EvoBrowseComp paper, Appendix D (Prompt for LLM-as-a-Judge)",
  format: "evobrowsecomp",
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

// InfoMosaic-Bench paper, Appendix A.12.7 "Benchmark evaluation prompt", eval_prompt_template.
const INFOMOSAIC: JudgePrompt = {
  source: "InfoMosaic-Bench paper, Appendix A.12.7 (eval_prompt_template)",
  format: "infomosaic",
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

// BrowseComp's grader template (Wei et al., 2025), which the BrowseComp family uses
// (../shared/spec/formats.md, "BrowseComp family"); the WebDetective paper prints no judge
// prompt of its own, so its answers are graded the same way as the generic QA boards.
const BROWSECOMP: JudgePrompt = {
  source: "BrowseComp grader template (the BrowseComp family's judge)",
  format: "browsecomp",
  system: null,
  user: `Judge whether the following [response] to [question] is correct or not based on the precise and unambiguous [correct_answer] below.

[question]: {question}

[response]: {response}

Your judgement must be in the format and criteria specified below:

extracted_final_answer: The final exact answer extracted from the [response]. Put the extracted answer as 'None' if there is no exact, final answer to extract from the response.

[correct_answer]: {correct_answer}

reasoning: Explain why the extracted_final_answer is correct or incorrect based on [correct_answer], focusing only on if there are meaningful differences between [correct_answer] and the extracted_final_answer. Do not comment on any background to the problem, do not attempt to solve the problem, do not argue for any answer different than [correct_answer], focus only on whether the answers match.

correct: Answer 'yes' if extracted_final_answer matches the [correct_answer] given above, or is within a small margin of error for numerical problems. Answer 'no' otherwise, i.e. if there if there is any inconsistency, ambiguity, non-equivalency, or if the extracted answer is incorrect.

confidence: The extracted confidence score between 0% and 100% from [response]. Put 100 if there is no confidence score available.`,
};

/** WideSearch paper, Appendix 11 "LLM-as-Judge Prompt": one column's cells at a time, scored 0 or 1 per index. */
export const WIDESEARCH_CELL_PROMPT = {
  source: "WideSearch paper, Appendix 11 (LLM-as-Judge Prompt)",
  user: `You are an expert in grading answers. Your task is to score the responses to a certain question. Below, you will be provided with a set of standard answers, a set of responses to be graded, and specific grading criteria. Each answer and each response has an index. Please score each pair of answers and responses in this set according to the following methods: 1. The scoring range is from 0 to 1. A score of 1 indicates a completely correct answer. For deduction items, please refer to the specific grading criteria section. 2. After reading the standard answers, responses to be graded, and grading criteria, please first analyze and judge them item by item according to the grading criteria. 3. The score can only be an integer of 0 or 1. 4. After the analysis and judgment, please provide the final scoring results. Each pair should have a score. Output in Markdown JSON format, as shown below: \`\`\`json { "idx_xxx": score, "idx_yyy": score, } \`\`\`
====== criterion-start ======
{criterion}
====== criterion-end ======
====== response-start ======
{response}
====== response-end ======
Now start scoring. Please make sure to analyze each item step by step before providing the final scoring results.`,
} as const;

export type PromptBenchmark = "mpw" | "evobrowsecomp" | "infomosaic" | "webdetective" | "qa";

export const JUDGE_PROMPTS: Record<PromptBenchmark, JudgePrompt> = {
  mpw: MPW,
  evobrowsecomp: EVOBROWSECOMP,
  infomosaic: INFOMOSAIC,
  webdetective: BROWSECOMP,
  qa: BROWSECOMP,
};

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/** Fills a template's placeholders in one pass, so a value that itself contains "{response}" is not expanded again. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? values[name] : whole));
}

export function judgeMessages(prompt: JudgePrompt, input: { question: string | null; gold: string; prediction: string | null }): ChatMessage[] {
  const values = { question: input.question ?? "(not given)", correct_answer: input.gold, response: input.prediction ?? "" };
  const messages: ChatMessage[] = [];
  if (prompt.system) messages.push({ role: "system", content: prompt.system });
  messages.push({ role: "user", content: fillTemplate(prompt.user, values) });
  return messages;
}
