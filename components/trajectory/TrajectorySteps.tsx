import Link from "next/link";
import type { Trajectory } from "@/db/queries/trajectory";
import {
  findApiUrl,
  jumpTargets,
  STEP_PAGE_SIZE,
  stepPageCount,
  stepPageOf,
} from "@/lib/trajectory/reading";
import { CallTimeline } from "./CallTimeline";
import { Diagnosis } from "./Diagnosis";
import type { SampleReview } from "./review";
import { StepList } from "./StepList";
import type { StepContext } from "./outcome";
import { TrajectoryReader } from "./TrajectoryReader";
import type { CallRowMark } from "./tone";
import { callsOf, repeatedQueries } from "@/lib/trajectory/calls";

/** Which page of a long trajectory the address asks for, and the address of any other page. */
export interface StepPaging {
  page: number;
  href: (page: number) => string;
}

/** The page of each call's step (index k − 1) when the steps take several pages, else null. */
function callPagesOf(trajectory: Trajectory): number[] | null {
  return stepPageCount(trajectory.steps.length) > 1
    ? trajectory.steps.filter((s) => s.kind === "tool_call").map((s) => stepPageOf(s.ordinal))
    : null;
}

/** Where call k's step is: a fragment on this page, or the address of its page. For every link to a call (diagnosis, facts). */
export function callHrefOf(trajectory: Trajectory, paging: StepPaging): (call: number) => string {
  const callPages = callPagesOf(trajectory);
  return (call) => {
    const at = callPages?.[call - 1];
    return at !== undefined && at !== paging.page
      ? `${paging.href(at)}#call-${call}`
      : `#call-${call}`;
  };
}

/**
 * A sample's steps under its call timeline and diagnosis, with the reading controls and keys:
 * the one trajectory view every benchmark's sample page uses. Long trajectories are paged
 * (`STEP_PAGE_SIZE` steps a page, `steps=<page>`); the timeline, the diagnosis and the keys
 * reach calls on every page.
 */
export function TrajectorySteps({
  trajectory,
  review,
  context,
  paging,
  nextHref = null,
  previousHref = null,
}: {
  trajectory: Trajectory;
  review: SampleReview;
  context: StepContext;
  paging: StepPaging;
  nextHref?: string | null;
  previousHref?: string | null;
}) {
  const { submission, sample, steps } = trajectory;
  const pages = stepPageCount(steps.length);
  const page = paging.page;
  const rows = steps.slice((page - 1) * STEP_PAGE_SIZE, page * STEP_PAGE_SIZE);
  const callPages = callPagesOf(trajectory);
  const callHref = callHrefOf(trajectory, paging);
  const { misses, lastGain } = jumpTargets(review.outcomes, review.calls);
  const repeats = repeatedQueries(callsOf(steps.map((s) => s.data)));
  const kinds = new Map(review.outcomes.map((o) => [o.key, o]));
  const marks = new Map<number, CallRowMark>(
    review.calls.map((c) => {
      const kind = kinds.get(c.outcome);
      const earlier = repeats.get(c.call);
      return [
        c.call,
        {
          key: c.outcome,
          label: kind?.label ?? c.outcome,
          tone: kind?.tone ?? "neutral",
          repeats: earlier === undefined ? null : { call: earlier, href: callHref(earlier) },
          note: c.note ?? null,
        },
      ];
    }),
  );
  const pager =
    pages > 1 ? (
      <StepPager page={page} pages={pages} total={steps.length} href={paging.href} />
    ) : null;
  return (
    <>
      <CallTimeline outcomes={review.outcomes} calls={review.calls} callPages={callPages} />
      <Diagnosis diagnosis={review.diagnosis} correct={sample.correct} callHref={callHref} />
      <TrajectoryReader
        page={page}
        findUrl={findApiUrl(submission.id, sample.taskKey, sample.run)}
        calls={review.calls.length}
        callPages={callPages}
        misses={misses}
        lastGain={lastGain}
        nextHref={nextHref}
        previousHref={previousHref}
      >
        {pager}
        <StepList
          rows={rows}
          total={steps.length}
          context={context}
          marks={marks}
          sample={{ submissionId: submission.id, taskKey: sample.taskKey, run: sample.run }}
        />
        {pager}
      </TrajectoryReader>
    </>
  );
}

function StepPager({
  page,
  pages,
  total,
  href,
}: {
  page: number;
  pages: number;
  total: number;
  href: (page: number) => string;
}) {
  const first = (page - 1) * STEP_PAGE_SIZE + 1;
  const last = Math.min(total, page * STEP_PAGE_SIZE);
  return (
    <nav
      aria-label="Pages of steps"
      className="my-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
      data-testid="step-pager"
    >
      <span className="text-slate-700">
        Steps {first.toLocaleString("en")}–{last.toLocaleString("en")} of{" "}
        {total.toLocaleString("en")}
      </span>
      {page > 1 ? (
        <Link href={href(page - 1)} className="text-indigo-700 underline" rel="prev">
          ← previous page
        </Link>
      ) : null}
      <span className="flex flex-wrap gap-1">
        {Array.from({ length: pages }, (_, i) => i + 1).map((p) =>
          p === page ? (
            <span
              key={p}
              aria-current="page"
              className="inline-flex min-w-6 justify-center rounded bg-indigo-600 px-1.5 font-medium text-white"
            >
              {p}
            </span>
          ) : (
            <Link
              key={p}
              href={href(p)}
              className="inline-flex min-w-6 justify-center rounded px-1.5 text-indigo-700 underline"
              aria-label={`Page ${p} of steps`}
            >
              {p}
            </Link>
          ),
        )}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} className="text-indigo-700 underline" rel="next">
          next page →
        </Link>
      ) : null}
    </nav>
  );
}
