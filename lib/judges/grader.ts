/**
 * Reading a judge's reply. Each benchmark's judge prompt asks for its own output form (its
 * module's `judge.reply`); a reader accepts exactly that form and fails loudly on anything
 * else, so a malformed reply never turns into a verdict. BrowseComp's grader, which the
 * BrowseComp family shares, lives here. Pure.
 */
import type { AnswerJudge } from "../benchmarks/judging";
import type { JudgePrompt } from "./prompts";
import type { JudgeVerdict } from "./types";

export class GraderParseError extends Error {}

/** One reply form: its name (recorded in the audit log) and its parser. */
export interface GraderReader {
  format: string;
  parse: (text: string) => JudgeVerdict & { score?: 0 | 1 | 2 };
}

// BrowseComp's grader template (Wei et al., 2025), which the BrowseComp family uses; a
// benchmark whose paper prints no judge prompt of its own is graded with it too.
const browseCompPrompt: JudgePrompt = {
  source: "BrowseComp grader template (the BrowseComp family's judge)",
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

/**
 * BrowseComp's grader: `extracted_final_answer: …`, `reasoning: …`, `correct: yes|no`,
 * `confidence: N%`. The `correct:` line decides; bold markers around keys are tolerated.
 */
export function parseBrowseCompGrader(
  text: string,
): JudgeVerdict & { extractedFinalAnswer: string | null; confidence: number | null } {
  const field = (name: string) =>
    new RegExp(
      `^\\s*(?:\\*\\*)?${name}(?:\\*\\*)?\\s*:\\s*(?:\\*\\*)?\\s*(.*?)\\s*(?:\\*\\*)?\\s*$`,
      "im",
    ).exec(text)?.[1] ?? null;
  const correct = field("correct");
  if (correct === null)
    throw new GraderParseError('the grader output has no "correct: yes|no" line');
  const word = correct.toLowerCase().replace(/[^a-z]/g, "");
  if (word !== "yes" && word !== "no")
    throw new GraderParseError(
      `the grader's "correct:" is "${correct.slice(0, 40)}", not yes or no`,
    );
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

export const browseCompReply: GraderReader = { format: "browsecomp", parse: parseBrowseCompGrader };

/** The BrowseComp family's judge: the grader template, and its reply read as it asks. */
export const browseCompJudge: AnswerJudge = {
  kind: "answer",
  prompt: browseCompPrompt,
  reply: browseCompReply,
  storedReplies: [browseCompReply],
};
