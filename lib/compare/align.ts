/**
 * Two trajectories of one task side by side: steps grouped by tool call so call k of A
 * sits beside call k of B, and the first call where the two agents did something
 * different. Pure.
 */
import type { Step } from "../trajectory/steps";

/** What alignment needs of a step (the stored step row, or the step itself). */
export interface AlignableStep {
  kind: string;
  /** For a tool call its 1-based index; for a tool result the call it answers, when known. */
  callIndex: number | null;
}

export interface AlignedRow<T> {
  /** 0: everything before the first tool call; k: call k and what follows it up to call k + 1. */
  callIndex: number;
  a: T[];
  b: T[];
}

/**
 * Groups steps by tool call: a tool call opens its group; a tool result goes to the group
 * of the call it answers (so results of parallel calls sit beside their calls); every
 * other step joins the group open at that point. Group 0 holds what comes before the
 * first call. Groups come out in call order.
 */
export function groupByCall<T extends AlignableStep>(steps: readonly T[]): Map<number, T[]> {
  const calls = new Set(
    steps
      .filter((s) => s.kind === "tool_call" && s.callIndex !== null)
      .map((s) => s.callIndex as number),
  );
  const groups = new Map<number, T[]>();
  const push = (k: number, step: T) => {
    const group = groups.get(k);
    if (group) group.push(step);
    else groups.set(k, [step]);
  };
  let current = 0;
  for (const step of steps) {
    if (step.kind === "tool_call" && step.callIndex !== null) {
      current = step.callIndex;
      push(current, step);
    } else if (
      step.kind === "tool_result" &&
      step.callIndex !== null &&
      calls.has(step.callIndex)
    ) {
      push(step.callIndex, step);
    } else {
      push(current, step);
    }
  }
  return new Map([...groups].sort(([x], [y]) => x - y));
}

/** Rows of the side-by-side view: one per call index either side has (0 first when either has steps before a call). */
export function alignByCall<T extends AlignableStep>(
  a: readonly T[],
  b: readonly T[],
): AlignedRow<T>[] {
  const ga = groupByCall(a);
  const gb = groupByCall(b);
  const keys = [...new Set([...ga.keys(), ...gb.keys()])].sort((x, y) => x - y);
  return keys.map((k) => ({ callIndex: k, a: ga.get(k) ?? [], b: gb.get(k) ?? [] }));
}

/** A tool call as divergence sees it. */
export interface CallSignature {
  callIndex: number;
  name: string | null;
  /** Parsed arguments; compared as canonical JSON (keys sorted). */
  arguments: unknown;
}

/** JSON with object keys sorted at every level, so {"a":1,"b":2} equals {"b":2,"a":1}. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export type DivergenceReason = "name" | "arguments" | "only-a" | "only-b";

export interface Divergence {
  /** The first call index (1-based) where the two trajectories differ. */
  callIndex: number;
  reason: DivergenceReason;
}

/**
 * The first call where A and B differ: a different tool name, different arguments, or
 * one side making a call the other does not (it stopped earlier). Null when both made
 * the same calls with the same arguments, including when neither made any.
 */
export function firstDivergence(
  a: readonly CallSignature[],
  b: readonly CallSignature[],
): Divergence | null {
  const sa = [...a].sort((x, y) => x.callIndex - y.callIndex);
  const sb = [...b].sort((x, y) => x.callIndex - y.callIndex);
  const shared = Math.min(sa.length, sb.length);
  for (let i = 0; i < shared; i++) {
    if (sa[i].name !== sb[i].name) return { callIndex: i + 1, reason: "name" };
    if (canonicalJson(sa[i].arguments) !== canonicalJson(sb[i].arguments))
      return { callIndex: i + 1, reason: "arguments" };
  }
  if (sa.length > shared) return { callIndex: shared + 1, reason: "only-a" };
  if (sb.length > shared) return { callIndex: shared + 1, reason: "only-b" };
  return null;
}

/** The tool calls of a trajectory's steps as divergence compares them (the raw text where arguments could not be read). */
export function callSignatures(steps: readonly { data: Step }[]): CallSignature[] {
  return steps.flatMap(({ data }) =>
    data.kind === "tool_call"
      ? [{ callIndex: data.callIndex, name: data.name, arguments: data.arguments ?? data.raw }]
      : [],
  );
}
