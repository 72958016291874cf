/**
 * The judges the re-evaluation panel offers for a benchmark, each disabled with a reason
 * where it does not apply. Pure; reads the registry, so it stays out of browser bundles
 * (./describe.ts is what client components import).
 */
import { benchmarkModule } from "../benchmarks/registry";
import { JUDGE_LABELS } from "../judges/types";
import type { JudgeOption } from "./describe";

/** Whether the benchmark is judged by a table scorer (cell by cell) rather than answer by answer, and its name. */
function judging(benchmark: string): { table: boolean; name: string } {
  const { judge, name } = benchmarkModule(benchmark);
  return { table: judge.kind === "table", name };
}

/** The judges a maintainer may re-judge this sample with, each disabled with a reason when it does not apply. */
export function rejudgeOptions(
  benchmark: string,
  input: {
    hasStoredGraderOutput: boolean;
    hasGold: boolean;
    llmUnavailable: string | null;
    resultsOnly?: boolean;
  },
): JudgeOption[] {
  const { table: byTable, name } = judging(benchmark);
  const table = byTable ? `a ${name} verdict comes from its table scorer: use Re-score` : null;
  const gold = input.hasGold ? null : "this task has no gold answer";
  const noTable =
    byTable && input.resultsOnly
      ? "this sample came as an evaluation CSV: there is no response table to judge"
      : null;
  return [
    { id: "exact", label: JUDGE_LABELS.exact, disabled: table ?? gold },
    { id: "numeric", label: JUDGE_LABELS.numeric, disabled: table ?? gold },
    {
      id: "grader",
      label: JUDGE_LABELS.grader,
      disabled:
        table ??
        (input.hasStoredGraderOutput ? null : "no grader output is stored with this sample"),
    },
    {
      id: "llm",
      label: byTable ? "LLM judge (llm_judge cells)" : JUDGE_LABELS.llm,
      disabled: noTable ?? input.llmUnavailable ?? (byTable ? null : gold),
    },
  ];
}

/** The judges that may re-evaluate a task's samples after its gold changed. */
export function jobJudgeOptions(benchmark: string, llmUnavailable: string | null): JudgeOption[] {
  if (judging(benchmark).table) {
    return [
      { id: "exact", label: "table scorer (rule metrics)", disabled: null },
      {
        id: "llm",
        label: "table scorer with the LLM judge for llm_judge cells",
        disabled: llmUnavailable,
      },
    ];
  }
  return [
    { id: "exact", label: JUDGE_LABELS.exact, disabled: null },
    { id: "numeric", label: JUDGE_LABELS.numeric, disabled: null },
    { id: "llm", label: JUDGE_LABELS.llm, disabled: llmUnavailable },
  ];
}
