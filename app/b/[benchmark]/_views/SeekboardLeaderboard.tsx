import Link from "next/link";
import { PillLinks } from "@/components/ui/PillLinks";
import { BENCHMARKS } from "@/lib/benchmarks/registry";
import { AdjudicatedBadge } from "@/components/reeval/AdjudicatedBadge";
import { getDb } from "@/db/client";
import { adjudicatedCounts } from "@/db/queries/audit";
import { boardSettings, getSeekboardLeaderboard, versionLabel, type SeekboardLeaderboardRow } from "@/db/queries/seekboard";
import { ciHalfWidth, decimal, percent } from "@/lib/format";
import { BOARD_COLUMNS, boardQuery, defaultDir, parseBoardState, type BoardState, type SeekboardBoard } from "@/lib/seekboard/board";
import type { RawSearchParams } from "@/lib/url/search-params";
import { EvoPlots } from "./EvoPlots";
import { InfoMosaicPlots } from "./InfoMosaicPlots";
import { WebDetectivePlots } from "./WebDetectivePlots";

const INTRO: Record<SeekboardBoard, string> = {
  webdetective:
    "Multi-hop questions without hints. Each sample's evidence chain tells whether the agent had the knowledge (found by search, or known: probed correctly); the scores separate finding knowledge from using it — and refusing when it is missing.",
  evobrowsecomp:
    "BrowseComp-style questions regenerated over time: a board holds one benchmark version only. Accuracy is the mean over runs; the exceed ratio is the share of tool-based runs that hit the tool-call limit.",
  infomosaic:
    "Questions that need several sources across six domains, answered with web-only or domain-specific tools. Accuracy counts exactly correct answers (score 2); pass rate is the share of a task's testcases the answer satisfies.",
  qa: "Any BrowseComp-style QA set in the Seekboard bundle format. A board holds one dataset; accuracy is the mean over tasks of the mean over runs, and the calibration error compares stated confidence with accuracy.",
};

function sortHref(board: SeekboardBoard, state: BoardState, sort: string): string {
  const dir = state.sort === sort ? (state.dir === "asc" ? "desc" : "asc") : defaultDir(sort);
  return `/b/${board}${boardQuery(board, { ...state, sort, dir })}`;
}

function Cell({ kind, value, ci }: { kind: "rate" | "count" | "number"; value: number | null; ci: { lo: number; hi: number } | null | undefined }) {
  return (
    <td className="px-2 py-2 text-right tabular-nums" title={ci ? `95% CI ${percent(ci.lo)}–${percent(ci.hi)}` : undefined}>
      {kind === "rate" ? percent(value) : kind === "count" ? (value ?? "—") : decimal(value)}
      {ci && kind === "rate" ? <span className="ml-1 text-xs text-slate-500">{ciHalfWidth(ci.lo, ci.hi)}</span> : null}
    </td>
  );
}

export function SeekboardLeaderboard({ board, searchParams }: { board: SeekboardBoard; searchParams: RawSearchParams }) {
  const state = parseBoardState(board, searchParams);
  const db = getDb();
  const { version, versions, rows } = getSeekboardLeaderboard(db, board, state);
  const adjudicated = adjudicatedCounts(db, rows.map((row) => row.submissionId));
  const columns = BOARD_COLUMNS[board];
  const resolved = { ...state, version: state.version === null ? null : version };
  const settings = board === "infomosaic" ? boardSettings(db, board) : [];
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{BENCHMARKS[board].name} leaderboard</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{INTRO[board]}</p>
      </div>
      {versions.length > 0 || settings.length > 1 ? (
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          {versions.length > 0 ? (
            <PillLinks
              label={board === "qa" ? "Dataset" : "Benchmark version"}
              testId={board === "qa" ? "dataset-picker" : "version-picker"}
              links={versions.map((v, i) => ({
                label: `${versionLabel(board, v)}${board === "evobrowsecomp" && i === 0 ? " (newest)" : ""}`,
                href: `/b/${board}${boardQuery(board, { ...resolved, version: i === 0 && board === "evobrowsecomp" ? null : v })}`,
                active: v === version,
              }))}
            />
          ) : null}
          {settings.length > 1 ? (
            <PillLinks
              label="Setting"
              testId="setting-picker"
              links={["all", ...settings].map((s) => ({ label: s, href: `/b/${board}${boardQuery(board, { ...resolved, setting: s })}`, active: state.setting === s }))}
            />
          ) : null}
        </div>
      ) : null}
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600" data-testid="leaderboard-empty">
          No approved {BENCHMARKS[board].name} submission yet{version ? ` for ${versionLabel(board, version)}` : ""}.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm" data-testid="leaderboard" data-rows={rows.length} data-version={version ?? ""}>
            <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-2 py-2 text-right">#</th>
                <th className="px-2 py-2" aria-sort={state.sort === "model" ? (state.dir === "asc" ? "ascending" : "descending") : "none"}>
                  <a href={sortHref(board, resolved, "model")} className={`hover:text-slate-900 ${state.sort === "model" ? "text-indigo-700" : ""}`} data-testid="sort-model">
                    Model{state.sort === "model" ? (state.dir === "asc" ? " ▲" : " ▼") : ""}
                  </a>
                </th>
                {columns.map((c) => (
                  <th key={c.key} title={c.title} className="px-2 py-2 text-right" aria-sort={state.sort === c.key ? (state.dir === "asc" ? "ascending" : "descending") : "none"}>
                    <a href={sortHref(board, resolved, c.key)} className={`hover:text-slate-900 ${state.sort === c.key ? "text-indigo-700" : ""}`} data-testid={`sort-${c.key}`}>
                      {c.label}
                      {state.sort === c.key ? (state.dir === "asc" ? " ▲" : " ▼") : ""}
                    </a>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, i) => (
                <tr key={row.submissionId} className="hover:bg-slate-50" data-testid="leaderboard-row" data-model={row.model} data-setting={row.setting} data-primary={row.values[columns[0].key] ?? ""}>
                  <td className="px-2 py-2 text-right tabular-nums text-slate-500">{i + 1}</td>
                  <td className="px-2 py-2">
                    <Link href={`/s/${row.submissionId}`} className="font-medium text-indigo-700 hover:underline">
                      {row.model}
                    </Link>
                    <AdjudicatedBadge count={adjudicated.get(row.submissionId) ?? 0} />
                    <span className="ml-1 block text-xs text-slate-500">
                      {[row.agent, row.setting !== "default" ? row.setting : null].filter(Boolean).join(" · ") || "—"}
                      {row.hasTrajectories ? "" : " · no trajectories"}
                    </span>
                  </td>
                  {columns.map((c) => (
                    <Cell key={c.key} kind={c.kind} value={row.values[c.key] ?? null} ci={row.cis[c.key]} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 ? <Plots board={board} rows={rows} searchParams={searchParams} /> : null}
      <p className="text-xs text-slate-500">CIs (±, on hover) are 95% percentile-bootstrap intervals{board === "webdetective" || board === "infomosaic" ? " over samples" : " over tasks"}.</p>
    </div>
  );
}

function Plots({ board, rows, searchParams }: { board: SeekboardBoard; rows: SeekboardLeaderboardRow[]; searchParams: RawSearchParams }) {
  switch (board) {
    case "webdetective":
      return <WebDetectivePlots rows={rows} />;
    case "evobrowsecomp":
      return <EvoPlots rows={rows} />;
    case "infomosaic":
      return <InfoMosaicPlots rows={rows} searchParams={searchParams} />;
    case "qa":
      return null;
  }
}
