import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { currentViewer, isAdminSession } from "@/server/auth";
import { llmSetting } from "@/server/reeval";
import { FigureNotices } from "@/components/submission/FigureNotices";
import { JudgeUnjudgedForm } from "@/components/reeval/JudgeUnjudgedForm";
import { adjudicatedCounts, latestSubmissionJob, verdictChanges } from "@/db/queries/audit";
import { storedFigures } from "@/lib/benchmarks/board";
import { BENCHMARKS } from "@/lib/benchmarks/registry";
import { BENCHMARK_VIEWS } from "@/server/benchmarks";
import { getDb } from "@/db/client";
import { hintCounts, listSamples, sampleFacets } from "@/db/queries/samples";
import { getAggregates, getSubmission } from "@/db/queries/submissions";
import { tagCounts } from "@/db/queries/tags";
import { submissionFailureModes } from "@/db/queries/failure-modes";
import { canViewSubmission } from "@/lib/auth/visibility";
import { parseSampleFilters } from "@/lib/url/samples";
import type { RawSearchParams } from "@/lib/url/search-params";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<RawSearchParams> };

function submissionId(raw: string): number {
  if (!/^\d+$/.test(raw)) notFound();
  return Number(raw);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const submission = await getSubmission(await getDb(), submissionId((await params).id));
  return {
    title:
      submission && canViewSubmission(submission, await currentViewer())
        ? `${submission.model} · ${submission.setting}`
        : "Submission",
  };
}

/** A submission's page: the data is loaded here and shown by its benchmark's Submission view. */
export default async function SubmissionPage({ params, searchParams }: Props) {
  await connection();
  const id = submissionId((await params).id);
  const db = await getDb();
  const submission = await getSubmission(db, id);
  if (!submission || !canViewSubmission(submission, await currentViewer())) notFound();
  const filters = parseSampleFilters(await searchParams);
  const { Submission } = BENCHMARK_VIEWS[submission.benchmarkId];
  const aggregates = await getAggregates(db, id);
  const overall = aggregates.find((a) => a.split === "overall");
  const unjudged = overall
    ? storedFigures(BENCHMARKS[submission.benchmarkId].board, overall.metrics).unjudged
    : undefined;
  const changes = await verdictChanges(db, id);
  const admin = await isAdminSession();
  const notices = (
    <FigureNotices
      unjudged={unjudged}
      changed={changes.changed}
      adjudicated={(await adjudicatedCounts(db, [id])).get(id) ?? 0}
      judgeForm={
        admin && unjudged ? (
          <JudgeUnjudgedForm
            submissionId={id}
            unjudged={unjudged}
            llmUnavailable={llmSetting().why}
            latestJob={await latestSubmissionJob(db, id)}
          />
        ) : null
      }
    />
  );
  return (
    <Submission
      submission={submission}
      aggregates={aggregates}
      changes={changes}
      notices={notices}
      samples={await listSamples(db, id, filters)}
      filters={filters}
      facets={await sampleFacets(db, id)}
      failures={{
        tags: await tagCounts(db, id),
        hints: await hintCounts(db, id),
        modes: await submissionFailureModes(db, submission),
      }}
    />
  );
}
