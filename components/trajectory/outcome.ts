import type { HitLogRow } from "@/db/queries/trajectory";
import type { StepHead } from "@/lib/trajectory/reading";
import { callOutcome, type CallOutcome } from "@/lib/trajectory/view";

/** What a trajectory's calls need to show their hit/miss outcomes. */
export interface StepContext {
  /** False for benchmarks without a per-call hit log: calls get no hit/miss badge. */
  hitLogged: boolean;
  hitLog: Map<number, HitLogRow>;
  atomicFacts: Record<string, string>;
  firstCoveredAt: Record<string, number | null>;
}

/** What a step's call achieved by the hit log (MPW), computed on the server: the row shows it as badges. */
export function outcomeOf(head: StepHead, context: StepContext): CallOutcome {
  if (head.kind !== "tool_call" || !context.hitLogged) return { kind: "none" };
  return callOutcome(
    context.hitLog.get(head.callIndex),
    head.callIndex,
    context.atomicFacts,
    context.firstCoveredAt,
  );
}
