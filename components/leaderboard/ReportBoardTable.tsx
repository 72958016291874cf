import { ModelCell } from "./ModelCell";
import { ScrollRegion } from "@/components/ui/ScrollRegion";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import { stackColumns, type BoardColumn } from "@/lib/benchmarks/board";
import { ciBracket, decimal, percent } from "@/lib/format";
import type { Interval } from "@/lib/metrics/bootstrap";
import { RankCell } from "./BoardActions";
import { SortHeader, StackHeader } from "./SortHeader";
import { StackCell } from "./StackCell";
import { TeamCell, TeamHeader } from "./Team";
import {
  firstUnranked,
  HiddenColumns,
  rankLabel,
  standingColumnCount,
  StandingCells,
  StandingHeaders,
  UnrankedDivider,
  unreportedCostLabels,
} from "./Standing";
import {
  STICKY_MODEL_HEAD,
  STICKY_PRIMARY_CELL,
  STICKY_PRIMARY_HEAD,
  STICKY_RANK_CELL,
  STICKY_RANK_HEAD,
} from "./sticky";

/** A column's figure: its value, its interval (a rate's) on a line of its own. */
function Figure({
  kind,
  value,
  interval,
  ci,
}: {
  kind: BoardColumn["kind"];
  value: number | null;
  interval: string | null;
  ci: Interval | null | undefined;
}) {
  return (
    <>
      {kind === "rate" ? percent(value) : kind === "count" ? (value ?? "—") : decimal(value)}
      {interval ? (
        <span className="block whitespace-nowrap text-xs text-slate-500">{interval}</span>
      ) : kind === "rate" && ci === null && value === 0 ? (
        // A rate with no interval is one whose denominator is empty (e.g. no refusals): the
        // paper sets it to 0; a measured 0 has its bootstrap interval [0.0, 0.0].
        <span
          className="block whitespace-nowrap text-xs text-amber-800"
          title="Nothing to measure it on in this submission (its denominator is empty, e.g. no refusals), so it is 0 by the paper's definition and has no interval"
          data-testid="empty-denominator"
        >
          [empty, set to 0]
        </span>
      ) : null}
    </>
  );
}

/** A rate's 95% interval, as the table writes it; null for other kinds and without one. */
function intervalOf(
  row: { values: Record<string, number | null>; cis: Record<string, Interval | null> },
  c: BoardColumn,
): string | null {
  const ci = row.cis[c.key];
  return ci && c.kind === "rate"
    ? ciBracket(row.values[c.key] ?? null, ci.lo, ci.hi, "rate")
    : null;
}

/** A stored-report board's table: one row per submission, the board's columns with their CIs. */
export function ReportBoardTable<Report>({
  columns,
  rows,
  version,
  state,
  sortHref,
  adjudicated,
}: {
  columns: readonly BoardColumn[];
  rows: ReportBoardRow<Report>[];
  version: string | null;
  state: { sort: string; dir: string };
  sortHref: (sort: string) => string;
  adjudicated: ReadonlyMap<number, number>;
}) {
  // The primary metric (the first column) always shows; another column only when a row reports it.
  const [primary, ...rest] = columns;
  const shown = [
    primary,
    ...rest.filter((c) => rows.some((row) => (row.values[c.key] ?? null) !== null)),
  ];
  const hidden = rest.filter((c) => !shown.includes(c)).map((c) => c.label);
  const stacks = stackColumns(shown);
  return (
    <div>
      <ScrollRegion label="Leaderboard" className="rounded-lg border border-slate-200 bg-white">
        <table
          className="min-w-full text-sm"
          data-testid="leaderboard"
          data-rows={rows.length}
          data-version={version ?? ""}
        >
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className={`${STICKY_RANK_HEAD} px-2 py-2 text-right`}>#</th>
              <SortHeader
                label="Model"
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
            {rows.map((row, i) => [
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
                data-setting={row.setting}
                data-primary={row.values[columns[0].key] ?? ""}
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
                  primary={columns[0]}
                  adjudicated={adjudicated.get(row.submissionId) ?? 0}
                  unjudged={row.unjudged}
                  detail={
                    ([row.agent, row.setting !== "default" ? row.setting : null]
                      .filter(Boolean)
                      .join(" · ") || "—") + (row.hasTrajectories ? "" : " · no trajectories")
                  }
                  padding="px-2 py-2"
                />
                {stacks.map((stack, i) => (
                  <StackCell
                    key={stack.columns[0].key}
                    stack={stack}
                    className={i === 0 ? STICKY_PRIMARY_CELL : ""}
                    title={(c) => {
                      const interval = intervalOf(row, c);
                      return interval ? `95% CI ${interval}` : undefined;
                    }}
                    figure={(c) => (
                      <Figure
                        kind={c.kind}
                        value={row.values[c.key] ?? null}
                        interval={intervalOf(row, c)}
                        ci={row.cis[c.key]}
                      />
                    )}
                  />
                ))}
                <TeamCell team={row.team} className="px-2 py-2" />
                <StandingCells row={row} rows={rows} />
              </tr>,
            ])}
          </tbody>
        </table>
      </ScrollRegion>
      <HiddenColumns labels={[...hidden, ...unreportedCostLabels(rows)]} />
    </div>
  );
}
