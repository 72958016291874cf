import { BoardActions } from "@/components/leaderboard/BoardActions";
import { BoardHeader } from "@/components/leaderboard/BoardHeader";
import { TeamNote } from "@/components/leaderboard/Team";
import { LeaderboardTable } from "./LeaderboardTable";
import { PillLinks } from "@/components/ui/PillLinks";
import {
  CostAccuracySection,
  NoVerifiedRows,
  StandingNote,
  VerifiedFilter,
} from "@/components/leaderboard/Standing";
import { boardQuery, withView, type BoardState } from "@/lib/benchmarks/board-state";
import { MPW_TIERS } from "@/lib/benchmarks/mpw/board";
import { MPW_SETTINGS } from "@/lib/benchmarks/mpw/manifest";
import type { MpwAggregateReport } from "@/lib/benchmarks/mpw/stored";
import { mpwInfo } from "@/lib/benchmarks/mpw/info";
import type { ReportLeaderboardData } from "@/server/benchmarks/board";
import type { BoardPageProps } from "../types";

const SETTING_LABELS: Record<string, string> = {
  A: "A · oracle facts",
  "B-guidance": "B · guidance",
  "B-fewshot": "B · few-shot",
  C: "C · end to end",
};

const SETTING_NOTES: Record<string, string> = {
  A: "Setting A gives the model every atomic fact and no tools: the synthesis upper bound. FCR and HitRate do not apply.",
  "B-guidance": "Setting B (guidance prompt): the system prompt teaches hittable atomic queries.",
  "B-fewshot": "Setting B (few-shot prompt): decomposition examples plus worked solution plans.",
  C: "Setting C: the question and the web_search tool only — fully end to end.",
};

const query = (state: BoardState) => boardQuery("mpw", state);

export function MpwLeaderboard({
  data: { state, rows, adjudicated },
}: BoardPageProps<ReportLeaderboardData<MpwAggregateReport>>) {
  const base = "/b/mpw";
  // Always one of MPW_SETTINGS: the parser falls back to the board's default.
  const setting = state.view.setting ?? "";
  return (
    <div className="space-y-5">
      <BoardHeader id="mpw" name={mpwInfo.name} page="leaderboard">
        {SETTING_NOTES[setting]}
      </BoardHeader>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <PillLinks
          label="Setting"
          testId="setting-picker"
          links={MPW_SETTINGS.map((s) => ({
            label: SETTING_LABELS[s],
            href: base + query(withView(state, "setting", s)),
            active: setting === s,
          }))}
        />
        <PillLinks
          label="Tier"
          testId="tier-picker"
          links={MPW_TIERS.map((tier) => ({
            label: tier,
            href: base + query(withView(state, "tier", tier)),
            active: state.view.tier === tier,
          }))}
        />
        <VerifiedFilter
          verified={state.verified}
          href={(verified) => base + query({ ...state, verified })}
        />
      </div>
      {rows.length ? <BoardActions id="mpw" query={query(state)} /> : null}
      {rows.length === 0 && state.verified ? (
        <NoVerifiedRows allHref={base + query({ ...state, verified: false })} />
      ) : (
        <LeaderboardTable rows={rows} state={state} adjudicated={adjudicated} basePath={base} />
      )}
      <p className="text-xs text-slate-500">
        Pass@1, FCR and HitRate are means over samples with 95% percentile-bootstrap intervals
        (1,000 seeded resamples). FCR leaves out samples whose task has no atomic facts; HitRate
        counts samples without tool calls as 0. Tiers come from the number of atomic facts: easy
        1–5, medium 6–10, hard ≥ 11.
      </p>
      {rows.length > 0 ? <TeamNote /> : null}
      <StandingNote
        basis={rows[0]?.standing.basis ?? null}
        rules={mpwInfo.standing}
        ciOver="tasks"
      />
      {rows.length ? (
        <CostAccuracySection
          rows={rows}
          metric="Pass@1"
          primary={({ report: { pass1 } }) => ({
            value: pass1.value,
            lo: pass1.ci?.lo ?? null,
            hi: pass1.ci?.hi ?? null,
          })}
        />
      ) : null}
    </div>
  );
}
