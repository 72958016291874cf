import { SeekboardSubmission } from "@/components/submission/SeekboardSubmission";
import { webDetectiveStoredSampleSchema } from "@/lib/benchmarks/webdetective/stored";
import type { SubmissionViewProps } from "../pages";

function summary(metrics: Record<string, unknown>): string {
  const m = webDetectiveStoredSampleSchema.parse(metrics);
  return `${m.region} · ${m.response} · hops ${m.hopsUsed}/${m.hopsGt}${m.missingEvidence.length ? ` · missing ${m.missingEvidence.join(", ")}` : ""}`;
}

export function WebDetectiveSubmission(props: SubmissionViewProps) {
  return <SeekboardSubmission {...props} board="webdetective" summary={summary} />;
}
