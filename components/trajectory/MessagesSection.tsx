import type { Trajectory } from "@/db/queries/trajectory";
import { reviewOf } from "./review";
import { TrajectorySteps, type StepPaging } from "./TrajectorySteps";

/** A sample's messages for benchmarks without a per-call hit log, under its call timeline and diagnosis. */
export function MessagesSection({
  trajectory,
  paging,
  neighbours,
}: {
  trajectory: Trajectory;
  paging: StepPaging;
  /** Where n and p go: the next and previous sample of the list the page was opened from. */ neighbours?: {
    next: string | null;
    previous: string | null;
  };
}) {
  return (
    <section>
      <h2 className="mb-2 text-lg font-semibold">
        Messages{" "}
        <span className="text-sm font-normal text-slate-500">
          ({trajectory.steps.length} steps · press ? for keys)
        </span>
      </h2>
      <TrajectorySteps
        trajectory={trajectory}
        review={reviewOf(trajectory)}
        context={{ hitLogged: false, hitLog: new Map(), atomicFacts: {}, firstCoveredAt: {} }}
        paging={paging}
        nextHref={neighbours?.next}
        previousHref={neighbours?.previous}
      />
    </section>
  );
}
