import type { ComponentType } from "react";
import type { BoardPageProps, BoardViews } from "@/components/benchmarks/types";
import { PillLinks } from "@/components/ui/PillLinks";
import type { ReportBoardRow } from "@/db/queries/seekboard";
import { assertNever } from "@/lib/assert-never";
import type { Board } from "@/lib/benchmarks/board";
import { boardQuery, defaultDir, withView, type BoardState } from "@/lib/benchmarks/board-state";
import type { BenchmarkId } from "@/lib/benchmarks/info";
import type { StandingRules } from "@/lib/standing/rules";
import type { RawSearchParams } from "@/lib/url/search-params";
import type { ReportBoardLoaded, ReportLeaderboardData } from "@/server/benchmarks/board";
import { BoardHeader, type BoardPage } from "./BoardHeader";
import { ReportBoardTable } from "./ReportBoardTable";
import { TeamNote } from "./Team";
import { BoardActions } from "./BoardActions";
import { CostAccuracySection, NoVerifiedRows, StandingNote, VerifiedFilter } from "./Standing";

/** A benchmark's diagnostic plots over the board's rows (the submissions shown). */
export type BoardPlots<Report> = ComponentType<{
  rows: ReportBoardRow<Report>[];
  searchParams: RawSearchParams;
}>;

interface ReportBoardModule<Report> {
  id: BenchmarkId;
  name: string;
  board: Board<Report>;
  standing: StandingRules;
}

/** A picker per view parameter (version or dataset, setting, split); each link keeps the page and the rest of the state. */
function Pickers<Report>({
  module: { id, board },
  loaded,
  path,
}: {
  module: ReportBoardModule<Report>;
  loaded: ReportBoardLoaded<Report>;
  path: string;
}) {
  const { versions, version, settings, resolved, state } = loaded;
  const pickers = board.views.flatMap((view) => {
    const href = (value: string | null) =>
      path + boardQuery(id, withView(resolved, view.param, value));
    switch (view.picks) {
      case "version": {
        if (versions.length === 0) return [];
        // Versions are newest first and the newest is the default (named by no parameter); datasets
        // come by their latest approved submission, so the default moves: a link names its dataset.
        const byVersion = view.param === "version";
        return [
          <PillLinks
            key={view.param}
            label={byVersion ? "Benchmark version" : "Dataset"}
            testId={byVersion ? "version-picker" : "dataset-picker"}
            links={versions.map((v, i) => ({
              label: `${board.versionLabel(v)}${byVersion && i === 0 ? " (newest)" : ""}`,
              href: href(byVersion && i === 0 ? null : v),
              active: v === version,
            }))}
          />,
        ];
      }
      case "setting":
      case "split": {
        const values = view.values ?? (settings.length > 1 ? ["all", ...settings] : []);
        if (values.length === 0) return [];
        return [
          <PillLinks
            key={view.param}
            label={view.param === "setting" ? "Setting" : view.param}
            testId={`${view.param}-picker`}
            links={values.map((value) => ({
              label: value,
              href: href(value),
              active: state.view[view.param] === value,
            }))}
          />,
        ];
      }
      default:
        return assertNever(view);
    }
  });
  return pickers.length ? (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">{pickers}</div>
  ) : null;
}

function Empty<Report>({
  module: { name, board },
  version,
}: {
  module: ReportBoardModule<Report>;
  version: string | null;
}) {
  return (
    <p
      className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600"
      data-testid="leaderboard-empty"
    >
      No approved {name} submission yet{version ? ` for ${board.versionLabel(version)}` : ""}.
    </p>
  );
}

/**
 * Both pages of a stored-report board, for one module: the leaderboard (pickers, table,
 * and the plots when `plotsOnLeaderboard`) and the diagnostics page (pickers and plots).
 */
export function reportBoardViews<Report>(
  module: ReportBoardModule<Report>,
  {
    intro,
    Plots,
    plotsOnLeaderboard,
  }: { intro: string; Plots: BoardPlots<Report>; plotsOnLeaderboard: boolean },
): BoardViews<ReportLeaderboardData<Report>, ReportBoardLoaded<Report>> {
  const { id, name, board } = module;
  // The switch carries the filters (version, setting) across, not the sort.
  const filters = (state: BoardState) =>
    boardQuery(id, { ...state, sort: board.primary, dir: defaultDir(board.primary) });
  const header = (page: BoardPage, state: BoardState) => (
    <BoardHeader id={id} name={name} page={page} query={filters(state)}>
      {intro}
    </BoardHeader>
  );
  const ciNote = (
    <p className="text-xs text-slate-500">
      CIs [lo, hi] are 95% percentile-bootstrap intervals over {board.ciOver}.
    </p>
  );

  function Leaderboard({
    data: loaded,
    searchParams,
  }: BoardPageProps<ReportLeaderboardData<Report>>) {
    const { rows, version, resolved, state, adjudicated } = loaded;
    const sortHref = (sort: string) =>
      `/b/${id}${boardQuery(id, { ...resolved, sort, dir: state.sort === sort ? (state.dir === "asc" ? "desc" : "asc") : defaultDir(sort) })}`;
    return (
      <div className="space-y-5">
        {header("leaderboard", resolved)}
        <Pickers module={module} loaded={loaded} path={`/b/${id}`} />
        <VerifiedFilter
          verified={state.verified}
          href={(verified) => `/b/${id}${boardQuery(id, { ...resolved, verified })}`}
        />
        {rows.length ? <BoardActions id={id} query={boardQuery(id, resolved)} /> : null}
        {rows.length === 0 && state.verified ? (
          <NoVerifiedRows allHref={`/b/${id}${boardQuery(id, { ...resolved, verified: false })}`} />
        ) : rows.length === 0 ? (
          <Empty module={module} version={version} />
        ) : (
          <ReportBoardTable
            columns={board.columns}
            rows={rows}
            version={version}
            state={state}
            sortHref={sortHref}
            adjudicated={adjudicated}
          />
        )}
        {ciNote}
        {rows.length > 0 ? <TeamNote /> : null}
        <StandingNote
          basis={rows[0]?.standing.basis ?? null}
          rules={module.standing}
          ciOver={board.ciOver}
        />
        {rows.length > 0 ? (
          <CostAccuracySection
            rows={rows}
            metric={board.columns.find((c) => c.key === board.primary)?.label ?? board.primary}
            primary={(row) => ({
              value: row.values[board.primary] ?? null,
              lo: row.cis[board.primary]?.lo ?? null,
              hi: row.cis[board.primary]?.hi ?? null,
            })}
          />
        ) : null}
        {rows.length > 0 && plotsOnLeaderboard ? (
          <Plots rows={rows} searchParams={searchParams} />
        ) : null}
      </div>
    );
  }

  function Diagnostics({ data: loaded, searchParams }: BoardPageProps<ReportBoardLoaded<Report>>) {
    return (
      <div className="space-y-5">
        {header("diagnostics", loaded.resolved)}
        <Pickers module={module} loaded={loaded} path={`/b/${id}/analysis`} />
        {loaded.rows.length === 0 ? (
          <Empty module={module} version={loaded.version} />
        ) : (
          <Plots rows={loaded.rows} searchParams={searchParams} />
        )}
      </div>
    );
  }

  return { Leaderboard, Diagnostics };
}
