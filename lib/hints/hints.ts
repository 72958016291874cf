/**
 * Automatic failure hints: flags computed from a sample's stored figures, shown beside
 * the maintainers' tags and filterable (`hint:no-search`). Each hint is a definition
 * here and a SQL condition in db/queries/samples.ts that must select exactly the samples
 * for which `sampleHints` returns it (db/tags.test.ts checks the two agree).
 */

import { assertNever } from "../assert-never";
import { BENCHMARK_IDS, BENCHMARK_INFO } from "../benchmarks/info";

export const HINT_IDS = ["low-fcr-stop", "compound", "tool-limit", "no-search"] as const;
export type HintId = (typeof HINT_IDS)[number];

export interface HintDefinition {
  id: HintId;
  label: string;
  definition: string;
}

/** Below this FCR, stopping counts as premature (MPW §4.4/§4.5: answering under insufficient evidence). */
export const LOW_FCR = 0.5;
/** Above this share of compound queries the search was mostly low-yield (MPW §2.5: compound queries never hit). */
export const HIGH_COMPOUND_RATE = 0.5;

/**
 * Settings in which the agent had no tools, so not searching is by design (each module's
 * `hints.toolFreeSettings`, e.g. MPW's setting A, evidence given in the prompt).
 */
export const NO_TOOL_SETTINGS: readonly string[] = [
  ...new Set(BENCHMARK_IDS.flatMap((id) => BENCHMARK_INFO[id].hints.toolFreeSettings)),
];

/** The per-sample `metrics` fields that mark a run without tools, where a benchmark mixes both in one submission. */
/** The per-sample `metrics` fields that say a run exceeded its benchmark's tool-call limit. */
export const TOOL_LIMIT_FIELDS: readonly string[] = [
  ...new Set(BENCHMARK_IDS.flatMap((id) => BENCHMARK_INFO[id].hints.toolLimitExceeded ?? [])),
];

export const TOOL_FREE_SAMPLE_MARKERS: readonly { field: string; value: string }[] =
  BENCHMARK_IDS.flatMap((id) => {
    const marker = BENCHMARK_INFO[id].hints.toolFreeSample;
    return marker ? [marker] : [];
  });

export const HINTS: readonly HintDefinition[] = [
  {
    id: "low-fcr-stop",
    label: "stopped with FCR < 0.5",
    definition:
      "The agent searched (≥ 1 tool call), finished on its own and answered wrongly having covered less than half of the task's atomic facts. Correct answers are left out: at a low FCR they may rest on redundant facts, and flagging them would bury the failures.",
  },
  {
    id: "compound",
    label: "compound-query rate > 50%",
    definition:
      "More than half of the sample's hit-logged queries were compound queries, which the ParaWorld engine never lets hit.",
  },
  {
    id: "tool-limit",
    label: "hit the tool-call limit",
    definition:
      "Terminated with max_turns_reached, used at least its maximum number of turns, or (EvoBrowseComp) exceeded the tool-call limit.",
  },
  {
    id: "no-search",
    label: "answered without searching",
    definition: "Gave a non-empty prediction with no tool call although tools were available.",
  },
];

export function hintDefinition(id: HintId): HintDefinition {
  const found = HINTS.find((h) => h.id === id);
  if (!found) throw new Error(`unknown hint ${id}`);
  return found;
}

export function isHintId(value: string): value is HintId {
  return (HINT_IDS as readonly string[]).includes(value);
}

/** The sample figures the hints read (columns of `samples`, plus the submission's setting). */
export interface HintInput {
  status: string;
  correct: boolean;
  fcr: number | null;
  compoundRate: number | null;
  toolCalls: number;
  actualTurns: number | null;
  maxTurns: number | null;
  prediction: string | null;
  /** Benchmark-specific per-sample figures (a tool-free marker, a tool-limit flag). */
  metrics: Record<string, unknown> | null;
  /** The submission's setting. */
  setting: string;
}

/** Whitespace SQLite's trim(x, ' ' || char(9, 10, 13)) removes too, so both sides agree. */
export function hasPrediction(prediction: string | null): boolean {
  return prediction !== null && prediction.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, "") !== "";
}

export function toolsAvailable(input: Pick<HintInput, "setting" | "metrics">): boolean {
  return (
    !NO_TOOL_SETTINGS.includes(input.setting) &&
    !TOOL_FREE_SAMPLE_MARKERS.some((marker) => input.metrics?.[marker.field] === marker.value)
  );
}

export function hasHint(id: HintId, s: HintInput): boolean {
  switch (id) {
    case "low-fcr-stop":
      return (
        s.status === "finished" &&
        !s.correct &&
        s.toolCalls >= 1 &&
        s.fcr !== null &&
        s.fcr < LOW_FCR
      );
    case "compound":
      return s.compoundRate !== null && s.compoundRate > HIGH_COMPOUND_RATE;
    case "tool-limit":
      return (
        s.status === "max_turns_reached" ||
        (s.actualTurns !== null && s.maxTurns !== null && s.actualTurns >= s.maxTurns) ||
        TOOL_LIMIT_FIELDS.some((field) => s.metrics?.[field] === true)
      );
    case "no-search":
      return s.toolCalls === 0 && hasPrediction(s.prediction) && toolsAvailable(s);
    default:
      return assertNever(id);
  }
}

/** Every hint that applies to the sample, in the order of HINT_IDS. */
export function sampleHints(s: HintInput): HintId[] {
  return HINT_IDS.filter((id) => hasHint(id, s));
}
