/** Which submissions each analysis plot draws, from the page's state. Pure. */
import type { AnalysisPageState } from "./analysis-page";

export interface SubmissionSummary {
  submissionId: number;
  model: string;
  setting: string;
  pass1: number | null;
  fcr: number | null;
  n: number;
}

export interface ModelSelection {
  model: string;
  /** Submissions pooled into the FCR-vs-Pass@1 curve. */
  pooled: SubmissionSummary[];
  /** The submission of the cohort setting (Δfacts(k), FCR(k)/HitPrec(k)), if the model has one. */
  cohort: SubmissionSummary | null;
  /** Model-level points (mean FCR, Pass@1) of each pooled setting. */
  settingPoints: { setting: string; fcr: number; pass1: number }[];
  /** Setting A Pass@1: the synthesis upper bound, drawn at FCR = 1. */
  settingA: number | null;
}

const DEFAULT_MODEL_COUNT = 3;

/** Models chosen in the URL, or else the three best on Setting C (the paper's Figure 2 shows three). */
function selectedModels(all: readonly SubmissionSummary[], state: AnalysisPageState): string[] {
  const known = new Set(all.map((s) => s.model));
  const chosen = state.models.filter((m) => known.has(m));
  if (chosen.length) return chosen;
  return all
    .filter((s) => s.setting === "C" && s.pass1 !== null)
    .sort((a, b) => (b.pass1 ?? 0) - (a.pass1 ?? 0))
    .slice(0, DEFAULT_MODEL_COUNT)
    .map((s) => s.model);
}

export function modelSelections(
  all: readonly SubmissionSummary[],
  state: AnalysisPageState,
): ModelSelection[] {
  return selectedModels(all, state).map((model) => {
    const own = all.filter((s) => s.model === model);
    const pooled = own.filter((s) => (state.pool as readonly string[]).includes(s.setting));
    return {
      model,
      pooled,
      cohort: own.find((s) => s.setting === state.cohortSetting) ?? null,
      settingPoints: pooled
        .filter(
          (s): s is SubmissionSummary & { fcr: number; pass1: number } =>
            s.fcr !== null && s.pass1 !== null,
        )
        .map((s) => ({ setting: s.setting, fcr: s.fcr, pass1: s.pass1 })),
      settingA: own.find((s) => s.setting === "A")?.pass1 ?? null,
    };
  });
}
