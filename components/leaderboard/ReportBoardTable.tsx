import Link from "next/link";
import { AdjudicatedBadge } from "@/components/reeval/AdjudicatedBadge";
import { UnjudgedBadge } from "@/components/leaderboard/UnjudgedBadge";
import { ScrollRegion } from "@/components/ui/ScrollRegion";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import type { BoardColumn } from "@/lib/benchmarks/board";
import { ciBracket, decimal, percent } from "@/lib/format";
import type { Interval } from "@/lib/metrics/bootstrap";
import { RankCell } from "./BoardActions";
import { RowHistory } from "./RowHistory";
import { SortHeader } from "./SortHeader";
import { TeamCell, TeamHeader } from "./Team";
import {
  firstUnranked,
  HiddenColumns,
  rankLabel,
  standingColumnCount,
  StandingBadges,
  StandingCells,
  StandingHeaders,
  UnrankedDivider,
  unreportedCostLabels,
} from "./Standing";
import {
  STICKY_MODEL_CELL,
  STICKY_MODEL_HEAD,
  STICKY_PRIMARY_CELL,
  STICKY_PRIMARY_HEAD,
  STICKY_RANK_CELL,
  STICKY_RANK_HEAD,
} from "./sticky";

function Cell({
  kind,
  value,
  ci,
  className = "",
}: {
  kind: BoardColumn["kind"];
  value: number | null;
  ci: Interval | null | undefined;
  className?: string;
}) {
  const interval = ci && kind === "rate" ? ciBracket(value, ci.lo, ci.hi, "rate") : null;
  return (
    <td
      className={`${className} px-2 py-2 text-right tabular-nums`}
      title={interval ? `95% CI ${interval}` : undefined}
    >
      {kind === "rate" ? percent(value) : kind === "count" ? (value ?? "—") : decimal(value)}
      {interval ? (
        <span className="ml-1 whitespace-nowrap text-xs text-slate-500">{interval}</span>
      ) : kind === "rate" && ci === null && value === 0 ? (
        // A rate with no interval is one whose denominator is empty (e.g. no refusals): the
        // paper sets it to 0; a measured 0 has its bootstrap interval [0.0, 0.0].
        <span
          className="ml-1 whitespace-nowrap text-xs text-amber-800"
          title="Nothing to measure it on in this submission (its denominator is empty, e.g. no refusals), so it is 0 by the paper's definition and has no interval"
          data-testid="empty-denominator"
        >
          [empty, set to 0]
        </span>
      ) : null}
    </td>
  );
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
              {shown.map((c, i) => (
                <SortHeader
                  key={c.key}
                  label={c.label}
                  title={c.title}
                  sort={c.key}
                  state={state}
                  href={sortHref(c.key)}
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
                  colSpan={shown.length + 3 + standingColumnCount(rows)}
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
                <td className={`${STICKY_MODEL_CELL} px-2 py-2`}>
                  <Link
                    href={`/s/${row.submissionId}`}
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    <bdi>{row.model}</bdi>
                  </Link>
                  <AdjudicatedBadge count={adjudicated.get(row.submissionId) ?? 0} />
                  <UnjudgedBadge count={row.unjudged} />
                  <span className="ml-1 block text-xs text-slate-500">
                    {[row.agent, row.setting !== "default" ? row.setting : null]
                      .filter(Boolean)
                      .join(" · ") || "—"}
                    {row.hasTrajectories ? "" : " · no trajectories"}
                  </span>
                  <StandingBadges standing={row.standing} />
                  <RowHistory history={row.history} primary={columns[0]} />
                </td>
                {shown.map((c, i) => (
                  <Cell
                    key={c.key}
                    kind={c.kind}
                    value={row.values[c.key] ?? null}
                    ci={row.cis[c.key]}
                    className={i === 0 ? STICKY_PRIMARY_CELL : ""}
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
