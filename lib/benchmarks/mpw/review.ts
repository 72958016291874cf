/** MPW-Bench's call timeline and diagnosis: each call against the task's atomic facts, from the PEM's hit log. */
import { callFailed, callsOf, repeatedQueries } from "../../trajectory/calls";
import {
  answerItems,
  callItems,
  ERROR,
  plural,
  REPEATED_QUERY,
  type CallMark,
  type CallOutcomeKind,
  type DiagnosisItem,
  type ReviewedSample,
  type TrajectoryReview,
} from "../review";
import { factKeySet } from "../atomic-facts";
import { factCoverage } from "../../trajectory/view";

const NEW_FACT: CallOutcomeKind = { key: "new-fact", label: "new fact", tone: "gain" };
const HIT_COVERED: CallOutcomeKind = {
  key: "hit-covered",
  label: "hit on an already-covered fact",
  tone: "partial",
};
const MISS: CallOutcomeKind = { key: "miss", label: "miss", tone: "empty" };
const COMPOUND: CallOutcomeKind = { key: "compound", label: "compound query (miss)", tone: "warn" };
const UNLOGGED: CallOutcomeKind = { key: "unlogged", label: "not in the hit log", tone: "neutral" };

/**
 * A call's outcome, first that applies: it covered a fact for the first time; it failed;
 * its query repeats an earlier one; it hit only facts already covered; the PEM judged it
 * compound; a miss. Calls the hit log lacks are "unlogged".
 */
export function mpwCallMarks(sample: ReviewedSample): CallMark[] {
  const calls = callsOf(sample.steps);
  const repeats = repeatedQueries(calls);
  const log = new Map(sample.hitLog.map((h) => [h.callIndex, h]));
  const newAt = new Set(
    Object.values(sample.firstCoveredAt).filter((k): k is number => k !== null),
  );
  return calls.map((c) => {
    const entry = log.get(c.callIndex);
    const outcome = newAt.has(c.callIndex)
      ? NEW_FACT
      : callFailed(c)
        ? ERROR
        : repeats.has(c.callIndex)
          ? REPEATED_QUERY
          : !entry
            ? UNLOGGED
            : entry.hit
              ? HIT_COVERED
              : entry.compound
                ? COMPOUND
                : MISS;
    return { call: c.callIndex, outcome: outcome.key };
  });
}

/** The statuses that mean the run was cut off by the turn (tool-call) budget. */
export const MPW_LIMIT_STATUS = "max_turns_reached";

/**
 * Where an MPW run went wrong: the last call that covered a new fact and how many calls
 * after it found nothing new, the facts never covered, failed calls, repeated queries, and
 * whether the turn budget stopped it.
 */
export function mpwDiagnosis(sample: ReviewedSample): { items: DiagnosisItem[] } {
  const items: DiagnosisItem[] = [];
  const calls = callsOf(sample.steps);
  const factKeys = [...factKeySet(Object.keys(sample.task.atomicFacts))];
  const covered = factKeys
    .map((k) => sample.firstCoveredAt[k] ?? null)
    .filter((k): k is number => k !== null);
  const newAt = new Set(covered);
  if (calls.length === 0)
    items.push({
      text: sample.steps.length === 0 ? "no trajectory recorded" : "no tool calls",
      callIndex: null,
    });
  else if (factKeys.length === 0)
    items.push({
      text: "the task lists no atomic facts: coverage cannot be told",
      callIndex: null,
    });
  else if (covered.length === 0)
    items.push({ text: `none of ${plural(calls.length, "call")} covered a fact`, callIndex: null });
  else {
    const last = Math.max(...covered);
    items.push({ text: `last new fact at call ${last}`, callIndex: last });
    const after = calls.filter((c) => c.callIndex > last);
    if (after.length)
      items.push({
        text: `${plural(after.length, "call")} after it found nothing new`,
        callIndex: after[0].callIndex,
      });
  }
  // A fact never covered was either sought and never returned (the PEM missed each query
  // naming it) or never sought at all: two different failures.
  const missing = factCoverage(sample.task.atomicFacts, sample.firstCoveredAt, calls).filter(
    (f) => f.firstCoveredAt === null,
  );
  for (const fact of missing.filter((f) => f.queriedAt.length > 0))
    items.push({
      text: `“${fact.key}” queried at ${fact.queriedAt.length === 1 ? "call" : "calls"} ${fact.queriedAt.join(", ")}, never returned`,
      callIndex: fact.queriedAt[0],
    });
  const unsought = missing.filter((f) => f.queriedAt.length === 0).map((f) => f.key);
  if (unsought.length)
    items.push({
      text: `${plural(unsought.length, "fact")} never queried: ${unsought.join(", ")}`,
      callIndex: null,
    });
  if (calls.length) items.push(...callItems(calls, callFailed, (c) => newAt.has(c.callIndex)));
  if (sample.status === MPW_LIMIT_STATUS)
    items.push({
      text: "stopped by the tool-call limit (max_turns_reached)",
      callIndex: calls.at(-1)?.callIndex ?? null,
    });
  items.push(...answerItems(sample));
  return { items };
}

export const mpwReview: TrajectoryReview = {
  outcomes: [NEW_FACT, HIT_COVERED, MISS, COMPOUND, REPEATED_QUERY, ERROR, UNLOGGED],
  calls: mpwCallMarks,
  diagnosis: mpwDiagnosis,
};
