import type { HitLogRow } from "@/db/queries/trajectory";
import type { steps as stepsTable } from "@/db/schema";
import { StepView, type StepContext } from "./StepViews";
import { StepFilter } from "./StepFilter";

type StepRow = typeof stepsTable.$inferSelect;

export function StepList({
  steps,
  hitLog,
  atomicFacts,
  firstCoveredAt,
  hitLogged = true,
  fullTextUrl,
}: {
  steps: StepRow[];
  hitLog: HitLogRow[];
  atomicFacts: Record<string, string>;
  firstCoveredAt: Record<string, number | null>;
  hitLogged?: boolean;
  /** The sample API (`sampleApiUrl`): long texts are sent as previews and expand from it. */
  fullTextUrl?: string;
}) {
  if (steps.length === 0) {
    return <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">This sample has no recorded messages.</p>;
  }
  const context: StepContext = { hitLogged, hitLog: new Map(hitLog.map((h) => [h.callIndex, h])), atomicFacts, firstCoveredAt };
  return (
    <StepFilter>
      <ol className="space-y-2" data-testid="steps" data-count={steps.length}>
        {steps.map((row) => (
          <li key={row.id} data-step={row.ordinal} data-kind={row.kind} tabIndex={-1} className="rounded-lg focus:outline-2 focus:outline-offset-2 focus:outline-indigo-500" id={row.kind === "tool_call" && row.callIndex !== null ? `call-${row.callIndex}` : undefined}>
            <StepView step={row.data} context={context} source={fullTextUrl ? { url: fullTextUrl, ordinal: row.ordinal } : undefined} />
          </li>
        ))}
      </ol>
    </StepFilter>
  );
}
