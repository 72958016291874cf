/** How a step's (or a run's) tokens, dollars and time read in the viewer: only what the bundle gave, never "0" for unknown. */
import { costValue } from "../format";
import type { StepUsage } from "./steps";

/** A duration: a decimal under 10 s, whole seconds to 90 s, then minutes. */
export function durationText(seconds: number): string {
  if (seconds >= 90) return `${(seconds / 60).toFixed(1)} min`;
  return `${seconds.toFixed(seconds >= 10 ? 0 : 1)} s`;
}

/**
 * The parts shown, in order: tokens ("1,204 → 87 tok", or one side named when only it is
 * known), dollars, time. Empty when nothing is known.
 */
export function usageParts(usage: StepUsage): string[] {
  const count = (n: number) => n.toLocaleString("en-US");
  const parts: string[] = [];
  const { promptTokens: prompt, completionTokens: completion } = usage;
  if (prompt !== null && completion !== null)
    parts.push(`${count(prompt)} → ${count(completion)} tok`);
  else if (prompt !== null) parts.push(`${count(prompt)} prompt tok`);
  else if (completion !== null) parts.push(`${count(completion)} completion tok`);
  if (usage.costUsd !== null) parts.push(costValue(usage.costUsd, "usd"));
  if (usage.seconds !== null) parts.push(durationText(usage.seconds));
  return parts;
}
