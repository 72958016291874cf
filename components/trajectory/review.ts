import "server-only";
import type { Trajectory } from "@/db/queries/trajectory";
import { BENCHMARKS } from "@/lib/benchmarks/registry";
import type { CallMark, CallOutcomeKind, Diagnosis, ReviewedSample } from "@/lib/benchmarks/review";

export interface SampleReview {
  outcomes: readonly CallOutcomeKind[];
  calls: CallMark[];
  diagnosis: Diagnosis;
}

/** The sample's call timeline and diagnosis, by its benchmark's module. */
export function reviewOf(trajectory: Trajectory): SampleReview {
  const { sample, task, steps, hitLog } = trajectory;
  const input: ReviewedSample = {
    correct: sample.correct,
    status: sample.status,
    prediction: sample.prediction,
    metrics: sample.metrics,
    detail: sample.detail,
    firstCoveredAt: sample.firstCoveredAt,
    steps: steps.map((s) => s.data),
    hitLog,
    task: { atomicFacts: task.atomicFacts, extra: task.extra },
  };
  const { review } = BENCHMARKS[trajectory.submission.benchmarkId];
  return {
    outcomes: review.outcomes,
    calls: review.calls(input),
    diagnosis: review.diagnosis(input),
  };
}
