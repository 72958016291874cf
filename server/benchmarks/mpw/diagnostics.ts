import "server-only";
import { getDb } from "@/db/client";
import { deltaFactsData, fcrPassData, listMpwModelSubmissions, truncatedData } from "./analysis";
import type { DeltaFacts, FcrPassBins, TruncatedCurves } from "@/lib/benchmarks/mpw/analysis";
import { modelSelections, type ModelSelection } from "@/lib/benchmarks/mpw/analysis-selection";
import { parseAnalysisPageState, type AnalysisPageState } from "@/lib/benchmarks/mpw/analysis-page";
import type { RawSearchParams } from "@/lib/url/search-params";

/** The paper's Figures 2 and 3 for the chosen models. */
export interface MpwDiagnosticsData {
  state: AnalysisPageState;
  /** Every model with a submission, for the picker. */
  models: string[];
  selections: ModelSelection[];
  /** FCR vs Pass@1 over each model's pooled settings. */
  fcrSeries: { selection: ModelSelection; ids: number[]; data: FcrPassBins }[];
  /** Δfacts(k) and FCR(k)/HitPrec(k) over each model's cohort submission. */
  cohortSeries: {
    selection: ModelSelection;
    id: number;
    delta: DeltaFacts;
    truncated: TruncatedCurves;
  }[];
}

/** MPW's analysis page (`/b/mpw/analysis`): its own state, not the leaderboard's. */
export async function mpwDiagnostics(searchParams: RawSearchParams): Promise<MpwDiagnosticsData> {
  const db = await getDb();
  const state = parseAnalysisPageState(searchParams);
  const all = await listMpwModelSubmissions(db);
  const selections = modelSelections(all, state);
  // Each series reads its own submissions: all of them at once.
  const [fcrSeries, cohortSeries] = await Promise.all([
    Promise.all(
      selections
        .filter((s) => s.pooled.length > 0)
        .map(async (selection) => {
          const ids = selection.pooled.map((p) => p.submissionId);
          return { selection, ids, data: await fcrPassData(db, ids, state.bins) };
        }),
    ),
    Promise.all(
      selections.flatMap((selection) =>
        selection.cohort === null
          ? []
          : [
              (async (id: number) => {
                const [delta, truncated] = await Promise.all([
                  deltaFactsData(db, [id], state.kCohort, state.nThreshold),
                  truncatedData(db, [id], state.kTrunc),
                ]);
                return { selection, id, delta, truncated };
              })(selection.cohort.submissionId),
            ],
      ),
    ),
  ]);
  return {
    state,
    models: [...new Set(all.map((s) => s.model))],
    selections,
    fcrSeries,
    cohortSeries,
  };
}
