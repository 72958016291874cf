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

const SPACE = /\s/;
/** What ends a line, as a regular expression's `^` and `$` see lines. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

function skipSpace(text: string, i: number, withinLine = false): number {
  while (i < text.length && SPACE.test(text[i]) && !(withinLine && LINE_TERMINATOR.test(text[i])))
    i++;
  return i;
}

const skipBold = (text: string, i: number) => (text.startsWith("**", i) ? i + 2 : i);

function lineEnd(text: string, i: number): number {
  while (i < text.length && !LINE_TERMINATOR.test(text[i])) i++;
  return i;
}

/**
 * The value of the first `name: value` field of a reply: on a line of its own (the key
 * case-insensitive, bold markers around the key or the value tolerated), the value
 * running to the end of its line, or on the next non-blank line when none follows the
 * colon. Read by position in one pass, never by a backtracking pattern: a reply is
 * untrusted text (a team's bundle may hold one), and a run of whitespace must cost its
 * length, not its cube.
 */
export function graderField(text: string, name: string): string | null {
  const key = name.toLowerCase();
  for (let start = 0; start <= text.length;) {
    let i = skipBold(text, skipSpace(text, start, true));
    if (text.slice(i, i + key.length).toLowerCase() === key) {
      i = skipSpace(text, skipBold(text, i + key.length));
      if (text[i] === ":") {
        i = skipSpace(text, skipBold(text, skipSpace(text, i + 1)));
        const value = text.slice(i, lineEnd(text, i)).trimEnd();
        return value.endsWith("**") ? value.slice(0, -2).trimEnd() : value;
      }
    }
    const end = lineEnd(text, start);
    if (end === text.length) return null;
    start = end + 1;
  }
  return null;
}

/**
 * BrowseComp's grader: `extracted_final_answer: …`, `reasoning: …`, `correct: yes|no`,
 * `confidence: N%`. The `correct:` line decides; bold markers around keys are tolerated.
 */
export function parseBrowseCompGrader(
  text: string,
): JudgeVerdict & { extractedFinalAnswer: string | null; confidence: number | null } {
  const field = (name: string) => graderField(text, name);
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
