import { BoardActions } from "@/components/leaderboard/BoardActions";
import { BoardHeader } from "@/components/leaderboard/BoardHeader";
import { LeaderboardTable } from "./LeaderboardTable";
import { PillLinks } from "@/components/ui/PillLinks";
import {
  CostAccuracySection,
  NoVerifiedRows,
  StandingNote,
  VerifiedFilter,
} from "@/components/leaderboard/Standing";
import { MPW_SETTINGS } from "@/lib/benchmarks/mpw/manifest";
import { LEADERBOARD_TIERS, leaderboardQuery } from "@/lib/url/leaderboard";
import { mpwModule } from "@/lib/benchmarks/mpw";
import type { MpwLeaderboardData } from "@/server/boards/mpw";
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

export function MpwLeaderboard({ data: { state, rows } }: BoardPageProps<MpwLeaderboardData>) {
  const base = "/b/mpw";
  return (
    <div className="space-y-5">
      <BoardHeader id="mpw" name={mpwModule.name} page="leaderboard">
        {SETTING_NOTES[state.setting]}
      </BoardHeader>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <PillLinks
          label="Setting"
          testId="setting-picker"
          links={MPW_SETTINGS.map((setting) => ({
            label: SETTING_LABELS[setting],
            href: base + leaderboardQuery({ ...state, setting }),
            active: state.setting === setting,
          }))}
        />
        <PillLinks
          label="Tier"
          testId="tier-picker"
          links={LEADERBOARD_TIERS.map((tier) => ({
            label: tier,
            href: base + leaderboardQuery({ ...state, tier }),
            active: state.tier === tier,
          }))}
        />
        <VerifiedFilter
          verified={state.verified}
          href={(verified) => base + leaderboardQuery({ ...state, verified })}
        />
      </div>
      {rows.length ? <BoardActions id="mpw" query={leaderboardQuery(state)} /> : null}
      {rows.length === 0 && state.verified ? (
        <NoVerifiedRows allHref={base + leaderboardQuery({ ...state, verified: false })} />
      ) : (
        <LeaderboardTable rows={rows} state={state} basePath={base} />
      )}
      <p className="text-xs text-slate-500">
        Pass@1, FCR and HitRate are means over samples with 95% percentile-bootstrap intervals
        (1,000 seeded resamples). FCR leaves out samples whose task has no atomic facts; HitRate
        counts samples without tool calls as 0. Tiers come from the number of atomic facts: easy
        1–5, medium 6–10, hard ≥ 11.
      </p>
      <StandingNote
        basis={rows[0]?.standing.basis ?? null}
        rules={mpwModule.standing}
        ciOver="tasks"
      />
      {rows.length ? (
        <CostAccuracySection
          rows={rows}
          metric="Pass@1"
          primary={(row) => ({ value: row.pass1, lo: row.pass1Lo, hi: row.pass1Hi })}
        />
      ) : null}
    </div>
  );
}
