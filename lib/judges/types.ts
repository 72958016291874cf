/** What every judge returns: the verdict, the judge's own word for it, and why. */
export interface JudgeVerdict {
  correct: boolean;
  label: string;
  rationale: string;
}

/**
 * The judges a maintainer can choose: normalised exact match, numeric tolerance, a
 * re-reading of the grader output already stored with the sample, and the configured LLM.
 */
export const JUDGE_IDS = ["exact", "numeric", "grader", "llm"] as const;
export type JudgeId = (typeof JUDGE_IDS)[number];

export const JUDGE_LABELS: Record<JudgeId, string> = {
  exact: "normalised exact match",
  numeric: "numeric tolerance (1 %)",
  grader: "re-read the stored grader output",
  llm: "LLM judge",
};
