import { SeekboardSubmission } from "@/components/submission/SeekboardSubmission";
import { evoStoredSampleSchema } from "@/lib/benchmarks/evobrowsecomp/stored";
import type { SubmissionViewProps } from "../pages";

function summary(metrics: Record<string, unknown>): string {
  const m = evoStoredSampleSchema.parse(metrics);
  return `${m.language} · ${m.setting} · ${m.toolCalls ?? "?"}/${m.toolCallLimit} calls${m.exceeded ? " (limit)" : ""} · conf. ${m.statedConfidence ?? m.judgeConfidence ?? "—"}`;
}

export function EvoBrowseCompSubmission(props: SubmissionViewProps) {
  return <SeekboardSubmission {...props} board="evobrowsecomp" summary={summary} />;
}
