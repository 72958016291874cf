import type { StepUsage as StepUsageFigures } from "@/lib/trajectory/steps";
import { usageParts } from "@/lib/trajectory/usage";

const TITLE = "prompt → completion tokens · dollars · time, as the bundle records them";

/** A step's tokens, dollars and time in its header; nothing at all when the bundle records none. */
export function StepUsage({ usage }: { usage: StepUsageFigures | undefined }) {
  const parts = usage ? usageParts(usage) : [];
  if (parts.length === 0) return null;
  return (
    <span data-step-usage className="tabular-nums text-slate-500" title={`This message's ${TITLE}`}>
      {parts.join(" · ")}
    </span>
  );
}

/** The run's totals (the sample's stored figures) beside its badges; nothing when the bundle reports none. */
export function SampleUsage({ usage }: { usage: StepUsageFigures }) {
  const parts = usageParts(usage);
  if (parts.length === 0) return null;
  return (
    <span
      data-sample-usage
      className="text-sm tabular-nums text-slate-600"
      title={`The run's ${TITLE}`}
    >
      <span className="text-slate-500">run total </span>
      {parts.join(" · ")}
    </span>
  );
}
