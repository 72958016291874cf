import type { Trajectory } from "@/db/queries/trajectory";
import { sampleApiUrl } from "@/lib/trajectory/full-text";
import { CallTimeline } from "./CallTimeline";
import { Diagnosis } from "./Diagnosis";
import { reviewOf } from "./review";
import { StepList } from "./StepList";

/** A sample's messages for benchmarks without a per-call hit log, under its call timeline and diagnosis. */
export function MessagesSection({ trajectory }: { trajectory: Trajectory }) {
  const { submission, sample, steps } = trajectory;
  const review = reviewOf(trajectory);
  return (
    <section>
      <h2 className="mb-2 text-lg font-semibold">
        Messages <span className="text-sm font-normal text-slate-500">({steps.length} steps)</span>
      </h2>
      <CallTimeline outcomes={review.outcomes} calls={review.calls} />
      <Diagnosis diagnosis={review.diagnosis} correct={sample.correct} />
      <StepList steps={steps} hitLog={[]} atomicFacts={{}} firstCoveredAt={{}} hitLogged={false} fullTextUrl={sampleApiUrl(submission.id, sample.taskKey, sample.run)} />
    </section>
  );
}
