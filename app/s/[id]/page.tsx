import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { currentViewer } from "@/server/auth";
import { TierChart } from "@/components/charts/TierChart";
import { BreakdownTable } from "@/components/submission/BreakdownTable";
import { SampleFilterForm } from "@/components/submission/SampleFilterForm";
import { SampleTable } from "@/components/submission/SampleTable";
import { FailureSummary } from "@/components/tags/FailureSummary";
import { Badge } from "@/components/ui/Badge";
import { CountWithCi, RateWithCi } from "@/components/ui/Metric";
import { getDb } from "@/db/client";
import { listSamples, sampleFacets } from "@/db/queries/samples";
import { getAggregates, getSubmission } from "@/db/queries/submissions";
import { canViewSubmission } from "@/lib/auth/visibility";
import { parseSampleFilters } from "@/lib/url/samples";
import { WideSearchSubmission } from "./_views/WideSearchSubmission";
import { SeekboardSubmission } from "./_views/SeekboardSubmission";
import { REPORT_BOARD_IDS } from "@/lib/benchmarks/board-state";
import type { RawSearchParams } from "@/lib/url/search-params";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<RawSearchParams> };

function submissionId(raw: string): number {
  if (!/^\d+$/.test(raw)) notFound();
  return Number(raw);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const submission = getSubmission(getDb(), submissionId((await params).id));
  return { title: submission && canViewSubmission(submission, await currentViewer()) ? `${submission.model} · ${submission.setting}` : "Submission" };
}

export default async function SubmissionPage({ params, searchParams }: Props) {
  await connection();
  const id = submissionId((await params).id);
  const db = getDb();
  const submission = getSubmission(db, id);
  if (!submission || !canViewSubmission(submission, await currentViewer())) notFound();
  const filters = parseSampleFilters(await searchParams);
  if (submission.benchmarkId === "widesearch") return <WideSearchSubmission submission={submission} filters={filters} />;
  if ((REPORT_BOARD_IDS as readonly string[]).includes(submission.benchmarkId)) return <SeekboardSubmission submission={submission} filters={filters} />;
  const aggregates = getAggregates(db, id);
  const overall = aggregates.find((a) => a.split === "overall");
  if (!overall) throw new Error(`submission ${id} has no aggregates`);
  const tiers = ["easy", "medium", "hard"].map((tier) => aggregates.find((a) => a.split === `tier:${tier}`)).filter((a) => a !== undefined);
  const categories = aggregates.filter((a) => a.split.startsWith("category:"));
  const { rows, total } = listSamples(db, id, filters);
  const facets = sampleFacets(db, id);
  const searchSetting = submission.setting !== "A";
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm text-slate-500">
          <Link href={`/b/${submission.benchmarkId}?setting=${encodeURIComponent(submission.setting)}`} className="hover:underline">
            MPW-Bench · setting {submission.setting}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">{submission.model}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {submission.agent ? <Badge tone="slate">{submission.agent}</Badge> : null}
          <Badge tone="slate">version {submission.benchmarkVersion}</Badge>
          <Badge tone={submission.status === "approved" ? "green" : "amber"}>{submission.status}</Badge>
          <span>uploaded {submission.uploadedAt.slice(0, 10)}</span>
          <span className="font-mono text-xs text-slate-400" title="bundle hash">
            {submission.bundleHash.slice(0, 12)}
          </span>
          <Link href={`/compare?s=${submission.id}`} className="text-indigo-700 hover:underline" data-testid="compare-link">
            Compare with…
          </Link>
        </div>
      </div>

      <section className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="overall-metrics">
        <Stat label="Pass@1">
          <RateWithCi value={overall.pass1} lo={overall.pass1Lo} hi={overall.pass1Hi} />
        </Stat>
        <Stat label="FCR" note={searchSetting ? `${overall.fcrN} samples with facts` : "no search in setting A"}>
          {searchSetting ? <RateWithCi value={overall.fcr} lo={overall.fcrLo} hi={overall.fcrHi} /> : <span className="text-slate-400">n/a</span>}
        </Stat>
        <Stat label="HitRate" note={searchSetting ? `${overall.zeroCallSamples} samples without tool calls count as 0` : "no search in setting A"}>
          {searchSetting ? <RateWithCi value={overall.hitRate} lo={overall.hitRateLo} hi={overall.hitRateHi} /> : <span className="text-slate-400">n/a</span>}
        </Stat>
        <Stat label="ToolCalls" note={overall.compoundRate === null ? undefined : `compound queries ${(overall.compoundRate * 100).toFixed(1)}%`}>
          <CountWithCi value={overall.toolCalls} lo={overall.toolCallsLo} hi={overall.toolCallsHi} />
        </Stat>
        <Stat label="Samples" note={Object.entries(overall.statusCounts).map(([status, n]) => `${status} ${n}`).join(" · ")}>
          <span className="tabular-nums">{overall.n}</span>
        </Stat>
      </section>

      <section className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-semibold">By difficulty tier</h2>
          <BreakdownTable rows={tiers} labelOf={(split) => split.replace("tier:", "")} testId="tier-breakdown" searchSetting={searchSetting} />
        </div>
        <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-sm font-semibold">Pass@1 and FCR by tier (95% CI)</h2>
          <TierChart
            data={tiers.map((a) => ({
              tier: a.split.replace("tier:", ""),
              pass1: a.pass1,
              pass1Ci: a.pass1Lo === null || a.pass1Hi === null ? null : [a.pass1Lo, a.pass1Hi],
              fcr: searchSetting ? a.fcr : null,
              n: a.n,
            }))}
          />
        </div>
      </section>

      <details className="rounded-lg border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer text-sm font-semibold">By category ({categories.length})</summary>
        <BreakdownTable rows={categories} labelOf={(split) => split.replace("category:", "")} testId="category-breakdown" searchSetting={searchSetting} />
      </details>

      <section className="space-y-3" id="samples">
        <h2 className="text-lg font-semibold">Samples</h2>
        <FailureSummary submissionId={id} />
        <SampleFilterForm action={`/s/${id}`} filters={filters} statuses={facets.statuses} categories={facets.categories} />
        <SampleTable submissionId={id} rows={rows} total={total} filters={filters} searchSetting={searchSetting} />
      </section>
    </div>
  );
}

function Stat({ label, note, children }: { label: string; note?: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
      <div className="mt-1 text-xl font-semibold">{children}</div>
      {note ? <div className="mt-1 text-xs text-slate-500">{note}</div> : null}
    </div>
  );
}
