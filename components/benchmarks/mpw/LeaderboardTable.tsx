import { ModelCell } from "@/components/leaderboard/ModelCell";
import { ScrollRegion } from "@/components/ui/ScrollRegion";
import { RateWithCi } from "@/components/ui/Metric";
import { EstimateCell } from "./BreakdownTable";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import { primaryColumn } from "@/lib/benchmarks/board";
import { mpwInfo } from "@/lib/benchmarks/mpw/info";
import { decimal } from "@/lib/format";
import { SortHeader } from "@/components/leaderboard/SortHeader";
import { boardQuery, defaultDir, type BoardState } from "@/lib/benchmarks/board-state";
import type { MpwAggregateReport } from "@/lib/benchmarks/mpw/stored";
import { RankCell } from "@/components/leaderboard/BoardActions";
import {
  firstUnranked,
  HiddenColumns,
  rankLabel,
  StandingCells,
  standingColumnCount,
  StandingHeaders,
  UnrankedDivider,
  unreportedCostLabels,
} from "@/components/leaderboard/Standing";
import {
  STICKY_MODEL_HEAD,
  STICKY_PRIMARY_CELL,
  STICKY_PRIMARY_HEAD,
  STICKY_RANK_CELL,
  STICKY_RANK_HEAD,
} from "@/components/leaderboard/sticky";
import { TeamCell, TeamHeader } from "@/components/leaderboard/Team";

function sortHref(basePath: string, state: BoardState, sort: string): string {
  const dir = state.sort === sort ? (state.dir === "asc" ? "desc" : "asc") : defaultDir(sort);
  return basePath + boardQuery("mpw", { ...state, sort, dir });
}

export function LeaderboardTable({
  rows,
  state,
  adjudicated,
  basePath,
}: {
  rows: ReportBoardRow<MpwAggregateReport>[];
  state: BoardState;
  adjudicated: ReadonlyMap<number, number>;
  basePath: string;
}) {
  const setting = state.view.setting;
  if (rows.length === 0) {
    return (
      <p
        className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600"
        data-testid="leaderboard-empty"
      >
        No approved submission under setting {setting} yet.
      </p>
    );
  }
  return (
    <div>
      <ScrollRegion label="Leaderboard" className="rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full text-sm" data-testid="leaderboard" data-rows={rows.length}>
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className={`${STICKY_RANK_HEAD} px-3 py-2 text-right`}>#</th>
              <SortHeader
                label="Model"
                title="Model and agent"
                sort="model"
                state={state}
                href={sortHref(basePath, state, "model")}
                className={`${STICKY_MODEL_HEAD} px-3 py-2`}
              />
              {mpwInfo.board.columns.map((c, i) => (
                <SortHeader
                  key={c.key}
                  label={c.label}
                  title={c.title}
                  sort={c.key}
                  state={state}
                  href={sortHref(basePath, state, c.key)}
                  className={`${i === 0 ? STICKY_PRIMARY_HEAD : ""} px-3 py-2 text-right`}
                />
              ))}
              <TeamHeader className="px-3 py-2" />
              <StandingHeaders rows={rows} className="px-3 py-2" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row, i) => [
              firstUnranked(rows, i) ? (
                <UnrankedDivider
                  key="unranked"
                  colSpan={mpwInfo.board.columns.length + 3 + standingColumnCount(rows)}
                />
              ) : null,
              <tr
                key={row.submissionId}
                className="group hover:bg-slate-50"
                data-testid="leaderboard-row"
                data-model={row.model}
                data-pass1={row.report.pass1.value ?? ""}
                data-ranked={row.standing.ranked}
                data-verified={row.standing.verified}
              >
                <RankCell
                  rank={rankLabel(row.standing)}
                  submissionId={row.submissionId}
                  model={row.model}
                  className={`${STICKY_RANK_CELL} px-3 py-2`}
                />
                <ModelCell
                  row={row}
                  primary={primaryColumn(mpwInfo.board)}
                  adjudicated={adjudicated.get(row.submissionId) ?? 0}
                  unjudged={row.unjudged}
                  agent={row.agent}
                  padding="px-3 py-2"
                />
                <td className={`${STICKY_PRIMARY_CELL} px-3 py-2 text-right`}>
                  <EstimateCell estimate={row.report.pass1} />
                </td>
                <td className="px-3 py-2 text-right">
                  {setting === "A" ? (
                    <span className="text-slate-500">n/a</span>
                  ) : (
                    <EstimateCell estimate={row.report.fcr} />
                  )}
                </td>
                <td className="px-3 py-2 text-right">
                  {setting === "A" ? (
                    // No search in setting A: no answer can have been retrieved.
                    <span className="text-slate-500">n/a</span>
                  ) : row.report.grounding ? (
                    <RateWithCi
                      value={row.report.grounding.grounded}
                      lo={row.report.grounding.groundedCi?.lo ?? null}
                      hi={row.report.grounding.groundedCi?.hi ?? null}
                    />
                  ) : (
                    <span className="text-xs text-slate-500">not reported</span>
                  )}
                </td>
                <td className="px-3 py-2 text-right">
                  {setting === "A" ? (
                    <span className="text-slate-500">n/a</span>
                  ) : (
                    <EstimateCell estimate={row.report.hitRate} />
                  )}
                  {setting !== "A" && row.report.zeroCallSamples > 0 ? (
                    <span
                      className="block text-xs text-slate-500"
                      title="Samples without any tool call; their HitRate counts as 0"
                    >
                      {row.report.zeroCallSamples} w/o calls
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {decimal(row.report.toolCalls.value)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{row.report.n}</td>
                <TeamCell team={row.team} className="px-3 py-2" />
                <StandingCells row={row} rows={rows} />
              </tr>,
            ])}
          </tbody>
        </table>
      </ScrollRegion>
      <HiddenColumns labels={unreportedCostLabels(rows)} />
    </div>
  );
}
