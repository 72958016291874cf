import { SeekboardSubmission } from "@/components/submission/SeekboardSubmission";
import { qaDatasetOf, qaStoredSampleSchema } from "@/lib/benchmarks/qa/stored";
import type { SubmissionViewProps } from "../pages";

function summary(metrics: Record<string, unknown>): string {
  const m = qaStoredSampleSchema.parse(metrics);
  return `conf. ${m.statedConfidence ?? m.judgeConfidence ?? "—"} · ${m.toolCalls ?? 0} calls`;
}

/** A QA version key names its dataset; v1 goes without saying. */
function versionLabel(key: string): string {
  const { dataset, version } = qaDatasetOf(key);
  return version === "v1" ? dataset : `${dataset} (${version})`;
}

export function QaSubmission(props: SubmissionViewProps) {
  return <SeekboardSubmission {...props} board="qa" summary={summary} versionLabel={versionLabel} />;
}
