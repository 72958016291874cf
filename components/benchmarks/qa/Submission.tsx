import { SeekboardSubmission } from "@/components/submission/SeekboardSubmission";
import { qaStoredSampleSchema } from "@/lib/benchmarks/qa/stored";
import type { SubmissionViewProps } from "../pages";

function summary(metrics: Record<string, unknown>): string {
  const m = qaStoredSampleSchema.parse(metrics);
  return `conf. ${m.statedConfidence ?? m.judgeConfidence ?? "—"} · ${m.toolCalls ?? 0} calls`;
}

export function QaSubmission(props: SubmissionViewProps) {
  return <SeekboardSubmission {...props} board="qa" summary={summary} />;
}
