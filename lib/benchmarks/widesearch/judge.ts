/**
 * WideSearch's judge: the paper's per-column prompt for the `llm_judge` cells, and the
 * re-evaluation of a stored sample by its table scorer (with or without the LLM). Pure but
 * for the LLM's chat completion.
 */
import {
  chatCompletion,
  LlmJudgeError,
  publicJudgeConfig,
  type LlmJudgeConfig,
} from "../../judges/chat";
import { fillTemplate, type JudgePrompt } from "../../judges/prompts";
import type { GoldTableView } from "../../reeval/gold";
import type { SampleState } from "../../reeval/state";
import { objectOf, type JudgeOutcome, type ReevalSample } from "../stored";
import type { TableJudge } from "../judging";
import type { GoldTable, WideSearchEvaluation } from "./formats";
import type { AsyncCellJudge, CellVerdict, JudgeColumnRequest } from "./metrics";
import { scoreWideSearch, scoreWideSearchAsync, type WideSearchSampleScore } from "./score";
import { scoredMetrics, wideSearchTaskExtraSchema } from "./stored";

/** WideSearch paper, Appendix 11 "LLM-as-Judge Prompt": one column's cells at a time, scored 0 or 1 per index. */
const cellPrompt: JudgePrompt = {
  system: null,
  source: "WideSearch paper, Appendix 11 (LLM-as-Judge Prompt)",
  user: `You are an expert in grading answers. Your task is to score the responses to a certain question. Below, you will be provided with a set of standard answers, a set of responses to be graded, and specific grading criteria. Each answer and each response has an index. Please score each pair of answers and responses in this set according to the following methods: 1. The scoring range is from 0 to 1. A score of 1 indicates a completely correct answer. For deduction items, please refer to the specific grading criteria section. 2. After reading the standard answers, responses to be graded, and grading criteria, please first analyze and judge them item by item according to the grading criteria. 3. The score can only be an integer of 0 or 1. 4. After the analysis and judgment, please provide the final scoring results. Each pair should have a score. Output in Markdown JSON format, as shown below: \`\`\`json { "idx_xxx": score, "idx_yyy": score, } \`\`\`
====== criterion-start ======
{criterion}
====== criterion-end ======
====== response-start ======
{response}
====== response-end ======
Now start scoring. Please make sure to analyze each item step by step before providing the final scoring results.`,
};

