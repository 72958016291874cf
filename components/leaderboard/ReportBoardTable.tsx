import Link from "next/link";
import { AdjudicatedBadge } from "@/components/reeval/AdjudicatedBadge";
import { UnjudgedBadge } from "@/components/leaderboard/UnjudgedBadge";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import type { BoardColumn } from "@/lib/benchmarks/board";
import { ciInterval, decimal, percent } from "@/lib/format";
import type { Interval } from "@/lib/metrics/bootstrap";
import { RankCell } from "./BoardActions";
import { SortHeader } from "./SortHeader";
import { TeamCell, TeamHeader } from "./Team";
import {
  firstUnranked,
  rankLabel,
  standingColumnCount,
  StandingBadges,
  StandingCells,
  StandingHeaders,
  UnrankedDivider,
} from "./Standing";
import { STICKY_MODEL_CELL, STICKY_MODEL_HEAD, STICKY_RANK_CELL, STICKY_RANK_HEAD } from "./sticky";

function Cell({
  kind,
  value,
  ci,
}: {
  kind: BoardColumn["kind"];
  value: number | null;
  ci: Interval | null | undefined;
}) {
  return (
    <td
      className="px-2 py-2 text-right tabular-nums"
      title={ci ? `95% CI ${percent(ci.lo)}–${percent(ci.hi)}` : undefined}
    >
      {kind === "rate" ? percent(value) : kind === "count" ? (value ?? "—") : decimal(value)}
      {ci && kind === "rate" ? (
        <span className="ml-1 whitespace-nowrap text-xs text-slate-500">
          {ciInterval(ci.lo, ci.hi)}
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
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
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
            {columns.map((c) => (
              <SortHeader
                key={c.key}
                label={c.label}
                title={c.title}
                sort={c.key}
                state={state}
                href={sortHref(c.key)}
                className="px-2 py-2 text-right"
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
                colSpan={columns.length + 3 + standingColumnCount(rows)}
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
                  className="font-medium text-indigo-700 hover:underline sm:whitespace-nowrap"
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
              </td>
              {columns.map((c) => (
                <Cell
                  key={c.key}
                  kind={c.kind}
                  value={row.values[c.key] ?? null}
                  ci={row.cis[c.key]}
                />
              ))}
              <TeamCell team={row.team} className="px-2 py-2" />
              <StandingCells row={row} rows={rows} />
            </tr>,
          ])}
        </tbody>
      </table>
    </div>
  );
}
