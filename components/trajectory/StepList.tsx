import type { HitLogRow } from "@/db/queries/trajectory";
import type { steps as stepsTable } from "@/db/schema";
import type { Step } from "@/lib/trajectory/steps";
import { callOutcome } from "@/lib/trajectory/view";
import { AnswerStepView, OtherStepView, ThoughtStepView, ToolCallStepView, ToolResultStepView, type StepTextSource } from "./StepViews";

type StepRow = typeof stepsTable.$inferSelect;

interface StepContext {
  /** False for benchmarks without a per-call hit log: calls get no hit/miss badge. */
  hitLogged: boolean;
  hitLog: Map<number, HitLogRow>;
  atomicFacts: Record<string, string>;
  firstCoveredAt: Record<string, number | null>;
}

/** One component per step kind; the switch is exhaustive, so a new kind cannot be dropped silently. */
function StepView({ step, context, source }: { step: Step; context: StepContext; source?: StepTextSource }) {
  switch (step.kind) {
    case "thought":
      return <ThoughtStepView step={step} source={source} />;
    case "tool_call":
      return (
        <ToolCallStepView
          step={step}
          outcome={context.hitLogged ? callOutcome(context.hitLog.get(step.callIndex), step.callIndex, context.atomicFacts, context.firstCoveredAt) : { kind: "none" }}
          source={source}
        />
      );
    case "tool_result":
      return <ToolResultStepView step={step} source={source} />;
    case "answer":
      return <AnswerStepView step={step} source={source} />;
    case "other":
      return <OtherStepView step={step} source={source} />;
    default: {
      const unknown: never = step;
      throw new Error(`unknown step kind ${JSON.stringify(unknown)}`);
    }
  }
}

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
    <ol className="space-y-2" data-testid="steps" data-count={steps.length}>
      {steps.map((row) => (
        <li key={row.id} data-step={row.ordinal} data-kind={row.kind} tabIndex={-1} className="rounded-lg" id={row.kind === "tool_call" && row.callIndex !== null ? `call-${row.callIndex}` : undefined}>
          <StepView step={row.data} context={context} source={fullTextUrl ? { url: fullTextUrl, ordinal: row.ordinal } : undefined} />
        </li>
      ))}
    </ol>
  );
}
