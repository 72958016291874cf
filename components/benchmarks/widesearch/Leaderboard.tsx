import { ModelCell } from "@/components/leaderboard/ModelCell";
import { BoardHeader } from "@/components/leaderboard/BoardHeader";
import { SortHeader, StackHeader } from "@/components/leaderboard/SortHeader";
import { StackCell } from "@/components/leaderboard/StackCell";
import { TeamCell, TeamHeader, TeamNote } from "@/components/leaderboard/Team";
import { primaryColumn, stackColumns } from "@/lib/benchmarks/board";
import { wideSearchModule } from "@/lib/benchmarks/widesearch";
import { ScrollRegion } from "@/components/ui/ScrollRegion";
import { ciBracket, decimal, percent } from "@/lib/format";
import { boardQuery, defaultDir, type BoardState } from "@/lib/benchmarks/board-state";
import type { WideSearchStoredAggregate } from "@/lib/benchmarks/widesearch/stored-aggregate";
import type { ReportLeaderboardData } from "@/server/benchmarks/board";
import type { BoardPageProps } from "../types";
import { LanguagePicker, NoRows, WideSearchPlots } from "./Diagnostics";
import { BoardActions, RankCell } from "@/components/leaderboard/BoardActions";
import {
  CostAccuracySection,
  NoVerifiedRows,
  StandingNote,
  VerifiedFilter,
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

const BASE = "/b/widesearch";
/** The columns with a CI over tasks in the stored aggregate. */
const WITH_CI = ["successAvg", "rowF1Avg", "itemF1Avg"] as const;
const hasCi = (key: string): key is (typeof WITH_CI)[number] =>
  (WITH_CI as readonly string[]).includes(key);

/** A figure's 95% interval over tasks, as the table writes it; null where the aggregate has none. */
function intervalOf(a: WideSearchStoredAggregate, key: string): string | null {
  const ci = hasCi(key) ? a.ci[key] : null;
  return ci && hasCi(key) ? ciBracket(a[key], ci.lo, ci.hi, "rate") : null;
}

const query = (state: BoardState) => boardQuery("widesearch", state);

export function WideSearchLeaderboard({
  data: { state, rows, adjudicated },
}: BoardPageProps<ReportLeaderboardData<WideSearchStoredAggregate>>) {
  const sortHref = (sort: string) =>
    BASE +
    query({
      ...state,
      sort,
      dir: state.sort === sort ? (state.dir === "asc" ? "desc" : "asc") : defaultDir(sort),
    });
  // The primary metric (the first column) always shows; another column only when a row reports it.
  const [primary, ...rest] = wideSearchModule.board.columns;
  const columns = [primary, ...rest.filter((c) => rows.some((row) => row.report[c.key] !== null))];
  const hidden = rest.filter((c) => !columns.includes(c)).map((c) => c.label);
  const stacks = stackColumns(columns);
  return (
    <div className="space-y-5">
      <BoardHeader
        id="widesearch"
        name={wideSearchModule.name}
        page="leaderboard"
        query={query({ ...state, sort: "successAvg", dir: "desc" })}
      >
        Agents fill a whole table; a run succeeds only when every row and cell is right. Avg@N
        averages a task&apos;s N runs, Pass@N asks whether any run succeeded, Max@N takes the best
        run. The gap between precision and recall is the paper&apos;s key finding: agents write what
        they find correctly but miss rows.
      </BoardHeader>
      <LanguagePicker state={state} path={BASE} />
      <VerifiedFilter
        verified={state.verified}
        href={(verified) => BASE + query({ ...state, verified })}
      />
      {rows.length ? <BoardActions id="widesearch" query={query(state)} /> : null}
      {rows.length === 0 && state.verified ? (
        <NoVerifiedRows allHref={BASE + query({ ...state, verified: false })} />
      ) : rows.length === 0 ? (
        <NoRows />
      ) : (
        <div>
          <ScrollRegion label="Leaderboard" className="rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-sm" data-testid="leaderboard" data-rows={rows.length}>
              <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className={`${STICKY_RANK_HEAD} px-2 py-2 text-right`}>#</th>
                  <SortHeader
                    label="Model"
                    title="Model and agent"
                    sort="model"
                    state={state}
                    href={sortHref("model")}
                    className={`${STICKY_MODEL_HEAD} px-2 py-2`}
                  />
                  {stacks.map((stack, i) => (
                    <StackHeader
                      key={stack.columns[0].key}
                      stack={stack}
                      state={state}
                      sortHref={sortHref}
                      className={`${i === 0 ? STICKY_PRIMARY_HEAD : ""} px-2 py-2 text-right`}
                    />
                  ))}
                  <TeamHeader className="px-2 py-2" />
                  <StandingHeaders rows={rows} className="px-2 py-2" />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row, i) => {
                  const a = row.report;
                  return [
                    firstUnranked(rows, i) ? (
                      <UnrankedDivider
                        key="unranked"
                        colSpan={stacks.length + 3 + standingColumnCount(rows)}
                      />
                    ) : null,
                    <tr
                      key={row.submissionId}
                      className="group hover:bg-slate-50"
                      data-testid="leaderboard-row"
                      data-model={row.model}
                      data-success-avg={a.successAvg ?? ""}
                      data-ranked={row.standing.ranked}
                      data-verified={row.standing.verified}
                    >
                      <RankCell
                        rank={rankLabel(row.standing)}
                        submissionId={row.submissionId}
                        model={row.model}
                        className={`${STICKY_RANK_CELL} px-2 py-2`}
                      />
                      <ModelCell
                        row={row}
                        primary={primaryColumn(wideSearchModule.board)}
                        adjudicated={adjudicated.get(row.submissionId) ?? 0}
                        unjudged={row.unjudged}
                        detail={
                          (row.agent ?? row.setting) +
                          (row.hasTrajectories ? "" : " · results only") +
                          (a.incompleteSamples > 0
                            ? ` · ${a.incompleteSamples} runs with unscored llm_judge cells`
                            : "")
                        }
                        padding="px-2 py-2"
                      />
                      {stacks.map((stack, i) => (
                        <StackCell
                          key={stack.columns[0].key}
                          stack={stack}
                          className={i === 0 ? STICKY_PRIMARY_CELL : ""}
                          title={(c) => {
                            const interval = intervalOf(a, c.key);
                            return interval ? `95% CI over tasks ${interval}` : undefined;
                          }}
                          figure={(c) => {
                            const value = a[c.key];
                            const interval = intervalOf(a, c.key);
                            return (
                              <>
                                {c.kind === "rate"
                                  ? percent(value)
                                  : c.kind === "count"
                                    ? value
                                    : decimal(value, 1)}
                                {interval ? (
                                  <span className="block whitespace-nowrap text-xs text-slate-500">
                                    {interval}
                                  </span>
                                ) : null}
                              </>
                            );
                          }}
                        />
                      ))}
                      <TeamCell team={row.team} className="px-2 py-2" />
                      <StandingCells row={row} rows={rows} />
                    </tr>,
                  ];
                })}
              </tbody>
            </table>
          </ScrollRegion>
          <HiddenColumns labels={[...hidden, ...unreportedCostLabels(rows)]} />
        </div>
      )}
      {rows.length > 0 ? (
        <CostAccuracySection
          rows={rows}
          metric="Success rate (Avg@N)"
          primary={(row) => ({
            value: row.report.successAvg,
            lo: row.report.ci.successAvg?.lo ?? null,
            hi: row.report.ci.successAvg?.hi ?? null,
          })}
        />
      ) : null}
      {/* The paper's plots stay under the table, where this board's readers have always found them. */}
      {rows.length > 0 ? <WideSearchPlots rows={rows} /> : null}
      <p className="text-xs text-slate-500">
        CIs [lo, hi] are 95% percentile-bootstrap intervals over tasks. &quot;Results only&quot;
        submissions were imported from the producer&apos;s evaluation CSVs: their figures are the
        producer&apos;s, checked to reproduce its own summary; they have no trajectories or tables
        to inspect.
      </p>
      {rows.length > 0 ? <TeamNote /> : null}
      <StandingNote
        basis={rows[0]?.standing.basis ?? null}
        rules={wideSearchModule.standing}
        ciOver="tasks"
      />
    </div>
  );
}
