import { PrecisionRecallChart } from "@/components/charts/PrecisionRecallChart";
import { ScalingChart } from "@/components/charts/ScalingChart";
import { BoardHeader } from "@/components/leaderboard/BoardHeader";
import { PillLinks } from "@/components/ui/PillLinks";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import { wideSearchModule } from "@/lib/benchmarks/widesearch";
import { boardQuery, withView, type BoardState } from "@/lib/benchmarks/board-state";
import { WIDESEARCH_LANGUAGES } from "@/lib/benchmarks/widesearch/board";
import { seriesLabels } from "@/lib/format";
import type { WideSearchStoredAggregate } from "@/lib/benchmarks/widesearch/stored-aggregate";
import type { ReportBoardLoaded } from "@/server/benchmarks/board";
import type { BoardPageProps } from "../types";

const LANGUAGE_LABELS = { all: "all", en: "English", zh: "Chinese" } as const;

type WideSearchRow = ReportBoardRow<WideSearchStoredAggregate>;

export function LanguagePicker({ state, path }: { state: BoardState; path: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <PillLinks
        label="Language"
        testId="language-picker"
        links={WIDESEARCH_LANGUAGES.map((lang) => ({
          label: LANGUAGE_LABELS[lang],
          href: path + boardQuery("widesearch", withView(state, "lang", lang)),
          active: state.view.lang === lang,
        }))}
      />
    </div>
  );
}

export function NoRows() {
  return (
    <p
      className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600"
      data-testid="leaderboard-empty"
    >
      No approved WideSearch submission has tasks in this language.
    </p>
  );
}

/** Precision against recall, and test-time scaling (Pass@k, Max@k) over each task's runs. */
export function WideSearchPlots({ rows }: { rows: WideSearchRow[] }) {
  // Two runs of one model (another agent, setting or team) get names that tell them apart.
  const labels = seriesLabels(
    rows.map((r) => ({
      id: r.submissionId,
      model: r.model,
      details: [r.agent, r.setting, r.team],
    })),
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold">Precision vs recall (Avg@N)</h2>
        <p className="text-xs text-slate-500">
          Points below the diagonal: the agent is more precise than complete — it misses rows rather
          than inventing them.
        </p>
        <PrecisionRecallChart
          points={rows.map((r, i) => ({
            label: labels[i],
            rowPrecision: r.report.rowPrecisionAvg,
            rowRecall: r.report.rowRecallAvg,
            itemPrecision: r.report.itemPrecisionAvg,
            itemRecall: r.report.itemRecallAvg,
          }))}
        />
      </section>
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold">Test-time scaling: Pass@k and Max@k</h2>
        <p className="text-xs text-slate-500">
          Unbiased estimators over each task&apos;s N runs (k ≤ N). Only submissions with more than
          one run per task are drawn.
        </p>
        <ScalingChart
          series={rows.flatMap((r, i) =>
            r.report.scaling.length > 1 ? [{ label: labels[i], points: r.report.scaling }] : [],
          )}
        />
      </section>
    </div>
  );
}

export function WideSearchDiagnostics({
  data: { state, rows },
}: BoardPageProps<ReportBoardLoaded<WideSearchStoredAggregate>>) {
  const path = "/b/widesearch/analysis";
  return (
    <div className="space-y-5">
      <BoardHeader
        id="widesearch"
        name={wideSearchModule.name}
        page="diagnostics"
        query={boardQuery("widesearch", { ...state, sort: "successAvg", dir: "desc" })}
      >
        Where agents lose rows: precision against recall per submission, and how success and item F1
        grow with the number of runs a task gets.
      </BoardHeader>
      <LanguagePicker state={state} path={path} />
      {rows.length === 0 ? <NoRows /> : <WideSearchPlots rows={rows} />}
    </div>
  );
}