/** The scores of a WideSearch judge reply: the last fenced JSON block (or the last {…}), `idx_<i>` → 0|1. */
export function parseWideSearchCellScores(reply: string, count: number): (CellVerdict | null)[] {
  const fenced = [...reply.matchAll(/```(?:json)?\s*([\s\S]*?)```/g)];
  const block = fenced.length
    ? fenced[fenced.length - 1][1]
    : /\{[^{}]*\}(?![\s\S]*\{)/.exec(reply)?.[0];
  if (!block) throw new LlmJudgeError("the WideSearch judge reply holds no JSON block of scores");
  let value: unknown;
  try {
    // The paper's own example ends its object with a trailing comma.
    value = JSON.parse(block.replace(/,\s*}/g, "}"));
  } catch {
    throw new LlmJudgeError(`the WideSearch judge's scores are not JSON: ${block.slice(0, 120)}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new LlmJudgeError("the WideSearch judge's scores are not an object");
  const scores = value as Record<string, unknown>;
  return Array.from({ length: count }, (_, i) => {
    const score = scores[`idx_${i}`];
    return score === 0 || score === 1 ? { score, why: "LLM judge" } : null;
  });
}

/** An `llm_judge` cell judge for the WideSearch scorer, one request per column. */
export function llmCellJudge(
  config: LlmJudgeConfig,
  fetchImpl: typeof fetch = fetch,
): AsyncCellJudge {
  return {
    async judgeColumn(request: JudgeColumnRequest) {
      const response = request.items
        .map((item, i) => `idx_${i}: response: ${item.response} | standard answer: ${item.target}`)
        .join("\n");
      const content = fillTemplate(cellPrompt.user, {
        criterion:
          request.criterion ??
          "It is sufficient if the semantics are approximately the same as the reference answer.",
        response,
      });
      const reply = await chatCompletion(config, [{ role: "user", content }], fetchImpl);
      return parseWideSearchCellScores(reply, request.items.length);
    },
  };
}

/** A sample imported from the producer's evaluation CSV holds figures, not a response table. */
const RESULTS_ONLY =
  "this sample came as the producer's evaluation CSV: there is no response table to judge or re-score";

function taskOf(sample: ReevalSample): {
  task: { instanceId: string; evaluation: WideSearchEvaluation };
  gold: GoldTable;
} {
  const extra = wideSearchTaskExtraSchema.safeParse(sample.taskExtra);
  if (!extra.success)
    throw new Error(
      "this WideSearch task has no gold table stored (the submission came as evaluation CSVs only)",
    );
  return {
    task: { instanceId: sample.taskKey, evaluation: extra.data.evaluation },
    gold: extra.data.gold,
  };
}

function scoredState(
  sample: ReevalSample,
  score: WideSearchSampleScore,
  source: string,
): SampleState {
  return {
    correct: score.success,
    verdictSource: source,
    status: score.status,
    metrics: { ...objectOf(sample.state.metrics), ...scoredMetrics(score) },
    detail: { ...objectOf(sample.state.detail), score },
  };
}

function summary(score: WideSearchSampleScore): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return `${score.success ? "success" : "no success"}: row F1 ${pct(score.rowF1)}, item F1 ${pct(score.itemF1)}; ${score.counts.matchedRows} of ${score.counts.goldRows} gold rows matched${score.unscoredCells ? `, ${score.unscoredCells} llm_judge cells unscored` : ""}${score.reason ? ` (${score.reason})` : ""}`;
}

/** The rule-based table scorer re-run on a stored response table (`llm_judge` cells left unscored). */
export function rescoreWideSearch(sample: ReevalSample): JudgeOutcome {
  if (sample.state.detail === null) throw new Error(RESULTS_ONLY);
  const { task, gold } = taskOf(sample);
  const score = scoreWideSearch(sample.prediction, task, gold);
  return {
    state: scoredState(sample, score, "rescore"),
    rationale: summary(score),
    judgeConfig: {
      scorer: "lib/benchmarks/widesearch score (rule metrics; llm_judge cells unscored)",
    },
  };
}

export const wideSearchJudge: TableJudge = {
  kind: "table",
  prompt: cellPrompt,
  resultsOnly: (state) => state.detail === null,
  async withLlm(sample, llm, source, fetchImpl) {
    if (sample.state.detail === null) throw new Error(RESULTS_ONLY);
    if (!llm.config) throw new Error(llm.why);
    const { task, gold } = taskOf(sample);
    const score = await scoreWideSearchAsync(sample.prediction, task, gold, {
      judge: llmCellJudge(llm.config, fetchImpl),
    });
    return {
      state: scoredState(sample, score, source),
      rationale: summary(score),
      judgeConfig: { ...publicJudgeConfig(llm.config), prompt: cellPrompt.source },
    };
  },
};

/** The task's gold table, each row labelled by its key cells; null when only evaluation CSVs came (no gold table stored). */
export function wideSearchGoldTable(extra: Record<string, unknown> | null): GoldTableView | null {
  const { gold, evaluation } = wideSearchTaskExtraSchema.partial().parse(extra ?? {});
  const keys = evaluation?.uniqueColumns ?? [];
  if (!gold) return null;
  const keyIndexes = keys.map((k) => gold.columns.indexOf(k)).filter((i) => i >= 0);
  const label = (row: string[]) =>
    (keyIndexes.length ? keyIndexes : [0])
      .map((i) => row[i])
      .join(" · ")
      .slice(0, 60);
  return { columns: gold.columns, rowLabels: gold.rows.map(label) };
}
