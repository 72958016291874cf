import { z } from "zod";
import { groundingFigures } from "../../metrics/grounding";
import { bootstrapMeans, mean, type Interval } from "../../metrics/bootstrap";
import {
  countStatuses,
  primaryOf,
  type AggregateRow,
  type StatusCounts,
  type StoredSampleRow,
} from "../stored";
import { MPW_UNJUDGED_SOURCE, type Tier } from "./metrics";
import type { Estimate, MpwAggregateReport } from "./stored";

/** The stored per-sample figures an MPW aggregate is built from. */
export interface MpwSampleRow {
  correct: boolean;
  /** "none": the record carries no judge verdict (e.g. a file written before judging). */
  verdictSource: string;
  fcr: number | null;
  hitRate: number;
  toolCalls: number;
  /** T: calls with a hit log. */
  hitLogCalls: number;
  compoundRate: number | null;
  tier: Tier | null;
  category: string | null;
  status: string;
  answerSeenAtCall: number | null;
  goldSeenAtCall: number | null;
}

/** One split's stored report, with the split's key and its samples' statuses. */
export interface MpwAggregate extends MpwAggregateReport {
  /** "overall", "tier:<tier>" or "category:<name>". */
  split: string;
  statusCounts: StatusCounts;
}

export const TIERS: readonly Tier[] = ["easy", "medium", "hard"];

export function splitKeysOf(row: Pick<MpwSampleRow, "tier" | "category">): string[] {
  const keys = ["overall"];
  if (row.tier) keys.push(`tier:${row.tier}`);
  if (row.category) keys.push(`category:${row.category}`);
  return keys;
}

function estimate(values: (number | null)[], ci: Interval | null): Estimate {
  const defined = values.filter((v): v is number => v !== null);
  return { value: mean(defined), ci, n: defined.length };
}

export function aggregateMpw(
  rows: readonly MpwSampleRow[],
  options: { seed?: number; resamples?: number } = {},
): MpwAggregate[] {
  const groups = new Map<string, MpwSampleRow[]>();
  groups.set("overall", []);
  for (const row of rows) {
    for (const key of splitKeysOf(row)) {
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
  }
  return [...groups.entries()].map(([split, group]) => {
    const pass1 = group.map((r) => (r.correct ? 1 : 0));
    const fcr = group.map((r) => r.fcr);
    const hitRate = group.map((r) => r.hitRate);
    const toolCalls = group.map((r) => r.toolCalls);
    const [pass1Ci, fcrCi, hitRateCi, toolCallsCi] = bootstrapMeans(
      [pass1, fcr, hitRate, toolCalls],
      options,
    );
    const statusCounts = countStatuses(group);
    return {
      split,
      n: group.length,
      pass1: estimate(pass1, pass1Ci),
      fcr: estimate(fcr, fcrCi),
      hitRate: estimate(hitRate, hitRateCi),
      toolCalls: estimate(toolCalls, toolCallsCi),
      compoundRate: mean(group.map((r) => r.compoundRate).filter((v): v is number => v !== null)),
      zeroCallSamples: group.filter((r) => r.hitLogCalls === 0).length,
      unjudged: group.filter((r) => r.verdictSource === MPW_UNJUDGED_SOURCE).length,
      grounding: groundingFigures(group),
      statusCounts,
    };
  });
}

const tierSchema = z.enum(["easy", "medium", "hard"]).nullable();

/** The stored rows: Pass@1 in the primary columns, the split's whole report beside it. */
export function mpwAggregateRows(samples: readonly StoredSampleRow[]): AggregateRow[] {
  const rows = samples.map((s) => ({ ...s, tier: tierSchema.parse(s.tier) }));
  return aggregateMpw(rows).map(({ split, statusCounts, ...report }) => ({
    split,
    n: report.n,
    primary: primaryOf(report.pass1.value, report.pass1.ci),
    statusCounts,
    report: report satisfies MpwAggregateReport,
  }));
}
