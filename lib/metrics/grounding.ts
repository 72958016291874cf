/**
 * Answer grounding (issue 30): whether a run's final answer, and the gold answer, appeared in
 * a tool result before the run answered. An answer no tool returned came from the model's
 * memory, not from its search. Pure.
 */
import type { Step } from "../trajectory/steps";
import { bootstrapMeans, type Interval } from "./bootstrap";

/** NFKC, lower case, whitespace runs as one space, trimmed: how both texts are compared. */
export function normaliseForGrounding(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Shorter answers (one character, once normalised) match nearly any page: never matched. */
const MIN_CHARS = 2;

/** Where a benchmark's final answer and gold answer are, as text (its module's `grounding`). */
export interface AnswerGrounding {
  /** The run's final answer, from its stored prediction. */
  readonly finalAnswer: (prediction: string | null) => string | null;
  /** The task's gold answer, from the one stored (`tasks.gold_answer`, or the bundle's at ingest). */
  readonly goldText: (goldAnswer: string | null) => string | null;
}

/** A benchmark whose prediction is the final answer and whose gold is one answer text. */
export const PREDICTION_GROUNDING: AnswerGrounding = {
  finalAnswer: (prediction) => prediction,
  goldText: (goldAnswer) => goldAnswer,
};

/** Per run: the 1-based tool call whose result first contained each text; null when none did. */
export interface SampleGrounding {
  answerSeenAtCall: number | null;
  goldSeenAtCall: number | null;
}

/** A result's text as the agent read it: its raw text, and a SERP's entries (raw JSON may escape non-ASCII). */
function resultText(step: Extract<Step, { kind: "tool_result" }>): string {
  if (!step.serp) return step.raw;
  const entries = step.serp.search_result.map((entry) => `${entry.title}\n${entry.content}`);
  return `${step.raw}\n${entries.join("\n")}`;
}

/**
 * Where the final answer (`answer`, the run's prediction) and the gold answer first appear in
 * the tool results returned before the run's final answer step (every result when it has
 * none). A result is numbered by the call it answers, else by the call before it.
 */
export function sampleGrounding(
  steps: readonly Step[],
  answer: string | null,
  gold: string | null,
): SampleGrounding {
  const needle = (text: string | null) => {
    const normalised = text === null ? "" : normaliseForGrounding(text);
    return [...normalised].length >= MIN_CHARS ? normalised : null;
  };
  const answerNeedle = needle(answer);
  const goldNeedle = needle(gold);
  const found: SampleGrounding = { answerSeenAtCall: null, goldSeenAtCall: null };
  if (answerNeedle === null && goldNeedle === null) return found;
  let end = steps.length;
  for (let i = steps.length - 1; i >= 0; i--)
    if (steps[i].kind === "answer") {
      end = i;
      break;
    }
  let lastCall = 0;
  for (let i = 0; i < end; i++) {
    const step = steps[i];
    if (step.kind === "tool_call") lastCall = step.callIndex;
    if (step.kind !== "tool_result") continue;
    const call = step.callIndex ?? lastCall;
    const text = normaliseForGrounding(resultText(step));
    if (answerNeedle !== null && found.answerSeenAtCall === null && text.includes(answerNeedle))
      found.answerSeenAtCall = call;
    if (goldNeedle !== null && found.goldSeenAtCall === null && text.includes(goldNeedle))
      found.goldSeenAtCall = call;
    if (
      (answerNeedle === null || found.answerSeenAtCall !== null) &&
      (goldNeedle === null || found.goldSeenAtCall !== null)
    )
      break;
  }
  return found;
}

/** A submission's (or a split's) grounding counts. */
export interface GroundingCounts {
  /** Correct runs. */
  correct: number;
  /** Correct runs whose final answer a tool result held before it. */
  groundedCorrect: number;
  /** Correct runs whose final answer no tool result held: from memory (or a run without tools). */
  ungroundedCorrect: number;
  /** Incorrect runs whose gold answer a tool result held: found, not used. */
  goldRetrievedButWrong: number;
}

/** The counts with the grounded share of correct answers and its 95% bootstrap interval. */
export interface GroundingFigures extends GroundingCounts {
  /** groundedCorrect / correct; null without a correct run. */
  grounded: number | null;
  groundedCi: Interval | null;
}

export function groundingFigures(
  runs: readonly ({ correct: boolean } & SampleGrounding)[],
): GroundingFigures {
  const counts: GroundingCounts = {
    correct: 0,
    groundedCorrect: 0,
    ungroundedCorrect: 0,
    goldRetrievedButWrong: 0,
  };
  const groundedOfCorrect: number[] = [];
  for (const run of runs) {
    if (run.correct) {
      counts.correct += 1;
      const grounded = run.answerSeenAtCall !== null;
      if (grounded) counts.groundedCorrect += 1;
      else counts.ungroundedCorrect += 1;
      groundedOfCorrect.push(grounded ? 1 : 0);
    } else if (run.goldSeenAtCall !== null) counts.goldRetrievedButWrong += 1;
  }
  const [groundedCi] = bootstrapMeans([groundedOfCorrect]);
  return {
    ...counts,
    grounded: counts.correct ? counts.groundedCorrect / counts.correct : null,
    groundedCi,
  };
}
