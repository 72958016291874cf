/** What a benchmark module says about judging, failure tags and hints. Pure types. */
import type { LlmJudgeSetting } from "../judges/chat";
import type { GraderReader } from "../judges/grader";
import type { JudgePrompt } from "../judges/prompts";
import type { SampleState } from "../reeval/state";
import type { JudgeOutcome, ReevalSample } from "./stored";

/** A benchmark judged answer by answer: its prompt, the reply form it asks for, and the forms a stored grader output may be in. */
export interface AnswerJudge {
  kind: "answer";
  prompt: JudgePrompt;
  reply: GraderReader;
  /** Most specific first. */
  storedReplies: readonly GraderReader[];
}

/** A benchmark judged cell by cell by its table scorer, the LLM scoring only the cells the rules cannot. */
export interface TableJudge {
  kind: "table";
  /** The per-column cell prompt. */
  prompt: JudgePrompt;
  /** True for a sample that came as figures only (nothing to judge or re-score). */
  resultsOnly: (state: SampleState) => boolean;
  withLlm: (
    sample: ReevalSample,
    llm: LlmJudgeSetting,
    source: string,
    fetchImpl?: typeof fetch,
  ) => Promise<JudgeOutcome>;
}

export interface TaxonomyTag {
  name: string;
  definition: string;
}

/** A benchmark's failure taxonomy, as tags a maintainer applies to samples, in its paper's words. */
export interface TaxonomyDefinition {
  name: string;
  /** Where in the paper the categories are defined. */
  source: string;
  tags: readonly TaxonomyTag[];
}

/** What the automatic hints need to know of a benchmark. */
export interface HintRules {
  /** Submission settings in which the agent had no tools, so not searching is by design. */
  toolFreeSettings: readonly string[];
  /** A per-sample `metrics` field marking a run without tools, when the benchmark mixes both in one submission. */
  toolFreeSample: { field: string; value: string } | null;
  /** A per-sample `metrics` field that is true when the run exceeded the benchmark's tool-call limit. */
  toolLimitExceeded: string | null;
}
