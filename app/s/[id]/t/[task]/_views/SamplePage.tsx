import { notFound } from "next/navigation";
import { BENCHMARK_VIEWS } from "@/server/benchmarks";
import { ReevalSection } from "@/components/reeval/ReevalSection";
import { SampleAnnotationsPanel } from "@/components/tags/SampleAnnotationsPanel";
import { getDb } from "@/db/client";
import { latestReevalJob, sampleHistory, taskSampleCounts } from "@/db/queries/audit";
import { sampleAnnotations } from "@/db/queries/tags";
import { sampleListPosition } from "@/db/queries/samples";
import { getSubmission } from "@/db/queries/submissions";
import { getTrajectory, hasSample, neighbourFailedSample } from "@/db/queries/trajectory";
import { BENCHMARKS } from "@/lib/benchmarks/registry";
import { canViewSubmission, type Viewer } from "@/lib/auth/visibility";
import { parseStepPage } from "@/lib/trajectory/reading";
import { safeDecode } from "@/lib/url/decode";
import { parseListContext } from "@/lib/url/samples";
import { first, type RawSearchParams } from "@/lib/url/search-params";
import { llmSetting } from "@/server/reeval";

/**
 * The page title of a sample, `Task 44 · MindWatcher 32B · MPW-Bench`, so tabs and history
 * tell samples apart; the generic "Trajectory" when the address names nothing this viewer may see.
 */
export async function sampleTitle({
  id,
  task,
  run,
  viewer,
}: {
  id: string;
  task: string;
  run: string;
  viewer: Viewer;
}): Promise<string> {
  if (!/^\d+$/.test(id) || !/^\d+$/.test(run)) return "Trajectory";
  const db = await getDb();
  const submission = await getSubmission(db, Number(id));
  const taskKey = safeDecode(task);
  if (
    !submission ||
    taskKey === null ||
    !canViewSubmission(submission, viewer) ||
    !(await hasSample(db, submission.id, taskKey, Number(run)))
  )
    return "Trajectory";
  return `Task ${taskKey} · ${submission.model} · ${BENCHMARKS[submission.benchmarkId].name}`;
}

/**
 * One sample's page, for whoever may see its submission: the data is loaded here and shown
 * by its benchmark's Sample view. `id`, `task` (as Next passes a page's segment: decoded,
 * except an encoded "/", which is why it is decoded here once more) and the query (`run`, and the list context
 * of lib/url/samples.ts) come raw from the address; `viewer`
 * decides what is visible and whether the maintainer's controls show (the public cached
 * copy passes the public viewer).
 */
export async function SamplePage({
  id,
  task,
  params,
  viewer,
}: {
  id: string;
  task: string;
  params: RawSearchParams;
  viewer: Viewer;
}) {
  const run = first(params, "run") ?? "0";
  const taskKey = safeDecode(task);
  if (!/^\d+$/.test(id) || !/^\d+$/.test(run) || taskKey === null) notFound();
  const db = await getDb();
  const submissionId = Number(id);
  const trajectory = await getTrajectory(db, submissionId, taskKey, Number(run));
  if (!trajectory || !canViewSubmission(trajectory.submission, viewer)) notFound();
  const { benchmarkId } = trajectory.submission;
  const { sample, task: taskRow } = trajectory;
  const reeval = {
    history: await sampleHistory(db, sample.id, taskRow.id),
    llmUnavailable: llmSetting().why,
    job: viewer.admin ? await latestReevalJob(db, taskRow.id) : null,
    counts: viewer.admin ? await taskSampleCounts(db, taskRow.id) : null,
  };
  const failed = {
    previous: await neighbourFailedSample(db, submissionId, sample.id, "previous"),
    next: await neighbourFailedSample(db, submissionId, sample.id, "next"),
  };
  const { Sample } = BENCHMARK_VIEWS[benchmarkId];
  const listFilters = parseListContext(params);
  const list = listFilters
    ? {
        filters: listFilters,
        position: await sampleListPosition(db, submissionId, listFilters, sample.id),
      }
    : null;
  const annotations = await sampleAnnotations(db, sample.id);
  const pageHref = (page: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params))
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
        if (key !== "steps") query.append(key, v);
    if (page > 1) query.set("steps", String(page));
    const search = query.toString();
    return `/s/${submissionId}/t/${encodeURIComponent(sample.taskKey)}${search ? `?${search}` : ""}`;
  };
  return (
    <Sample
      trajectory={trajectory}
      failed={failed}
      list={list}
      reeval={<ReevalSection trajectory={trajectory} admin={viewer.admin} data={reeval} />}
      paging={{
        page: parseStepPage(first(params, "steps"), trajectory.steps.length),
        href: pageHref,
      }}
      annotations={
        <SampleAnnotationsPanel
          submissionId={submissionId}
          annotations={annotations}
          admin={viewer.admin}
        />
      }
    />
  );
}
